import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { SETUP_URLS } from "../../appointment-list+/__setup";
import { AddCategoryPage } from "../../appointment-list+/__setup-pages";
import { addCategory } from "../../appointment-list+/__setup.server";

export const handle: RouteHandle = { i18n: ["appointment-setup"], parent: SETUP_URLS.medical.categories };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStore(request, context);
  requireCan(user, "medi_appointment:write");
  return { variant: "medical" as const, title: context.t("appointment-setup:title.medical.add-category") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signed = await requireStore(request, context);
  const { user } = signed;
  requireCan(user, "medi_appointment:write");
  return addCategory({ request, context }, "medical", signed);
}

export default function MediAddCategory() {
  return <AddCategoryPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
