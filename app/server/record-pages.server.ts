import type { ModuleId } from "#contract/modules";
import type * as z from "zod";
import { DELETE_INTENT, isConfirmingDelete } from "~/components/delete-record";
import type { AddPageData, EditPageData } from "~/components/record-pages";
import type { TranslationKey } from "~/i18n";
import { ActionFailure, type ActionClient } from "./action-client.server";
import { redirectWithToast } from "./auth.server";
import { asRouteError, httpError, recordId } from "./errors.server";
import { deleteThenRedirect, submitForm } from "./forms.server";
import { can } from "./permissions.server";
import { type RouteArgs, type StoreSignedIn, storeRoute } from "./store-route.server";
import { type UploadRule, uploadTarget } from "./uploads.server";

/*
 * The loaders and actions of a module's simple add and edit pages (AddRecordPage, EditRecordPage): each
 * route declares its module, texts and backend calls, and calls these from its own `loader` and `action`.
 * They guard with `storeRoute`: the module's `:write` to add, `:read` to see a record and `:write` to save
 * or delete it. A page that shows more (a coupon's redemptions, a supplier's products) keeps its own loader
 * and component, and its action may still be one of these.
 */

type Payload = Record<string, unknown>;
/** A record's key in the backend's payloads. */
type RecordKey = { application_key: string; id: number };
/** What the form offers to choose from (link targets, course types); an edit page reads it in one batch with the record. */
type ReadChoices<Choices> = (signed: StoreSignedIn, locale: string) => Promise<Choices>;

interface SaveTo {
  module: ModuleId;
  /** The form's file fields and what each accepts, when it has any. */
  uploads?: Record<string, UploadRule>;
}

function saved(url: string, { request, context }: RouteArgs) {
  return redirectWithToast(url, { tone: "success", message: "common:form.saved" }, request, context);
}

function uploadsOf(page: SaveTo, { context }: RouteArgs, signed: StoreSignedIn) {
  return page.uploads && { rules: page.uploads, target: uploadTarget(context, signed, page.module) };
}

export function addPageLoader<Choices extends object = object>(
  args: RouteArgs,
  page: { module: ModuleId; title: TranslationKey; choices?: ReadChoices<Choices> },
) {
  return storeRoute(`${page.module}:write`, async ({ context }, signed) => {
    const choices = await page.choices?.(signed, context.locale);
    // Object.assign keeps the choices' type, which spreading a generic that may be undefined drops.
    return Object.assign({ title: context.t(page.title) } satisfies AddPageData, choices);
  })(args);
}

export function addPageAction<Schema extends z.ZodType<Payload>, Added>(
  args: RouteArgs,
  page: SaveTo & {
    schema: Schema;
    add: (client: ActionClient, payload: z.output<Schema> & { application_key: string }) => Promise<Added>;
    /** Where the page goes once the record is added: its list, or the new record's own page. */
    addedUrl: string | ((added: Added) => string);
  },
) {
  return storeRoute(`${page.module}:write`, async ({ request }, signed) => {
    const { store, client } = signed;
    const urlOf = (added: Added) => (typeof page.addedUrl === "string" ? page.addedUrl : page.addedUrl(added));
    let addedUrl = "";
    const submitted = await submitForm(
      await request.formData(),
      page.schema,
      async (value) => {
        addedUrl = urlOf(await page.add(client, { application_key: store.applicationKey, ...value }));
      },
      { uploads: uploadsOf(page, args, signed) },
    );
    if (!submitted.saved) return submitted.reply;
    return saved(addedUrl, args);
  })(args);
}

export function editPageLoader<Entity, Values extends Payload, Choices extends object = object, Shown = object>(
  args: RouteArgs,
  page: {
    module: ModuleId;
    /** The page's title; it may name the record (`{{name}}`). */
    title: TranslationKey;
    read: (client: ActionClient, key: RecordKey) => Promise<{ data: Entity }>;
    /** The message of a record that is not there, where the spec words one; else the general one. */
    notFound?: string;
    /** The record's name, for the title and the delete confirmation. */
    name: (record: Entity, locale: string) => string;
    /** The form's starting values, the record's `version` among them. */
    values: (record: Entity) => Values;
    /** What else goes when the record goes, in the module's words. */
    consequence?: TranslationKey;
    choices?: ReadChoices<Choices>;
    /** What else of the record the page shows beside the form. */
    shows?: (record: Entity) => Shown;
  },
) {
  return storeRoute(`${page.module}:read`, async ({ request, params, context }, signed) => {
    const { user, store, client } = signed;
    const key = { application_key: store.applicationKey, id: recordId(params.id) };
    const [{ data: record }, choices] = await Promise.all([
      page.read(client, key),
      page.choices?.(signed, context.locale),
    ]).catch((error: unknown) => {
      if (page.notFound && error instanceof ActionFailure && error.status === 404) {
        throw httpError(404, page.notFound);
      }
      return asRouteError(error);
    });
    const name = page.name(record, context.locale);
    const canWrite = can(user, `${page.module}:write`);
    const data = {
      title: context.t(page.title, { name }),
      name,
      consequence: page.consequence && context.t(page.consequence),
      defaultValue: page.values(record),
      canWrite,
      confirmingDelete: canWrite && isConfirmingDelete(request),
    } satisfies EditPageData;
    return Object.assign(data, choices, page.shows?.(record));
  })(args);
}

export function editPageAction<Schema extends z.ZodType<Payload>>(
  args: RouteArgs,
  page: SaveTo & {
    schema: Schema;
    update: (client: ActionClient, payload: z.output<Schema> & RecordKey) => Promise<unknown>;
    remove: (client: ActionClient, key: RecordKey) => Promise<unknown>;
    listUrl: string;
    /** The toast on the list once the record is deleted. */
    deleted: TranslationKey;
  },
) {
  return storeRoute(`${page.module}:write`, async ({ request, params, context }, signed) => {
    const { store, client } = signed;
    const key = { application_key: store.applicationKey, id: recordId(params.id) };
    const formData = await request.formData();
    if (formData.get("intent") === DELETE_INTENT) {
      return deleteThenRedirect(request, context, () => page.remove(client, key), {
        listUrl: page.listUrl,
        deleted: page.deleted,
      });
    }
    const submitted = await submitForm(formData, page.schema, (value) => page.update(client, { ...key, ...value }), {
      uploads: uploadsOf(page, args, signed),
    });
    if (!submitted.saved) return submitted.reply;
    return saved(page.listUrl, args);
  })(args);
}
