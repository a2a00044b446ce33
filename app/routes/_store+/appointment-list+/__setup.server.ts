/*
 * The set-up pages' loaders and actions for both variants. Each route guards itself (`requireStore`, then
 * `requireCan` with its own module's permission), then calls one of these with its variant and signed-in user.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads } from "#contract/actions";
import * as z from "zod";
import { SERVICE_MOVES } from "#modules/appointment-setup/contract";
import {
  APPOINTMENT_CATEGORY_SORTS,
  APPOINTMENT_SERVICE_SORTS,
  PROVIDER_SORTS,
} from "#modules/appointment-setup/options";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "#contract/appointments";
import { localizedName } from "#contract/localized";
import { CALENDAR_FEED_RESET_INTENT } from "~/components/calendar-feed";
import { DELETE_INTENT, isConfirmingDelete } from "~/components/delete-record";
import type { ActionClient } from "~/server/action-client.server";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, type requireStore } from "~/server/auth.server";
import { asRouteError, httpError, recordId } from "~/server/errors.server";
import { deleteThenRedirect, submitForm, withListFieldNames } from "~/server/forms.server";
import { calendarFeedUrl, resetCalendarFeed } from "~/server/calendar-feed.server";
import { can } from "~/server/permissions.server";
import { uploadTarget } from "~/server/uploads.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { pageCount } from "~/utils/list-params";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { CATEGORY_UPLOADS, categoryFormSchema, editCategoryFormSchema } from "./__category-form";
import { editProviderFormSchema, providerFormSchema } from "./__provider-form";
import { editServiceFormSchema, serviceFormSchema } from "./__service-form";
import { detailUrl, PROVIDER_STATUS_FILTERS, SETUP_URLS, STATUS_FILTERS } from "./__setup";

type SignedIn = Awaited<ReturnType<typeof requireStore>>;
interface Args {
  request: Request;
  context: AppLoadContext;
  params?: { id?: string };
}

/** The variant's actions: the same payloads and results under the variant's names. */
function callsOf(client: ActionClient, variant: AppointmentVariant) {
  return variant === "general"
    ? {
        providerList: client.get_appointment_provider_data_and_total_number_by_sorting_and_limit,
        provider: client.get_appointment_provider_data_by_application_key_and_id,
        addProvider: client.add_appointment_provider_data,
        updateProvider: client.update_appointment_provider_data_by_application_key_and_id,
        deleteProvider: client.delete_appointment_provider_data_by_application_key_and_id,
        categoryList: client.get_appointment_category_data_and_total_number_by_sorting_and_limit,
        category: client.get_appointment_category_data_by_application_key_and_id,
        addCategory: client.add_appointment_category_data,
        updateCategory: client.update_appointment_category_data_by_application_key_and_id,
        deleteCategory: client.delete_appointment_category_data_by_application_key_and_id,
        serviceList: client.get_appointment_service_data_and_total_number_by_sorting_and_limit,
        service: client.get_appointment_service_data_by_application_key_and_id,
        addService: client.add_appointment_service_data,
        updateService: client.update_appointment_service_data_by_application_key_and_id,
        moveService: client.update_appointment_service_position_data_by_application_key_and_id,
        deleteService: client.delete_appointment_service_data_by_application_key_and_id,
        choices: client.get_appointment_choice_data_list_by_application_key,
        calendarFeed: client.get_appointment_provider_calendar_feed_data_by_application_key_and_id,
        resetCalendarFeed: client.update_appointment_provider_calendar_feed_data_by_application_key_and_id,
      }
    : {
        providerList: client.get_medi_appointment_provider_data_and_total_number_by_sorting_and_limit,
        provider: client.get_medi_appointment_provider_data_by_application_key_and_id,
        addProvider: client.add_medi_appointment_provider_data,
        updateProvider: client.update_medi_appointment_provider_data_by_application_key_and_id,
        deleteProvider: client.delete_medi_appointment_provider_data_by_application_key_and_id,
        categoryList: client.get_medi_appointment_category_data_and_total_number_by_sorting_and_limit,
        category: client.get_medi_appointment_category_data_by_application_key_and_id,
        addCategory: client.add_medi_appointment_category_data,
        updateCategory: client.update_medi_appointment_category_data_by_application_key_and_id,
        deleteCategory: client.delete_medi_appointment_category_data_by_application_key_and_id,
        serviceList: client.get_medi_appointment_service_data_and_total_number_by_sorting_and_limit,
        service: client.get_medi_appointment_service_data_by_application_key_and_id,
        addService: client.add_medi_appointment_service_data,
        updateService: client.update_medi_appointment_service_data_by_application_key_and_id,
        moveService: client.update_medi_appointment_service_position_data_by_application_key_and_id,
        deleteService: client.delete_medi_appointment_service_data_by_application_key_and_id,
        choices: client.get_medi_appointment_choice_data_list_by_application_key,
        calendarFeed: client.get_medi_appointment_provider_calendar_feed_data_by_application_key_and_id,
        resetCalendarFeed: client.update_medi_appointment_provider_calendar_feed_data_by_application_key_and_id,
      };
}

