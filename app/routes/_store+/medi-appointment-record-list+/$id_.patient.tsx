import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { patientFields } from "#modules/appointment-record/contract";
import { hongKongTime } from "#contract/dates";
import { optional } from "#contract/field-rules";
import { PATIENT_GENDERS } from "#contract/options";
import { version } from "#contract/parts";
import { SelectInput } from "~/components/choice-inputs";
import { DELETE_INTENT, DeleteRecord, isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormSection } from "~/components/form-section";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { redirectWithToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm } from "~/server/forms.server";
import { canSeePatientDetails, requireCan } from "~/server/permissions.server";
import { useZodForm } from "~/utils/forms";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { TWINS } from "~/utils/twins";

const recordUrl = (id: string | undefined) => `${TWINS.medical.appointment.urls.records}/${id}`;

export const handle: RouteHandle = { i18n: ["appointment-record"], parent: (params) => recordUrl(params.id) };
export const meta = titleMeta;

/** The details over the version the page was loaded with (none while nothing is saved). */
const patientFormSchema = z.object({ ...patientFields, version: optional(version) });

/** Patient details are for those who may see them (never a sales role), on top of the module's permission. */
function requirePatientDetails(user: Parameters<typeof canSeePatientDetails>[0]) {
  if (!canSeePatientDetails(user)) throw httpError(403, "forbidden");
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:read");
  requirePatientDetails(user);
  const id = recordId(params.id);
  const { data } = await client
    .get_medi_appointment_patient_data_by_application_key_and_id({ application_key: store.applicationKey, id })
    .catch(asRouteError);
  const saved = data.version !== null;
  return {
    id,
    title: context.t(TWINS.medical.appointment.titles.patient, { id }),
    booking: context.t("appointment-record:patient.booking", {
      customer: data.customer_name,
      time: `${hongKongTime(data.starts_at)}–${hongKongTime(data.ends_at).slice(11)}`,
    }),
    saved,
    defaultValue: {
      date_of_birth: data.date_of_birth ?? "",
      gender: data.gender ?? "",
      hkid_last_four: data.hkid_last_four ?? "",
      allergies: data.allergies,
      medical_notes: data.medical_notes,
      version: data.version ?? "",
    },
    confirmingErase: saved && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_appointment:write");
  requirePatientDetails(user);
  const key = { application_key: store.applicationKey, id: recordId(params.id) };
  const pageUrl = new URL(request.url).pathname;
  const formData = await request.formData();
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(
      request,
      context,
      () => client.delete_medi_appointment_patient_data_by_application_key_and_id(key),
      { listUrl: pageUrl, deleted: "appointment-record:patient.erased" },
    );
  }
  const submitted = await submitForm(formData, patientFormSchema, (value) =>
    client.update_medi_appointment_patient_data_by_application_key_and_id({
      ...key,
      ...value,
      version: value.version ?? null,
    }),
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(pageUrl, { tone: "success", message: "common:form.saved" }, request, context);
}

/** Keyed by the saved version, so after a save the form starts over from what was saved. */
function PatientForm({
  defaultValue,
}: {
  defaultValue: ReturnType<typeof useLoaderData<typeof loader>>["defaultValue"];
}) {
  const { t } = useTranslation("appointment-record");
  const [form, fields] = useZodForm(patientFormSchema, useActionData<typeof action>(), defaultValue);
  return (
    <SaveForm form={form} version={fields.version}>
      <FormSection title={t("patient.section")}>
        <FormLayout>
          <FormLayout.Group>
            <TextInput field={fields.date_of_birth} label={t("patient.date_of_birth")} type="date" autoComplete="off" />
            <SelectInput
              field={fields.gender}
              label={t("patient.gender")}
              choices={[
                { value: "", label: t("gender.unknown") },
                ...PATIENT_GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) })),
              ]}
            />
          </FormLayout.Group>
          <TextInput
            field={fields.hkid_last_four}
            label={t("patient.hkid_last_four")}
            helpText={t("patient.hkid-help")}
            autoComplete="off"
          />
          <TextInput field={fields.allergies} label={t("patient.allergies")} autoComplete="off" multiline={3} />
          <TextInput field={fields.medical_notes} label={t("patient.medical_notes")} autoComplete="off" multiline={5} />
        </FormLayout>
      </FormSection>
    </SaveForm>
  );
}

export default function PatientDetails() {
  const { t } = useTranslation(["appointment-record", "common"]);
  const { id, title, booking, saved, defaultValue, confirmingErase } = useLoaderData<typeof loader>();
  const erase = (confirming: boolean) => (
    <DeleteRecord
      name={t("patient.erase-name", { id })}
      consequence={t("patient.erase-consequence")}
      confirming={confirming}
    />
  );
  return (
    <Page title={title} subtitle={booking} backAction={{ content: t("common:shell.back"), url: recordUrl(String(id)) }}>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {saved ? t("patient.private") : `${t("patient.none")} ${t("patient.private")}`}
        </Text>
        {confirmingErase && erase(true)}
        <PatientForm key={String(defaultValue.version)} defaultValue={defaultValue} />
        {saved && !confirmingErase && erase(false)}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
