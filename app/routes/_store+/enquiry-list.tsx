import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { EmptyState } from "@shopify/polaris/build/esm/components/EmptyState/EmptyState.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["store"] };
export const meta = titleMeta;

/** Enquiries (the only page of an enquiry-only store); the list itself arrives with the enquiry module. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "enquiry:read");
  return { title: context.t("store:title.enquiries") };
}

export default function EnquiryList() {
  const { t } = useTranslation("store");
  const { title } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <Card>
        <EmptyState heading={t("no-enquiries")} image="">
          <p>{t("no-enquiries-help")}</p>
        </EmptyState>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
