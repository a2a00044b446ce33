import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * Whether the page's scripts run: false on the server and in the hydrating render, so both renders
 * agree, then true. For what only works with JavaScript (a print button, a live search).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
