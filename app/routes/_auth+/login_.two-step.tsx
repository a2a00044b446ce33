import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { oneTimeCode } from "#modules/two-step/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormCard } from "~/components/form-card";
import { TextInput } from "~/components/text-input";
import { TwoStepEnrolment } from "~/components/two-step";
import { ActionFailure } from "~/server/action-client.server";
import { getSession, redirectSignedIn, startSession } from "~/server/auth.server";
import { replyWithFailure } from "~/server/forms.server";
import { enrolmentView } from "~/server/two-step.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const schema = z.object({ code: oneTimeCode });

export const handle: RouteHandle = { i18n: ["two-step"] };
export const meta = titleMeta;

/** A challenge the backend no longer knows (spent, expired): the sign-in starts over. */
const isExpired = (error: unknown) => error instanceof ActionFailure && error.status === 401;

/**
 * The second step of a sign-in, between the password (`login`'s challenge, kept in the session cookie)
 * and the session: a code, or the first enrolment of an account that must use two-step sign-in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  const twoStep = (await getSession(request, context)).get("twoStep");
  const expired = { title: context.t("two-step:sign-in.title"), kind: "expired" as const, enrolment: null };
  if (!twoStep) return expired;
  if (twoStep.kind === "code")
    return { title: context.t("two-step:sign-in.title"), kind: "code" as const, enrolment: null };
  try {
    const { data } = await context.actions().get_two_step_enrolment_data_by_challenge({ challenge: twoStep.challenge });
    return {
      title: context.t("two-step:enrol.title"),
      kind: "enrol" as const,
      enrolment: enrolmentView(data, context.t("two-step:enrol.qr-label")),
    };
  } catch (error) {
    if (isExpired(error)) return expired;
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedIn(request, context);
  const twoStep = (await getSession(request, context)).get("twoStep");
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply();
  if (!twoStep) return submission.reply({ formErrors: ["two-step-expired"] });
  try {
    const { data } = await context
      .actions()
      .add_two_step_session_data({ challenge: twoStep.challenge, code: submission.value.code });
    const { recovery_codes: recoveryCodes, ...login } = data;
    return await startSession(context, login, recoveryCodes);
  } catch (error) {
    return replyWithFailure(submission, error);
  }
}

export default function TwoStepSignIn() {
  const { t } = useTranslation("two-step");
  const { title, kind, enrolment } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(schema, useActionData<typeof action>());
  if (kind === "expired") {
    return (
      <Card>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {title}
          </Text>
          <Text as="p">{t("sign-in.expired")}</Text>
          <Link to="/login">{t("back-to-login")}</Link>
        </BlockStack>
      </Card>
    );
  }
  const notice =
    kind === "enrol" && enrolment ? (
      <BlockStack gap="300">
        <Banner tone="info">
          <p>{t("enrol.required")}</p>
        </Banner>
        <TwoStepEnrolment qr={enrolment.qr} setupKey={enrolment.key} />
      </BlockStack>
    ) : (
      <Text as="p">{t("sign-in.help")}</Text>
    );
  return (
    <FormCard title={title} form={form} notice={notice}>
      <FormLayout>
        <TextInput
          field={fields.code}
          label={t("code")}
          helpText={kind === "enrol" ? t("first-code-help") : t("code-help")}
          autoComplete="one-time-code"
        />
        <Button submit variant="primary" fullWidth>
          {kind === "enrol" ? t("enrol.confirm") : t("verify")}
        </Button>
      </FormLayout>
      <Link to="/login">{t("back-to-login")}</Link>
    </FormCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
