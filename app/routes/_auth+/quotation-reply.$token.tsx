import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { QUOTATION_DECISIONS } from "#modules/quotation/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { printableQuotation, QuotationSheet } from "~/components/quotation-sheet";
import { ActionFailure } from "~/server/action-client.server";
import type { RouteHandle } from "~/utils/handle";
import invoiceStyles from "~/styles/invoice.css";
import printStyles from "~/styles/print.css";
import replyStyles from "~/styles/quotation-reply.css";
import { customerPageStylesheet, StoreHeader } from "~/components/customer-page";

/**
 * The customer's page of a quotation (the signed link e-mailed to them): no sign-in, the blank layout
 * (widened for the sheet) with its language switch, the quotation with Approve and Decline while it waits
 * for their answer, then the way to the payment page of the order it became. The signed token is the only
 * key, and unlike the sign-in pages it does not send a signed-in user away: the merchant opens it from the
 * quotation's page.
 */
export const handle: RouteHandle = { i18n: ["quotation", "order", "stores"], scriptless: true };
/** The customer's page is the store's, not the back office's: its title names the store, not "- CMS". */
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: printStyles },
  { rel: "stylesheet", href: invoiceStyles },
  customerPageStylesheet,
  { rel: "stylesheet", href: replyStyles },
];

const isLinkRefusal = (error: unknown) =>
  error instanceof ActionFailure && (error.status === 400 || error.status === 404);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const title = context.t("quotation:title.reply");
  try {
    const { data } = await context.actions().get_quotation_data_by_token({ token: params.token ?? "" });
    return {
      title: `${context.t("quotation:title.print", { number: data.number })} · ${data.store.name}`,
      quotation: printableQuotation(data, context.locale),
      status: data.status,
      expired: data.expired,
      payPath: data.pay_path,
    };
  } catch (error) {
    if (!isLinkRefusal(error)) throw error;
    return json({ title, quotation: null, status: null, expired: false, payPath: null }, { status: 404 });
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const decision = (await request.formData()).get("decision");
  const chosen = QUOTATION_DECISIONS.find((value) => value === decision);
  if (!chosen) return { message: "message:invalid-payload" as const };
  try {
    const { data } = await context
      .actions()
      .update_quotation_decision_data_by_token({ token: params.token ?? "", decision: chosen });
    // An approval that made the order goes straight on to its payment page.
    return redirect(data.pay_path ?? new URL(request.url).pathname);
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return { message: `message:${error.messageKey}` as const };
  }
}

export default function QuotationReply() {
  const { t } = useTranslation(["quotation", "message"]);
  const data = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  if (data.quotation === null) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h1" variant="headingLg">
            {t("title.reply")}
          </Text>
          <p role="alert">{t("message:quotation-link-invalid")}</p>
        </BlockStack>
      </Card>
    );
  }
  const { quotation, status, expired, payPath } = data;
  return (
    <div className="customer-page quotation-reply">
      <StoreHeader store={quotation.store} />
      <Box background="bg-surface" padding="400" borderRadius="300" shadow="200">
        <BlockStack gap="300">
          {refusal && (
            <div role="alert">
              <Text as="p" tone="critical">
                {t(refusal.message as "message:quotation-link-invalid")}
              </Text>
            </div>
          )}
          {status === "pending" && !expired ? (
            <>
              <Text as="p" variant="headingMd">
                {t("reply.ask")}
              </Text>
              <div className="quotation-reply__decisions">
                <DecisionForm decision="approved" variant="primary" label={t("reply.approve")} />
                <DecisionForm decision="not_approved" variant="secondary" label={t("reply.decline")} />
              </div>
            </>
          ) : (
            <div role="status">
              <Text as="p" variant="headingMd" tone={status === "approved" ? "success" : undefined}>
                {status === "pending" ? t("message:quotation-expired") : t(`reply.answered.${status}`)}
              </Text>
            </div>
          )}
          {payPath && (
            <Button url={payPath} variant="primary" size="large" fullWidth>
              {t("reply.pay")}
            </Button>
          )}
        </BlockStack>
      </Box>
      <QuotationSheet quotation={quotation} />
    </div>
  );
}

/** A form per answer, as the language switch does: Polaris' Button submits but cannot name a value. */
function DecisionForm({
  decision,
  variant,
  label,
}: {
  decision: (typeof QUOTATION_DECISIONS)[number];
  variant: "primary" | "secondary";
  label: string;
}) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="decision" value={decision} />
      <Button submit size="large" variant={variant} fullWidth>
        {label}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
