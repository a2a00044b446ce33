import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { id, version } from "#contract/parts";
import {
  EDITABLE_PUSH_STATUSES,
  PUSH_STATUS_MOVES,
  type PushNotificationStatus,
  type PushStatusMove,
} from "#modules/push-notification/contract";
import { DELETE_INTENT, DeletableRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LabelValue } from "~/components/label-value";
import { SaveForm } from "~/components/save-form";
import { StatusBadge } from "~/components/status-badge";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { linkChoices } from "~/server/link-choices.server";
import { editPushFormSchema, LIST_URL, PUSH_UPLOADS, PushFields, pushFormValues } from "./__push-form";
import { STATUS_TONES } from "./__push-status";

export const handle: RouteHandle = { i18n: ["push-notification"], parent: LIST_URL };
export const meta = titleMeta;

const MOVES = Object.keys(PUSH_STATUS_MOVES) as PushStatusMove[];
/** The send-now and cancel buttons post the version and the move as plain form fields. */
const moveFormSchema = z.object({ version: z.coerce.number().pipe(version), to: z.enum(MOVES) });
const testFormSchema = z.object({ subscription_id: id });

const isEditable = (status: PushNotificationStatus) =>
  (EDITABLE_PUSH_STATUSES as readonly PushNotificationStatus[]).includes(status);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "push_notification:read");
  const key = { application_key: store.applicationKey };
  const canWrite = can(user, "push_notification:write");
  const [{ data: push }, subscriptions, links] = await Promise.all([
    client
      .get_push_notification_data_by_application_key_and_id({ ...key, id: recordId(params.id) })
      .catch((error: unknown) => {
        // Spec §8: an unknown push is "push notification not found".
        if (error instanceof ActionFailure && error.status === 404) throw httpError(404, "push-notification-not-found");
        return asRouteError(error);
      }),
    canWrite
      ? client.get_push_subscription_data_list_by_application_key(key).then(({ data }) => data, asRouteError)
      : [],
    linkChoices(client, store.applicationKey, context.locale),
  ]);
  const title = localizedName(push, context.locale, "title");
  const editable = canWrite && isEditable(push.status);
  return {
    title: context.t("push-notification:title.edit", { title }),
    name: title,
    status: push.status,
    version: push.version,
    defaultValue: pushFormValues(push),
    links,
    savedLink: push.link,
    editable,
    moves: canWrite ? MOVES.filter((to) => (PUSH_STATUS_MOVES[to] as readonly string[]).includes(push.status)) : [],
    results: ["sending", "sent", "failed"].includes(push.status)
      ? ({
          recipients: push.recipient_count,
          sent: push.sent_count,
          failed: push.failed_count,
          removed: push.removed_count,
          sentAt: push.sent_at ? hongKongTime(push.sent_at) : null,
        } satisfies PushResults)
      : null,
    sendAt: push.send_at && push.status !== "draft" ? hongKongTime(push.send_at) : null,
    subscriptions: subscriptions.map((subscription) => ({
      value: String(subscription.id),
      label: context.t("push-notification:test.choice", {
        who: subscription.member
          ? `${subscription.member.member_code} ${subscription.member.name}`
          : context.t("push-notification:test.guest"),
        service: subscription.service,
        date: hongKongTime(subscription.create_date),
      }),
    })),
    canWrite,
    canDelete: canWrite && push.status === "draft",
    confirmingDelete: canWrite && push.status === "draft" && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "push_notification:write");
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const failed = (error: unknown) => {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast(here, refusalToast(error.messageKey), request, context);
  };
  if (intent === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_push_notification_data_by_application_key_and_id(key),
      {
        listUrl: LIST_URL,
        deleted: "push-notification:deleted",
      },
    );
  }
  if (intent === "move") {
    const move = moveFormSchema.safeParse(Object.fromEntries(formData));
    if (!move.success)
      return redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
    return client
      .update_push_notification_status_data_by_application_key_and_id({
        ...key,
        version: move.data.version,
        status: move.data.to,
      })
      .then(
        () =>
          redirectWithToast(
            here,
            {
              tone: "success",
              message: move.data.to === "sending" ? "push-notification:sent-now" : "push-notification:cancelled",
            },
            request,
            context,
          ),
        failed,
      );
  }
  if (intent === "test") {
    const test = testFormSchema.safeParse(Object.fromEntries(formData));
    if (!test.success)
      return redirectWithToast(here, { tone: "error", message: "message:save-fail" }, request, context);
    return client.add_push_notification_test_data({ ...key, subscription_id: test.data.subscription_id }).then(
      ({ data }) =>
        redirectWithToast(
          here,
          {
            tone: data.status === "sent" ? "success" : "error",
            message: `push-notification:test.result.${data.status}`,
          },
          request,
          context,
        ),
      failed,
    );
  }
  const submitted = await submitForm(
    formData,
    editPushFormSchema(context.now),
    (value) => client.update_push_notification_data_by_application_key_and_id({ ...key, ...value }),
    { uploads: { rules: PUSH_UPLOADS, target: uploadTarget(context, { client, store }, "push_notification") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(here, { tone: "success", message: "common:form.saved" }, request, context);
}

const clientSchema = editPushFormSchema();

export default function PushNotificationDetail() {
  const { t } = useTranslation(["push-notification", "common"]);
  const { title, name, status, version, moves, results, sendAt, editable, canDelete, confirmingDelete } =
    useLoaderData<typeof loader>();
  return (
    <Page
      title={title}
      subtitle={sendAt ?? undefined}
      titleMetadata={<StatusBadge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</StatusBadge>}
      backAction={{ content: t("common:shell.back"), url: LIST_URL }}
    >
      <BlockStack gap="400">
        {moves.length > 0 && (
          <InlineStack gap="200">
            {moves.map((to) => (
              <Form method="post" key={to} noValidate>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="to" value={to} />
                <input type="hidden" name="version" value={version} />
                <Button
                  submit
                  variant={to === "sending" ? "primary" : undefined}
                  tone={to === "cancelled" ? "critical" : undefined}
                >
                  {to === "sending" ? t("send-now") : t("cancel-schedule")}
                </Button>
              </Form>
            ))}
          </InlineStack>
        )}
        {results && <Results results={results} />}
        <DeletableRecord
          name={name}
          consequence={t("delete-consequence")}
          confirming={confirmingDelete}
          canDelete={canDelete}
        >
          {editable ? <EditForm key={version} /> : <Summary />}
          <TestSend />
        </DeletableRecord>
      </BlockStack>
    </Page>
  );
}

interface PushResults {
  recipients: number;
  sent: number;
  failed: number;
  removed: number;
  sentAt: string | null;
}

function Results({ results }: { results: PushResults }) {
  const { t } = useTranslation("push-notification");
  const figures = [
    { label: t("results.recipients"), value: results.recipients },
    { label: t("results.sent"), value: results.sent },
    { label: t("results.failed"), value: results.failed },
    { label: t("results.removed"), value: results.removed },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.results")}
        </Text>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
          {figures.map((figure) => (
            <BlockStack gap="100" key={figure.label}>
              <Text as="p" tone="subdued">
                {figure.label}
              </Text>
              <Text as="p" variant="headingLg" numeric>
                {String(figure.value)}
              </Text>
            </BlockStack>
          ))}
        </InlineGrid>
        {results.sentAt && (
          <Text as="p" tone="subdued">
            {`${t("results.sent-at")}: ${results.sentAt}`}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

function EditForm() {
  const { defaultValue, links, savedLink } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(clientSchema, useActionData<typeof action>(), defaultValue);
  return (
    <SaveForm form={form} encType="multipart/form-data" version={fields.version}>
      <PushFields fields={fields} links={links} savedLink={savedLink} />
    </SaveForm>
  );
}

/** A push that was sent or cancelled, or one the viewer may only read: what it said and to whom, as text. */
function Summary() {
  const { t, i18n } = useTranslation(["push-notification", "common"]);
  const { defaultValue: push, savedLink, canWrite } = useLoaderData<typeof loader>();
  const linkTarget =
    savedLink &&
    (savedLink.kind === "url"
      ? savedLink.url
      : savedLink.broken
        ? t("common:link-target.broken")
        : localizedName(
            { name_zh_hk: savedLink.name_zh_hk ?? "", name_en: savedLink.name_en ?? "" },
            i18n.language,
            "name",
          ));
  return (
    <BlockStack gap="400">
      {canWrite && <Banner tone="info">{t("read-only")}</Banner>}
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("section.content")}
          </Text>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
            <LabelValue layout="stacked" label={t("field.title-zh-hk")}>
              {push.title_zh_hk}
            </LabelValue>
            <LabelValue layout="stacked" label={t("field.title-en")}>
              {push.title_en || "—"}
            </LabelValue>
            <LabelValue layout="stacked" label={t("field.body-zh-hk")}>
              {push.body_zh_hk}
            </LabelValue>
            <LabelValue layout="stacked" label={t("field.body-en")}>
              {push.body_en || "—"}
            </LabelValue>
          </InlineGrid>
          {push.image_url && <img src={push.image_url} alt={t("field.image")} className="push-summary__image" />}
          <LabelValue label={t("section.link")}>
            {savedLink
              ? `${t(`common:link-target.kind.${savedLink.kind}`)}: ${linkTarget}`
              : t("common:link-target.kind.none")}
          </LabelValue>
          <LabelValue label={t("field.audience")}>{t(`audience.${push.audience}`)}</LabelValue>
          {push.audience === "specific" && (
            <LabelValue layout="stacked" label={t("field.members")}>
              {push.members.split("\n").join(", ")}
            </LabelValue>
          )}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

function TestSend() {
  const { t } = useTranslation("push-notification");
  const { subscriptions, canWrite } = useLoaderData<typeof loader>();
  const [chosen, setChosen] = useState(subscriptions[0]?.value ?? "");
  if (!canWrite) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("section.test")}
        </Text>
        {subscriptions.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("test.none")}
          </Text>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="test" />
            <BlockStack gap="200">
              <Select
                id="test-subscription"
                name="subscription_id"
                label={t("field.subscription")}
                options={subscriptions}
                value={chosen}
                onChange={setChosen}
              />
              <InlineStack>
                <Button submit>{t("test.send")}</Button>
              </InlineStack>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
