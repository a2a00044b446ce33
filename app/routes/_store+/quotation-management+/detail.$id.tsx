import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedLineName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { StatusBadge } from "~/components/status-badge";
import { LabelValue } from "~/components/label-value";
import { requireStore } from "~/server/auth.server";
import { recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, STATUS_TONES } from "./__quotation-requests";
import { requestDetail, requestDetailAction } from "./__quotation-requests.server";

export const handle: RouteHandle = { i18n: ["quotation-request"], parent: LIST_URL };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:read");
  const detail = await requestDetail(client, store.applicationKey, recordId(params.id));
  return {
    title: context.t("quotation-request:title.detail", { id: detail.id }),
    request: {
      id: detail.id,
      status: detail.status,
      contactName: detail.contact_name,
      companyName: detail.company_name,
      email: detail.email,
      phone: detail.phone,
      message: detail.message,
      receivedAt: hongKongTime(detail.create_date),
      quotationId: detail.quotation_id,
      quotationNumber: detail.quotation_number,
      version: detail.version,
    },
    lines: detail.lines.map((line) => ({
      position: line.position,
      name: localizedLineName(line, context.locale),
      productCode: line.product_code,
      quantity: line.quantity,
      currentPrice: line.unit_price_cents === null ? null : formatHkd(line.unit_price_cents),
    })),
    canWrite: can(user, "quotation:write"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "quotation:write");
  return requestDetailAction(request, context, client, store.applicationKey, recordId(params.id));
}

/** A label and its value, one under the other. */
/** A button posting one intent over the version the page was loaded with. */
function IntentForm({ intent, version, children }: { intent: string; version: number; children: ReactNode }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {children}
    </Form>
  );
}

export default function QuotationRequestDetail() {
  const { t } = useTranslation(["quotation-request", "common"]);
  const { title, request, lines, canWrite } = useLoaderData<typeof loader>();
  const empty = t("empty");
  return (
    <Page
      title={title}
      titleMetadata={<StatusBadge tone={STATUS_TONES[request.status]}>{t(`status.${request.status}`)}</StatusBadge>}
      subtitle={request.companyName || request.contactName}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <FormSection title={t("section.lines")}>
              <BlockStack gap="300">
                {lines.map((line) => (
                  <InlineStack key={line.position} align="space-between" blockAlign="start" gap="200" wrap={false}>
                    <BlockStack gap="050">
                      <Text as="p" fontWeight="semibold" breakWord>
                        {line.name}
                      </Text>
                      <Text as="p" tone="subdued" breakWord>
                        {line.productCode ?? t("product-deleted")}
                        {line.currentPrice && ` · ${t("field.current-price")} ${line.currentPrice}`}
                      </Text>
                    </BlockStack>
                    <Text as="p" numeric>
                      <Text as="span" visuallyHidden>
                        {t("field.quantity")}
                      </Text>
                      × {line.quantity}
                    </Text>
                  </InlineStack>
                ))}
              </BlockStack>
            </FormSection>
            <FormSection title={t("section.message")}>
              <Text as="p" breakWord>
                <span className="message-body">{request.message || t("no-message")}</span>
              </Text>
            </FormSection>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <FormSection title={t("section.contact")}>
              <BlockStack gap="300">
                <LabelValue layout="stacked" label={t("field.contact-name")}>
                  {request.contactName}
                </LabelValue>
                <LabelValue layout="stacked" label={t("field.company-name")}>
                  {request.companyName || empty}
                </LabelValue>
                <LabelValue layout="stacked" label={t("field.email")}>
                  <Link url={`mailto:${request.email}`} external>
                    {request.email}
                  </Link>
                </LabelValue>
                <LabelValue layout="stacked" label={t("field.phone")}>
                  {request.phone ? <Link url={`tel:${request.phone}`}>{request.phone}</Link> : empty}
                </LabelValue>
                <LabelValue layout="stacked" label={t("field.received")}>
                  {request.receivedAt}
                </LabelValue>
              </BlockStack>
            </FormSection>
            {(request.quotationId !== null || (canWrite && request.status !== "closed")) && (
              <FormSection title={t("section.handling")}>
                <BlockStack gap="300">
                  {request.quotationId !== null && (
                    <LabelValue layout="stacked" label={t("field.quotation-number")}>
                      <Link url={`/quotation-list/detail/${request.quotationId}`}>
                        {t("quotation", { number: request.quotationNumber })}
                      </Link>
                    </LabelValue>
                  )}
                  {canWrite && request.status === "new" && (
                    <IntentForm intent="quote" version={request.version}>
                      <BlockStack gap="100">
                        <InlineStack>
                          <Button submit variant="primary">
                            {t("create-quotation")}
                          </Button>
                        </InlineStack>
                        <Text as="p" tone="subdued">
                          {t("create-quotation-help")}
                        </Text>
                      </BlockStack>
                    </IntentForm>
                  )}
                  {canWrite && request.status !== "closed" && (
                    <IntentForm intent="close" version={request.version}>
                      <BlockStack gap="100">
                        <InlineStack>
                          <Button submit>{t("close")}</Button>
                        </InlineStack>
                        <Text as="p" tone="subdued">
                          {t("close-help")}
                        </Text>
                      </BlockStack>
                    </IntentForm>
                  )}
                </BlockStack>
              </FormSection>
            )}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
