import { data as withHeaders, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { commit, getSession, requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";

export const handle: RouteHandle = { i18n: ["setting"] };
export const meta = titleMeta;

/**
 * The store website's key (docs/architecture.md, "What store websites call"): whether there is one and
 * since when; a user who may write the settings makes a new one, which this page shows once (a flash).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:read");
  const { data } = await client
    .get_website_key_data_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  // A new key comes once, as a flash: reading it here is the only time it shows.
  const session = await getSession(request, context);
  const flashed = session.get("websiteKey");
  const body = {
    title: context.t("setting:title.website-key"),
    createdAt: data.created_at && hongKongTime(data.created_at),
    canWrite: can(user, "setting:write"),
    newKey: flashed?.applicationKey === store.applicationKey ? flashed.key : null,
  };
  return withHeaders(body, flashed ? { headers: await commit(session, context) } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "setting:write");
  const { data } = await client
    .update_website_key_data_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  const session = await getSession(request, context);
  session.flash("websiteKey", { applicationKey: store.applicationKey, key: data.website_key });
  return redirect(new URL(request.url).pathname, { headers: await commit(session, context) });
}

export default function WebsiteKey() {
  const { t } = useTranslation("setting");
  const { title, createdAt, canWrite, newKey } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  return (
    <Page title={title}>
      <BlockStack gap="400">
        {newKey && (
          <FormSection title={t("website-key.new-title")}>
            <Banner tone="success">
              <p>{t("website-key.created")}</p>
            </Banner>
            <ShownKey value={newKey} />
            <Text as="p">{t("website-key.how")}</Text>
          </FormSection>
        )}
        <FormSection title={title}>
          <Text as="p" tone="subdued">
            {t("website-key.intro")}
          </Text>
          <Text as="p" fontWeight="semibold">
            {createdAt ? t("website-key.status-set", { date: createdAt }) : t("website-key.status-none")}
          </Text>
          {canWrite && (
            <Form method="post" noValidate>
              <BlockStack gap="200" inlineAlign="start">
                {createdAt && <Text as="p">{t("website-key.rotate-help")}</Text>}
                <Button submit variant="primary" loading={submitting}>
                  {createdAt ? t("website-key.rotate") : t("website-key.create")}
                </Button>
              </BlockStack>
            </Form>
          )}
        </FormSection>
      </BlockStack>
    </Page>
  );
}

/** The new key in a read-only field (selected whole on focus) and, with JavaScript, a button that copies it. */
function ShownKey({ value }: { value: string }) {
  const { t } = useTranslation("setting");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard.writeText(value).then(() => setCopied(true));
  };
  return (
    <TextField
      label={t("website-key.key-label")}
      value={value}
      readOnly
      monospaced
      selectTextOnFocus
      autoComplete="off"
      connectedRight={
        hydrated && <Button onClick={copy}>{copied ? t("website-key.copied") : t("website-key.copy")}</Button>
      }
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
