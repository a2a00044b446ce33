import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents, MAX_CENTS } from "#contract/field-rules";
import { POS_SHIFT_MOVEMENT_KINDS } from "#contract/options";
import { id, version, wholeNumber } from "#contract/parts";
import { posShiftPayloads } from "#modules/pos-shift/contract";
import type { PosShiftReport } from "#modules/pos-shift/contract";
import { SelectInput } from "~/components/choice-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { localizedName } from "#contract/localized";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { rememberedPosLocation } from "~/server/cookies.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { POS_URL, SHIFT_LIST_URL, SHIFT_URL } from "./__shift-parts";
import { CashFigures, Movements, SalesByMethod, ShiftInfo } from "./__shift-report";

const movementPayload = posShiftPayloads.add_pos_shift_movement_data.shape;
const closePayload = posShiftPayloads.update_pos_shift_data_by_application_key_and_id.shape;

/** The three forms of the page, each with its HK$ amounts typed in dollars and carried on as cents. */
const openFormSchema = z.object({ float_cents: hkdAsCents() });
const movementFormSchema = z.object({
  shift_id: id,
  kind: movementPayload.kind,
  amount_cents: hkdAsCents().pipe(wholeNumber(1, MAX_CENTS)),
  reason: movementPayload.reason,
});
const closeFormSchema = z.object({
  id,
  version,
  counted_cents: hkdAsCents(),
  note: closePayload.note,
});

export const handle: RouteHandle = { i18n: ["pos-shift", "stores"], parent: "/product/pos" };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:read");
  const key = { application_key: store.applicationKey };
  const locationId = await rememberedPosLocation(request);
  // Where the POS page works: the location this browser chose when it sells at the counter, else the first that
  // does, else the first of all.
  const {
    data: { report, location },
  } = await client.get_pos_shift_data_by_application_key({ ...key, location_id: locationId }).catch(asRouteError);
  return {
    title: context.t("pos-shift:title.current"),
    report,
    location: location ? localizedName(location, context.locale, "name") : "",
    canWrite: can(user, "pos:write"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "pos:write");
  const formData = await request.formData();
  const key = { application_key: store.applicationKey };
  const done = (url: string, message: "pos-shift:open.done" | "pos-shift:movement.done" | "pos-shift:close.done") =>
    redirectWithToast(url, { tone: "success", message }, request, context);
  const intent = formData.get("intent");
  if (intent === "movement") {
    const submitted = await submitForm(formData, movementFormSchema, (value) =>
      client.add_pos_shift_movement_data({ ...key, ...value }),
    );
    return submitted.saved ? done(SHIFT_URL, "pos-shift:movement.done") : { intent, reply: submitted.reply };
  }
  if (intent === "close") {
    const submitted = await submitForm(formData, closeFormSchema, (value) =>
      client.update_pos_shift_data_by_application_key_and_id({ ...key, ...value }),
    );
    return submitted.saved
      ? done(`${SHIFT_URL}/${submitted.value.id}`, "pos-shift:close.done")
      : { intent, reply: submitted.reply };
  }
  const locationId = await rememberedPosLocation(request);
  const submitted = await submitForm(formData, openFormSchema, (value) =>
    client.add_pos_shift_data({ ...key, ...value, location_id: locationId }),
  );
  return submitted.saved ? done(SHIFT_URL, "pos-shift:open.done") : { intent: "open" as const, reply: submitted.reply };
}

/** The action's answer for one of the forms, when it was that form's post. */
function useReplyTo(intent: "open" | "movement" | "close") {
  const result = useActionData<typeof action>();
  return result && "intent" in result && result.intent === intent ? result.reply : undefined;
}

function OpenForm() {
  const { t } = useTranslation("pos-shift");
  const [form, fields] = useZodForm(openFormSchema, useReplyTo("open"));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("open.heading")}
        </Text>
        <SaveForm form={form} submitLabel={t("open.submit")}>
          <input type="hidden" name="intent" value="open" />
          <TextInput
            field={fields.float_cents}
            label={t("field.float")}
            autoComplete="off"
            helpText={t("help.float")}
            prefix="HK$"
          />
        </SaveForm>
      </BlockStack>
    </Card>
  );
}

function MovementForm({ shiftId }: { shiftId: number }) {
  const { t } = useTranslation("pos-shift");
  const [form, fields] = useZodForm(movementFormSchema, useReplyTo("movement"), { shift_id: shiftId, kind: "pay_out" });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("movement.heading")}
        </Text>
        <SaveForm form={form} submitLabel={t("movement.submit")}>
          <input type="hidden" name="intent" value="movement" />
          <input type="hidden" name={fields.shift_id.name} value={shiftId} />
          <FormLayout>
            <FormLayout.Group>
              <SelectInput
                field={fields.kind}
                label={t("field.kind")}
                choices={POS_SHIFT_MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
              />
              <TextInput field={fields.amount_cents} label={t("field.amount")} autoComplete="off" prefix="HK$" />
            </FormLayout.Group>
            <TextInput field={fields.reason} label={t("field.reason")} autoComplete="off" helpText={t("help.reason")} />
          </FormLayout>
        </SaveForm>
      </BlockStack>
    </Card>
  );
}

function CloseForm({ shift }: { shift: PosShiftReport["shift"] }) {
  const { t } = useTranslation("pos-shift");
  const [form, fields] = useZodForm(closeFormSchema, useReplyTo("close"), { id: shift.id, version: shift.version });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("close.heading")}
        </Text>
        <SaveForm form={form} submitLabel={t("close.submit")} version={fields.version}>
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name={fields.id.name} value={shift.id} />
          <FormLayout>
            <TextInput
              field={fields.counted_cents}
              label={t("field.counted")}
              autoComplete="off"
              helpText={t("help.counted")}
              prefix="HK$"
            />
            <TextInput field={fields.note} label={t("field.note")} autoComplete="off" />
          </FormLayout>
        </SaveForm>
      </BlockStack>
    </Card>
  );
}

export default function CurrentShift() {
  const { t } = useTranslation("pos-shift");
  const { title, report, location, canWrite } = useLoaderData<typeof loader>();
  const links = [
    { content: t("link.past"), url: SHIFT_LIST_URL },
    { content: t("link.pos"), url: POS_URL },
  ];
  if (!report) {
    return (
      <Page title={title} subtitle={t("info.location", { location })}>
        <BlockStack gap="400">
          <PageLinks links={links} />
          <Banner tone="info">
            <p>{t("no-open-shift", { location })}</p>
            <p>{t("help.location")}</p>
          </Banner>
          {canWrite ? <OpenForm /> : <Text as="p">{t("read-only")}</Text>}
        </BlockStack>
      </Page>
    );
  }
  return (
    <Page title={title} subtitle={t("title.report", { id: report.shift.id })}>
      <BlockStack gap="400">
        <PageLinks links={[...links, { content: t("link.report"), url: `${SHIFT_URL}/${report.shift.id}` }]} />
        <ShiftInfo shift={report.shift} />
        <CashFigures report={report} />
        {/* Keyed by the newest movement, so after one is recorded the form starts over empty. */}
        {canWrite && <MovementForm key={report.movements.at(-1)?.id ?? 0} shiftId={report.shift.id} />}
        <Movements movements={report.movements} />
        <SalesByMethod sales={report.sales} />
        {canWrite && <CloseForm key={report.shift.version} shift={report.shift} />}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
