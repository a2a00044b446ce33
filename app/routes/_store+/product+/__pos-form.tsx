import type { getFormProps, SubmissionResult } from "@conform-to/react";
import type { TextFieldProps } from "@shopify/polaris";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { useTranslation } from "react-i18next";
import { useTypedValue } from "~/utils/hydration";
import { translateMessage } from "~/utils/messages";
import { forwardRef, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { PosAction, PosLoader } from "./pos";
import type { PosIntent } from "./__pos-schemas";

/**
 * A POS form's post: with JS off a plain form post (the action redirects back to the page, or answers
 * the form with its errors); with JS on a fetcher, so the page never reloads and its data revalidates.
 * `target` tells apart forms of one intent (each cart line's), so an answer goes to the form that posted.
 */
export function usePosForm(intent: PosIntent, target?: string) {
  const { version } = useLoaderData<PosLoader>();
  const fetcher = useFetcher<PosAction>({ key: target ? `pos-${intent}-${target}` : `pos-${intent}` });
  const actionData = useActionData<PosAction>();
  const answer = fetcher.data ?? actionData;
  const posted = answer?.reply.initialValue as Record<string, unknown> | null | undefined;
  // An answer about a cart the page no longer shows is stale, unless it says exactly that.
  const current =
    String(posted?.version) === String(version) || answer?.reply.error?.[""]?.includes("edited-elsewhere");
  const reply: SubmissionResult<string[]> | undefined =
    answer?.intent === intent && String(posted?.target ?? "") === (target ?? "") && current ? answer.reply : undefined;
  return { fetcher, reply, busy: fetcher.state !== "idle" };
}

/**
 * A form that posts itself a moment after the seller stops typing in it (with JS), with `fields` added to
 * what it posts. A button pressed meanwhile submits the form, which cancels the post waiting: it would replace
 * the button's post in flight (the checkout's refusal lost to a plain "work it out").
 */
export function useSubmitWhenTyped(fetcher: PosFetcher, fields: Record<string, string> = {}) {
  const element = useRef<HTMLFormElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => {
    if (fetcher.state !== "idle") cancel();
  }, [fetcher.state, cancel]);
  useEffect(() => cancel, [cancel]);
  // A ref callback: the form may mount after the hook (the checkout's, once the cart has lines).
  const form = useCallback(
    (node: HTMLFormElement | null) => {
      element.current?.removeEventListener("submit", cancel);
      element.current = node;
      node?.addEventListener("submit", cancel);
    },
    [cancel],
  );
  const typed = () => {
    cancel();
    timer.current = setTimeout(() => {
      const current = element.current;
      if (!current) return;
      const data = new FormData(current);
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      fetcher.submit(data, { method: "post", action: current.getAttribute("action") ?? undefined });
    }, 600);
  };
  return { form, typed };
}

/** A reply's errors of one field, or of the whole form (`""`). */
export const errorsOf = (reply: SubmissionResult<string[]> | undefined, name: string) =>
  reply?.error?.[name] ?? undefined;

/** A form's own refusal (a 409 edited-elsewhere, a coupon the engine refused…) above its fields. */
export function FormRefusal({ errors }: { errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <Banner tone="critical">
      <p>{errors.map((error) => translateMessage(t, error)).join(" ")}</p>
    </Banner>
  );
}

export type PosPageData = ReturnType<typeof useLoaderData<PosLoader>>;

type PosFetcher = ReturnType<typeof usePosForm>["fetcher"];

/**
 * The form of `usePosForm`: posts its intent, the cart version the page shows, and `target` if any. The
 * browser checks nothing itself, so every message is the app's own, beside its field. A form with fields
 * to check passes its conform form's props (`getFormProps(form)`), whose submit handler checks them in the
 * browser (and keeps conform's check-on-blur in the browser too, rather than posting it).
 */
export const PosForm = forwardRef<
  HTMLFormElement,
  {
    fetcher: PosFetcher;
    intent: PosIntent;
    target?: string;
    formProps?: ReturnType<typeof getFormProps>;
    children: ReactNode;
  }
>(function PosForm({ fetcher, intent, target, formProps, children }, ref) {
  const { actionUrl, version } = useLoaderData<PosLoader>();
  return (
    <fetcher.Form ref={ref} method="post" action={actionUrl} noValidate {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {target !== undefined && <input type="hidden" name="target" value={target} />}
      {children}
    </fetcher.Form>
  );
});

/** Whether the browser is offline; false on the server and until mounted, so hydration matches. */
export function useOffline() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

/** A Polaris text field (always controlled) that starts at `initial` and keeps what is typed, before hydration too. */
export function PlainTextField({
  initial = "",
  id,
  ...props
}: Omit<TextFieldProps, "value" | "onChange"> & { initial?: string }) {
  const [value, setValue, fieldId] = useTypedValue(initial, id);
  return <TextField {...props} id={fieldId} value={value} onChange={setValue} />;
}
