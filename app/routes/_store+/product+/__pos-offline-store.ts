// What the offline counter keeps in the browser (IndexedDB), per store: the catalogue it sells from, the cart
// being rung up, the sales waiting to be sent, and when the connection dropped. A store's records are keyed by
// its application key, so a device signed in to another store never sends them there.
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type {
  OfflineCart,
  OfflineCatalogue,
  OfflinePaymentMethod,
  OfflineSale,
  PricedOfflineCart,
} from "#modules/pos/offline-cart";

/** An offline sale kept until the server has it: its payload, and what the receipt showed. */
export interface QueuedSale {
  store: string;
  sale: OfflineSale;
  receipt: OfflineReceipt;
  /** Why the server refused it (a message key), when it did: kept for the staff to see, never sent again. */
  refused: string | null;
}

export interface OfflineReceipt {
  priced: PricedOfflineCart;
  payments: { method: OfflinePaymentMethod; amount_cents: number }[];
  change_cents: number;
  made_at: string;
}

export interface StoredCatalogue {
  store: string;
  catalogue: OfflineCatalogue;
}

/** When this device went offline, when it came back, and the sales it made meanwhile: for the staff log. */
export interface ConnectionPeriod {
  store: string;
  went_offline_at: string;
  back_online_at: string | null;
  sales: number;
}

interface PosOfflineDb extends DBSchema {
  catalogue: { key: string; value: StoredCatalogue };
  cart: { key: string; value: { store: string; cart: OfflineCart } };
  queue: { key: string; value: QueuedSale; indexes: { store: string } };
  connection: { key: string; value: ConnectionPeriod };
}

let opened: Promise<IDBPDatabase<PosOfflineDb>> | undefined;

function database() {
  opened ??= openDB<PosOfflineDb>("pos-offline", 1, {
    upgrade(db) {
      db.createObjectStore("catalogue", { keyPath: "store" });
      db.createObjectStore("cart", { keyPath: "store" });
      db.createObjectStore("queue", { keyPath: "sale.idempotency_key" }).createIndex("store", "store");
      db.createObjectStore("connection", { keyPath: "store" });
    },
  });
  return opened;
}

export const readCatalogue = async (store: string) => (await (await database()).get("catalogue", store))?.catalogue;

export const saveCatalogue = async (store: string, catalogue: OfflineCatalogue) =>
  (await database()).put("catalogue", { store, catalogue });

export const readCart = async (store: string) => (await (await database()).get("cart", store))?.cart;

export const saveCart = async (store: string, cart: OfflineCart) => (await database()).put("cart", { store, cart });

/** The store's queued sales, oldest first (the order they were made in, which is the order they are sent in). */
export async function readQueue(store: string) {
  const sales = await (await database()).getAllFromIndex("queue", "store", store);
  return sales.sort((a, b) => a.sale.made_at.localeCompare(b.sale.made_at));
}

/**
 * A sale made: queued and the cart emptied in one transaction, so a tab closed in between neither loses the
 * sale nor sells the cart twice. The connection period counts it.
 */
export async function queueSale(sale: QueuedSale, emptyCart: OfflineCart) {
  const db = await database();
  const tx = db.transaction(["queue", "cart", "connection"], "readwrite");
  const period = await tx.objectStore("connection").get(sale.store);
  await Promise.all([
    tx.objectStore("queue").put(sale),
    tx.objectStore("cart").put({ store: sale.store, cart: emptyCart }),
    period && tx.objectStore("connection").put({ ...period, sales: period.sales + 1 }),
    tx.done,
  ]);
}

export const forgetSale = async (idempotencyKey: string) => (await database()).delete("queue", idempotencyKey);

export const markRefused = async (sale: QueuedSale, message: string) =>
  (await database()).put("queue", { ...sale, refused: message });

export const readConnection = async (store: string) => (await database()).get("connection", store);

/** Going offline starts a period (one already open stays as it is); coming back closes it. */
export async function wentOffline(store: string, at: Date) {
  const db = await database();
  const period = await db.get("connection", store);
  if (!period) await db.put("connection", { store, went_offline_at: at.toISOString(), back_online_at: null, sales: 0 });
}

export async function cameBackOnline(store: string, at: Date) {
  const db = await database();
  const period = await db.get("connection", store);
  if (period && !period.back_online_at) await db.put("connection", { ...period, back_online_at: at.toISOString() });
}

export const forgetConnection = async (store: string) => (await database()).delete("connection", store);
