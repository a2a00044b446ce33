import type { SubmissionResult } from "@conform-to/react";
import type { TextFieldProps } from "@shopify/polaris";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { forwardRef, useEffect, useState, type ReactNode } from "react";
import type { PosAction, PosLoader } from "./pos";
import type { PosIntent } from "./__pos-schemas";

/**
 * A POS form's post: with JS off a plain form post (the action redirects back to the page, or answers
 * the form with its errors); with JS on a fetcher, so the page never reloads and its data revalidates.
 * `target` tells apart forms of one intent (each cart line's), so an answer goes to the form that posted.
 */
export function usePosForm(intent: PosIntent, target?: string) {
  const fetcher = useFetcher<PosAction>({ key: target ? `pos-${intent}-${target}` : `pos-${intent}` });
  const actionData = useActionData<PosAction>();
  const answer = fetcher.data ?? actionData;
  const posted = answer?.reply.initialValue as Record<string, unknown> | null | undefined;
  const reply: SubmissionResult<string[]> | undefined =
    answer?.intent === intent && (target === undefined || String(posted?.target) === target) ? answer.reply : undefined;
  return { fetcher, reply, busy: fetcher.state !== "idle" };
}

export type PosPageData = ReturnType<typeof useLoaderData<PosLoader>>;

type PosFetcher = ReturnType<typeof usePosForm>["fetcher"];

/** The form of `usePosForm`: posts its intent, the cart version the page shows, and `target` if any. */
export const PosForm = forwardRef<
  HTMLFormElement,
  { fetcher: PosFetcher; intent: PosIntent; target?: string; id?: string; noValidate?: boolean; children: ReactNode }
>(function PosForm({ fetcher, intent, target, id, noValidate, children }, ref) {
  const { actionUrl, version } = useLoaderData<PosLoader>();
  return (
    <fetcher.Form ref={ref} method="post" action={actionUrl} id={id} noValidate={noValidate}>
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

/** A Polaris text field (always controlled) that starts at `initial` and keeps what is typed. */
export function PlainTextField({ initial = "", ...props }: Omit<TextFieldProps, "value" | "onChange"> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <TextField {...props} value={value} onChange={setValue} />;
}
