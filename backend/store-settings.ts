import type { StoreScope, Values } from "./db/scope";
import { storeAccounts, storeSettings } from "./db/schema";
import { rethrowStaleVersion } from "./db/version";
import { found } from "./errors";
import { edited, oneName } from "./log";
import type { StoreContext } from "./registry";

/** What an edit of a section of the store's settings reads: the store's account (its name for the log), its settings. */
export const settingsEditReads = (store: StoreScope) =>
  [store.select(storeAccounts).limit(1), store.select(storeSettings).limit(1)] as const;

/**
 * Saves a section of the store's settings with its log entry, which names the store: `values` raise the
 * section's own version over the one the form read, so a stale one is 409.
 */
export async function saveStoreSettings(
  { store, caller, now }: Pick<StoreContext, "store" | "caller" | "now">,
  accounts: (typeof storeAccounts.$inferSelect)[],
  values: Partial<Values<typeof storeSettings.$inferInsert>>,
  logged: { before: Record<string, unknown>; after: Record<string, unknown> },
) {
  await store
    .batch([
      store.update(storeSettings, values),
      store.log(
        caller,
        now,
        edited(
          "store_setting_data",
          store.applicationKey,
          oneName(found(accounts).storeName),
          logged.before,
          logged.after,
        ),
      ),
    ])
    .catch(rethrowStaleVersion);
}