const title = (context: AppLoadContext, variant: AppointmentVariant, page: string) =>
  context.t(`appointment-setup:title.${variant}.${page}` as never);

const canWrite = (user: SignedIn["user"], variant: AppointmentVariant) =>
  can(user, `${APPOINTMENT_MODULES[variant]}:write`);

const saved = (url: string, { request, context }: Args) =>
  redirectWithToast(url, { tone: "success", message: "common:form.saved" }, request, context);

// ---------------------------------------------------------------------------------------------
// Providers

export async function providerListData({ request, context }: Args, variant: AppointmentVariant, signed: SignedIn) {
  const query = readListQuery(new URL(request.url), {
    sorts: PROVIDER_SORTS,
    filters: { status: PROVIDER_STATUS_FILTERS },
  });
  const { data, extra } = await callsOf(signed.client, variant)
    .providerList({
      application_key: signed.store.applicationKey,
      ...listPayload(query),
      status: query.status === "all" ? undefined : query.status,
    })
    .catch(asRouteError);
  return {
    variant,
    title: title(context, variant, "providers"),
    providers: data.map((provider) => ({
      id: provider.id,
      name: localizedName(provider, context.locale, "name"),
      staffName: provider.staff_name,
      active: provider.active,
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: canWrite(signed.user, variant),
  };
}

export async function providerAddData({ context }: Args, variant: AppointmentVariant, signed: SignedIn) {
  const { data } = await callsOf(signed.client, variant)
    .choices({ application_key: signed.store.applicationKey })
    .catch(asRouteError);
  return { variant, title: title(context, variant, "add-provider"), staff: data.staff };
}

export async function addProvider(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const submitted = await submitForm(await args.request.formData(), providerFormSchema, (value) =>
    callsOf(signed.client, variant).addProvider({ application_key: signed.store.applicationKey, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return saved(SETUP_URLS[variant].providers, args);
}

export async function providerDetailData(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const calls = callsOf(signed.client, variant);
  const key = { application_key: signed.store.applicationKey };
  const id = recordId(args.params?.id);
  const writable = canWrite(signed.user, variant);
  // The feed's link opens the provider's bookings: only those who may write the module see it.
  const [{ data: provider }, { data: choices }, feed] = await Promise.all([
    calls.provider({ ...key, id }),
    calls.choices(key),
    writable ? calls.calendarFeed({ ...key, id }) : null,
  ]).catch(asRouteError);
  return {
    variant,
    title: title(args.context, variant, "edit-provider"),
    name: localizedName(provider, args.context.locale, "name"),
    provider,
    staff: choices.staff,
    calendarFeed: feed && { url: calendarFeedUrl(args.request, feed.data) },
    canWrite: writable,
    confirmingDelete: writable && isConfirmingDelete(args.request),
  };
}

export async function editProvider(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const calls = callsOf(signed.client, variant);
  const key = { application_key: signed.store.applicationKey, id: recordId(args.params?.id) };
  const formData = await args.request.formData();
  const listUrl = SETUP_URLS[variant].providers;
  if (formData.get("intent") === CALENDAR_FEED_RESET_INTENT) {
    return resetCalendarFeed(args.request, args.context, () => calls.resetCalendarFeed(key));
  }
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(args.request, args.context, () => calls.deleteProvider(key), {
      listUrl,
      deleted: "appointment-setup:deleted-provider",
    });
  }
  const submitted = await submitForm(formData, editProviderFormSchema, (value) =>
    calls.updateProvider({ ...key, ...value }),
  );
  if (!submitted.saved) return submitted.reply;
  return saved(listUrl, args);
}

// ---------------------------------------------------------------------------------------------
// Categories

export async function categoryListData({ request, context }: Args, variant: AppointmentVariant, signed: SignedIn) {
  const query = readListQuery(new URL(request.url), {
    sorts: APPOINTMENT_CATEGORY_SORTS,
    filters: { status: STATUS_FILTERS },
  });
  const { data, extra } = await callsOf(signed.client, variant)
    .categoryList({
      application_key: signed.store.applicationKey,
      ...listPayload(query),
      status: query.status === "all" ? undefined : query.status,
    })
    .catch(asRouteError);
  return {
    variant,
    title: title(context, variant, "categories"),
    categories: data.map((category) => ({
      id: category.id,
      name: localizedName(category, context.locale, "name"),
      imageUrl: category.image_url,
      status: category.status,
    })),
    query,
    filtered: Boolean(query.q) || query.status !== "all",
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: canWrite(signed.user, variant),
  };
}

const categoryUploads = (args: Args, variant: AppointmentVariant, signed: SignedIn) => ({
  rules: CATEGORY_UPLOADS,
  target: uploadTarget(args.context, signed, APPOINTMENT_MODULES[variant]),
});

export async function categoryAddData({ context }: Args, variant: AppointmentVariant, _signed: SignedIn) {
  return { variant, title: title(context, variant, "add-category") };
}

export async function addCategory(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const submitted = await submitForm(
    await args.request.formData(),
    categoryFormSchema,
    (value) => callsOf(signed.client, variant).addCategory({ application_key: signed.store.applicationKey, ...value }),
    { uploads: categoryUploads(args, variant, signed) },
  );
  if (!submitted.saved) return submitted.reply;
  return saved(SETUP_URLS[variant].categories, args);
}

export async function categoryDetailData(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const { data: category } = await callsOf(signed.client, variant)
    .category({ application_key: signed.store.applicationKey, id: recordId(args.params?.id) })
    .catch(asRouteError);
  const writable = canWrite(signed.user, variant);
  return {
    variant,
    title: title(args.context, variant, "edit-category"),
    name: localizedName(category, args.context.locale, "name"),
    category,
    canWrite: writable,
    confirmingDelete: writable && isConfirmingDelete(args.request),
  };
}

export async function editCategory(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const calls = callsOf(signed.client, variant);
  const key = { application_key: signed.store.applicationKey, id: recordId(args.params?.id) };
  const formData = await args.request.formData();
  const listUrl = SETUP_URLS[variant].categories;
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(args.request, args.context, () => calls.deleteCategory(key), {
      listUrl,
      deleted: "appointment-setup:deleted-category",
    });
  }
  const submitted = await submitForm(
    formData,
    editCategoryFormSchema,
    (value) => calls.updateCategory({ ...key, ...value }),
    { uploads: categoryUploads(args, variant, signed) },
  );
  if (!submitted.saved) return submitted.reply;
  return saved(listUrl, args);
}

// ---------------------------------------------------------------------------------------------
// Services

const idParam = (url: URL, name: string) => {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

export async function serviceListData({ request, context }: Args, variant: AppointmentVariant, signed: SignedIn) {
  const url = new URL(request.url);
  const query = readListQuery(url, { sorts: APPOINTMENT_SERVICE_SORTS, filters: { status: STATUS_FILTERS } });
  // The store site's order reads first to last unless the URL asks for another order.
  const direction = url.searchParams.has("sort") ? query.direction : ("ASC" as const);
  const categoryId = idParam(url, "category_id");
  const providerId = idParam(url, "provider_id");
  const calls = callsOf(signed.client, variant);
  const key = { application_key: signed.store.applicationKey };
  const [{ data, extra }, { data: choices }] = await Promise.all([
    calls.serviceList(
      withoutRefusedFilters(payloads.get_appointment_service_data_and_total_number_by_sorting_and_limit, {
        ...key,
        ...listPayload(query),
        direction,
        status: query.status === "all" ? undefined : query.status,
        category_id: categoryId,
        provider_id: providerId,
      }),
    ),
    calls.choices(key),
  ]).catch(asRouteError);
  const name = (record: { name_zh_hk: string; name_en: string }) => localizedName(record, context.locale, "name");
  return {
    variant,
    title: title(context, variant, "services"),
    services: data.map((service) => ({
      id: service.id,
      name: name(service),
      category: name({ name_zh_hk: service.category_name_zh_hk, name_en: service.category_name_en }),
      provider: name({ name_zh_hk: service.provider_name_zh_hk, name_en: service.provider_name_en }),
      durationMinutes: service.duration_minutes,
      priceCents: service.price_cents,
      status: service.status,
    })),
    categories: choices.categories.map((category) => ({ value: String(category.id), label: name(category) })),
    providers: choices.providers.map((provider) => ({ value: String(provider.id), label: name(provider) })),
    query: {
      ...query,
      direction,
      category_id: categoryId ? String(categoryId) : "",
      provider_id: providerId ? String(providerId) : "",
    },
    filtered: Boolean(query.q) || query.status !== "all" || categoryId !== undefined || providerId !== undefined,
    pageCount: pageCount(extra.total_number, query.pageSize),
    canWrite: canWrite(signed.user, variant),
  };
}

export async function serviceAddData({ context }: Args, variant: AppointmentVariant, signed: SignedIn) {
  const { data } = await callsOf(signed.client, variant)
    .choices({ application_key: signed.store.applicationKey })
    .catch(asRouteError);
  return { variant, title: title(context, variant, "add-service"), choices: data };
}

export async function addService(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const submitted = await submitForm(await args.request.formData(), serviceFormSchema, (value) =>
    withListFieldNames(
      callsOf(signed.client, variant).addService({ application_key: signed.store.applicationKey, ...value }),
    ),
  );
  if (!submitted.saved) return submitted.reply;
  return saved(SETUP_URLS[variant].services, args);
}

export async function serviceDetailData(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const calls = callsOf(signed.client, variant);
  const key = { application_key: signed.store.applicationKey };
  const [{ data: service }, { data: choices }] = await Promise.all([
    calls.service({ ...key, id: recordId(args.params?.id) }),
    calls.choices(key),
  ]).catch(asRouteError);
  const writable = canWrite(signed.user, variant);
  return {
    variant,
    title: title(args.context, variant, "edit-service"),
    name: localizedName(service, args.context.locale, "name"),
    service,
    choices,
    canWrite: writable,
    confirmingDelete: writable && isConfirmingDelete(args.request),
  };
}

export async function editService(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const calls = callsOf(signed.client, variant);
  const key = { application_key: signed.store.applicationKey, id: recordId(args.params?.id) };
  const formData = await args.request.formData();
  const listUrl = SETUP_URLS[variant].services;
  if (formData.get("intent") === DELETE_INTENT) {
    return deleteThenRedirect(args.request, args.context, () => calls.deleteService(key), {
      listUrl,
      deleted: "appointment-setup:deleted-service",
    });
  }
  const submitted = await submitForm(formData, editServiceFormSchema, (value) =>
    withListFieldNames(calls.updateService({ ...key, ...value })),
  );
  if (!submitted.saved) return submitted.reply;
  return saved(detailUrl(listUrl, key.id), args);
}

// ---------------------------------------------------------------------------------------------
// The store site's order

export async function sortingData({ context }: Args, variant: AppointmentVariant, signed: SignedIn) {
  const { data } = await callsOf(signed.client, variant)
    .choices({ application_key: signed.store.applicationKey })
    .catch(asRouteError);
  return {
    variant,
    title: title(context, variant, "sorting"),
    services: data.services.map((service) => ({
      id: service.id,
      name: localizedName(service, context.locale, "name"),
      status: service.status,
    })),
    canWrite: canWrite(signed.user, variant),
  };
}

const moveForm = z.object({ id: z.coerce.number().int().positive(), move: z.enum(SERVICE_MOVES) });

/** A move posted by a row's button: a plain post with JS off, a fetcher with it; both come back to the page. */
export async function moveService(args: Args, variant: AppointmentVariant, signed: SignedIn) {
  const posted = moveForm.safeParse(Object.fromEntries(await args.request.formData()));
  if (!posted.success) throw httpError(400, "bad-request");
  const url = SETUP_URLS[variant].sorting;
  try {
    await callsOf(signed.client, variant).moveService({ application_key: signed.store.applicationKey, ...posted.data });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast(url, refusalToast(error.messageKey), args.request, args.context);
  }
  return redirectWithToast(url, { tone: "success", message: "common:form.saved" }, args.request, args.context);
}
