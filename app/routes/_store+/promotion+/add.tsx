import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRecordPage } from "~/components/record-pages";
import { addPageAction, addPageLoader } from "~/server/record-pages.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { COUPON_UPLOADS, CouponFields, couponFormSchema, LIST_URL, NEW_COUPON_VALUES } from "./__coupon-form";

export const handle: RouteHandle = { i18n: ["promotion"], parent: LIST_URL };
export const meta = titleMeta;

export const loader = (args: LoaderFunctionArgs) =>
  addPageLoader(args, { module: "promotion", title: "promotion:title.add" });

export const action = (args: ActionFunctionArgs) =>
  addPageAction(args, {
    module: "promotion",
    schema: couponFormSchema,
    add: (client, payload) => client.add_coupon_data(payload),
    uploads: COUPON_UPLOADS,
    addedUrl: ({ data }) => `/promotion/detail/${data.id}`,
  });

export default function AddCoupon() {
  return (
    <AddRecordPage schema={couponFormSchema} listUrl={LIST_URL} newValues={NEW_COUPON_VALUES} multipart>
      {(fields) => <CouponFields fields={fields} />}
    </AddRecordPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
