import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data as withHeaders, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { oneTimeCode } from "#modules/two-step/contract";
import { CheckboxInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { RecoveryCodes, TwoStepEnrolment } from "~/components/two-step";
import { commit, getSession, redirectWithToast, requireSignedIn } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { enrolmentView } from "~/server/two-step.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

export const handle: RouteHandle = { i18n: ["two-step"] };
export const meta = titleMeta;

const codeSchema = z.object({ code: oneTimeCode });
const requirementSchema = z.object({ required: z.boolean().default(false) });

/** Who decides a requirement on this page: the store account for its staff, provider staff for theirs. */
function requirementScope(user: { accountType: string; store: { applicationKey: string } | null }) {
  if (user.accountType === "store" && user.store) return { kind: "store" as const, key: user.store.applicationKey };
  if (user.accountType === "console") return { kind: "provider" as const, key: null };
  return null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, client } = await requireSignedIn(request, context);
  const own = { account_type: user.accountType, account_id: user.accountId };
  const scope = requirementScope(user);
  const [{ data }, requirement] = await Promise.all([
    client.get_two_step_data_by_account_type_and_account_id(own),
    scope?.kind === "store"
      ? client.get_two_step_requirement_data_by_application_key({ application_key: scope.key })
      : scope?.kind === "provider"
        ? client.get_two_step_requirement_data_by_account_type({ account_type: "console" })
        : null,
  ]).catch(asRouteError);
  // New recovery codes come once, as a flash: reading them here is the only time they show.
  const session = await getSession(request, context);
  const recoveryCodes = session.get("recoveryCodes") ?? null;
  const body = {
    title: context.t("two-step:title"),
    enabled: data.enabled,
    enabledAt: data.enabled_at && hongKongTime(data.enabled_at),
    required: data.required,
    codesLeft: data.recovery_codes_left,
    pending: data.pending && enrolmentView(data.pending, context.t("two-step:enrol.qr-label")),
    requirement: scope && requirement ? { kind: scope.kind, required: requirement.data.required } : null,
    recoveryCodes,
  };
  return withHeaders(body, recoveryCodes ? { headers: await commit(session, context) } : undefined);
}

type Intent = "start" | "confirm" | "disable" | "requirement";

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, client } = await requireSignedIn(request, context);
  const own = { account_type: user.accountType, account_id: user.accountId };
  const formData = await request.formData();
  const intent = formData.get("intent") as Intent | null;
  const reply = (result: SubmissionResult<string[]>) => ({ intent, result });
  const back = new URL(request.url).pathname;

  switch (intent) {
    case "start": {
      await client.add_two_step_data(own).catch(asRouteError);
      return redirect(back);
    }
    case "confirm": {
      let recoveryCodes: string[] = [];
      const submitted = await submitForm(formData, codeSchema, async ({ code }) => {
        ({ recovery_codes: recoveryCodes } = (
          await client.update_two_step_data_by_account_type_and_account_id({ ...own, code })
        ).data);
      });
      if (!submitted.saved) return reply(submitted.reply);
      const session = await getSession(request, context);
      session.flash("recoveryCodes", recoveryCodes);
      return redirect(back, { headers: await commit(session, context) });
    }
    case "disable": {
      const submitted = await submitForm(formData, codeSchema, ({ code }) =>
        client.delete_two_step_data_by_account_type_and_account_id({ ...own, code }),
      );
      if (!submitted.saved) return reply(submitted.reply);
      return redirectWithToast(back, { tone: "success", message: "two-step:disable.done" }, request, context);
    }
    case "requirement": {
      const scope = requirementScope(user);
      if (!scope) throw httpError(403, "forbidden");
      const submission = parseWithZod(formData, { schema: requirementSchema });
      if (submission.status !== "success") throw httpError(400, "bad-request");
      const { required } = submission.value;
      await (
        scope.kind === "store"
          ? client.update_two_step_requirement_data_by_application_key({ application_key: scope.key, required })
          : client.update_two_step_requirement_data_by_account_type({ account_type: "console", required })
      ).catch(asRouteError);
      return redirectWithToast(back, { tone: "success", message: "two-step:requirement.saved" }, request, context);
    }
    default:
      throw httpError(400, "bad-request");
  }
}

function IntentField({ intent }: { intent: Intent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export default function TwoStep() {
  const { t } = useTranslation("two-step");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultOf = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const [confirmForm, confirmFields] = useZodForm(codeSchema, resultOf("confirm"));
  const [disableForm, disableFields] = useZodForm(codeSchema, resultOf("disable"));
  const [requirementForm, requirementFields] = useZodForm(requirementSchema, undefined, {
    required: data.requirement?.required ? "on" : undefined,
  });

  return (
    <Page title={data.title}>
      <BlockStack gap="400">
        {data.recoveryCodes && (
          <FormSection title={t("recovery.title")}>
            <Banner tone="success">
              <p>{t("recovery.enabled")}</p>
            </Banner>
            <RecoveryCodes codes={data.recoveryCodes} />
          </FormSection>
        )}

        <FormSection title={t("title")}>
          <Text as="p" tone="subdued">
            {t("issuer-help")}
          </Text>
          {data.enabled ? (
            <BlockStack gap="100">
              <Text as="p" fontWeight="semibold">
                {t("status.on", { date: data.enabledAt })}
              </Text>
              <Text as="p">{t("status.codes-left", { count: data.codesLeft })}</Text>
            </BlockStack>
          ) : (
            <Text as="p" fontWeight="semibold">
              {data.pending ? t("status.pending") : t("status.off")}
            </Text>
          )}
          {data.required && <Banner tone="info">{t("status.required")}</Banner>}
          {!data.enabled && !data.pending && (
            <Form method="post" noValidate>
              <IntentField intent="start" />
              <Button submit variant="primary">
                {t("start")}
              </Button>
            </Form>
          )}
        </FormSection>

        {data.pending && (
          <FormSection title={t("enrol.title")}>
            <TwoStepEnrolment qr={data.pending.qr} setupKey={data.pending.key} />
            <SaveForm form={confirmForm} submitLabel={t("enrol.confirm")}>
              <IntentField intent="confirm" />
              <TextInput
                field={confirmFields.code}
                label={t("code")}
                helpText={t("first-code-help")}
                autoComplete="one-time-code"
              />
            </SaveForm>
            <Form method="post" noValidate>
              <IntentField intent="start" />
              <Button submit variant="plain">
                {t("start-over")}
              </Button>
            </Form>
          </FormSection>
        )}

        {data.enabled && !data.required && (
          <FormSection title={t("disable.title")}>
            <SaveForm form={disableForm} submitLabel={t("disable.submit")}>
              <IntentField intent="disable" />
              <FormLayout>
                <TextInput
                  field={disableFields.code}
                  label={t("code")}
                  helpText={t("disable.help")}
                  autoComplete="one-time-code"
                />
              </FormLayout>
            </SaveForm>
          </FormSection>
        )}

        {data.requirement && (
          <FormSection
            title={data.requirement.kind === "store" ? t("requirement.store-title") : t("requirement.provider-title")}
          >
            <SaveForm form={requirementForm}>
              <IntentField intent="requirement" />
              <CheckboxInput
                field={requirementFields.required}
                label={
                  data.requirement.kind === "store" ? t("requirement.store-label") : t("requirement.provider-label")
                }
                helpText={
                  data.requirement.kind === "store" ? t("requirement.store-help") : t("requirement.provider-help")
                }
              />
            </SaveForm>
          </FormSection>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
