import type { AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import type { StoreSettingData } from "#modules/setting/contract";
import type { KeysUnder } from "~/i18n";
import { redirectWithToast, type requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { submitForm } from "~/server/forms.server";
import { can } from "~/server/permissions.server";
import { uploadTarget, type UploadRule } from "~/server/uploads.server";

// What the setting pages share once their loader or action has checked the user's permission itself.

type SignedInStore = Awaited<ReturnType<typeof requireStore>>;

/**
 * A setting page's data: its title, its form's values from the store's settings (one read), what the
 * plan allows, whether the user may save, and what else the page shows (`more`).
 */
export async function settingPageData<Values, More = null>(
  context: AppLoadContext,
  { user, store, client }: SignedInStore,
  title: KeysUnder<"setting", "title">,
  formValues: (setting: StoreSettingData) => Values,
  more: (setting: StoreSettingData) => More = () => null as More,
) {
  const { data: setting } = await client
    .get_store_setting_data_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  return {
    title: context.t(`setting:title.${title}`),
    defaultValue: formValues(setting),
    plan: setting.plan,
    canWrite: can(user, "setting:write"),
    /** What the page shows beside its form. */
    more: more(setting),
  };
}

/**
 * A setting page's save: the form through its schema to the backend, errors back beside the fields, else
 * the page again with a toast. The session's cached store (top bar, setup guide) is read afresh.
 */
export async function saveSettingPage<Schema extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  { store, client }: SignedInStore,
  page: { url: string; formSchema: Schema; uploads?: Record<string, UploadRule> },
  save: (value: z.output<Schema>) => Promise<unknown>,
) {
  const submitted = await submitForm(
    await request.formData(),
    page.formSchema,
    save,
    page.uploads && { uploads: { rules: page.uploads, target: uploadTarget(context, { client, store }, "setting") } },
  );
  if (!submitted.saved) return submitted.reply;
  return redirectWithToast(page.url, { tone: "success", message: "common:form.saved" }, request, context, {
    recheck: true,
  });
}
