import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { hongKongTime } from "#contract/dates";
import { isConfirmingDelete } from "~/components/delete-record";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStore } from "~/server/auth.server";
import { recordId } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { enquiryDetail, enquiryDetailAction } from "../enquiry-list+/__enquiries.server";
import { EnquiryDetailPage } from "../enquiry-list+/__enquiry-detail";
import { handlingFormValues } from "../enquiry-list+/__enquiry-forms";
import { LIST_URLS, TITLES } from "../enquiry-list+/__enquiry-kinds";

export const handle: RouteHandle = { i18n: ["enquiries"], parent: LIST_URLS.medical };
export const meta = titleMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_enquiry:read");
  const enquiry = await enquiryDetail(client, "medical", store.applicationKey, recordId(params.id));
  const canWrite = can(user, "medi_enquiry:write");
  return {
    kind: "medical" as const,
    title: context.t(TITLES.medical.detail, { id: enquiry.id }),
    enquiry: {
      id: enquiry.id,
      status: enquiry.status,
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone,
      subject: enquiry.subject,
      receivedAt: hongKongTime(enquiry.create_date),
      dateOfBirth: enquiry.date_of_birth,
      preferredDate: enquiry.preferred_date,
      preferredTimeSlot: enquiry.preferred_time_slot,
      practitioner: enquiry.practitioner,
      version: enquiry.version,
    },
    messages: enquiry.messages.map((message) => ({
      id: message.id,
      fromStaff: message.sender === "staff",
      author:
        message.sender === "staff"
          ? context.t("enquiries:from-staff", { email: message.author_email ?? "" })
          : enquiry.name,
      sentAt: hongKongTime(message.create_date),
      body: message.body,
    })),
    staff: enquiry.staff,
    handling: handlingFormValues(enquiry),
    canWrite,
    confirmingDelete: canWrite && isConfirmingDelete(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "medi_enquiry:write");
  return enquiryDetailAction(request, context, client, "medical", store.applicationKey, recordId(params.id));
}

export default function MediEnquiryDetail() {
  return <EnquiryDetailPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
