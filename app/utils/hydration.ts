import { useEffect, useId, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";

let hydrated = false;

/**
 * True only while the server-rendered page is being hydrated: then, and only then, a component may
 * read what the user already typed into the server's HTML (later, the DOM may be another page's).
 */
export function isHydrating(): boolean {
  return typeof document !== "undefined" && !hydrated;
}

/**
 * Called once the first client render has committed (the root layout's effect). The document says
 * so too (`<html data-hydrated>`), so a test knows when the page answers to JavaScript.
 */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = "";
}

/**
 * A text field's value (the field's id given, or one made here for it): what the server rendered while
 * hydrating, so both renders match (a character counter too; a mismatch makes React redraw the page and
 * wipe what was typed), then what the user typed into the server's HTML before the scripts ran, so the
 * next render does not overwrite it (a submit replayed after hydration would post it empty).
 */
export function useTypedValue(
  initial: string,
  givenId?: string,
): [value: string, setValue: Dispatch<SetStateAction<string>>, id: string] {
  const madeId = useId();
  const id = givenId ?? madeId;
  const [value, setValue] = useState(initial);
  // Read while rendering too: when hydration commits, React puts a textarea's server text back.
  const hydrating = useRef(isHydrating() ? { initial, typed: fieldValue(id) } : null);
  // Adopted before the browser paints or takes another event: any render after hydration would otherwise
  // write the server's value back into the field, and a click on Save then would post it empty.
  useBrowserLayoutEffect(() => {
    const atHydration = hydrating.current;
    if (!atHydration) return;
    const typed = [fieldValue(id), atHydration.typed].find(
      (seen) => seen !== undefined && seen !== atHydration.initial,
    );
    if (typed !== undefined) setValue(typed);
  }, [id]);
  return [value, setValue, id];
}

/** useLayoutEffect in the browser; on the server, where it would warn, the same no-op as useEffect. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const fieldValue = (id: string) =>
  (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.value;
