import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError, recordId } from "~/server/errors.server";
import { requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { SHIFT_LIST_URL, SHIFT_URL } from "./__shift-parts";
import { CashFigures, Movements, SalesByMethod, ShiftInfo } from "./__shift-report";
import { useHydrated } from "~/utils/use-hydrated";
import sheetStyles from "~/styles/sheets.css";

export const handle: RouteHandle = { i18n: ["pos-shift", "stores"], parent: SHIFT_LIST_URL };
export const meta = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: sheetStyles }];

/** One shift's report, printable: the print stylesheet (app.css) hides the shell and the links. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:read");
  const id = recordId(params.id);
  const { data } = await client
    .get_pos_shift_data_by_application_key_and_id({ application_key: store.applicationKey, id })
    .catch(asRouteError);
  return { title: context.t("pos-shift:title.report", { id }), report: data };
}

/** Printing needs the browser's own dialog: the button appears once scripts run; without them, the menu prints. */
function PrintButton() {
  const { t } = useTranslation("pos-shift");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="receipt__button" onClick={() => window.print()}>
      {t("print")}
    </button>
  );
}

export default function ShiftReport() {
  const { t } = useTranslation("pos-shift");
  const { title, report } = useLoaderData<typeof loader>();
  const { shift } = report;
  return (
    <Page
      title={title}
      titleMetadata={
        <StatusBadge tone={shift.state === "open" ? "attention" : undefined}>{t(`state.${shift.state}`)}</StatusBadge>
      }
    >
      <BlockStack gap="400">
        <nav className="receipt__actions">
          {shift.state === "open" && <Link to={SHIFT_URL}>{t("link.current")}</Link>}
          <Link to={SHIFT_LIST_URL}>{t("link.past")}</Link>
          <PrintButton />
        </nav>
        <ShiftInfo shift={shift} />
        <CashFigures report={report} />
        <SalesByMethod sales={report.sales} />
        <Movements movements={report.movements} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
