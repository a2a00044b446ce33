// The offline counter's connection with the server: while online it keeps the catalogue fresh and sends the
// sales made offline, one by one, oldest first; it notes when the connection drops and returns for the staff
// log. Browser only: everything here runs in effects.
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { OfflineCatalogue } from "#modules/pos/offline-cart";
import {
  cameBackOnline,
  forgetConnection,
  forgetSale,
  markRefused,
  readCatalogue,
  readConnection,
  readQueue,
  saveCatalogue,
  wentOffline,
  type QueuedSale,
} from "./__pos-offline-store";

// Literals: the routes' own modules are not in the browser's bundle.
const CATALOGUE_URL = "/product/pos/catalogue";
const SALE_URL = "/product/pos/offline-sale";
const CONNECTION_URL = "/product/pos/connection";
/** How often an open POS refreshes its catalogue while online. */
const REFRESH_MS = 5 * 60_000;

export interface SentSale {
  idempotency_key: string;
  order_number: number;
  flagged: boolean;
}

export interface OfflineCounterState {
  /** Whether what the browser keeps has been read (never on the server, nor without JS). */
  ready: boolean;
  /** Whether the browser says it is offline (false until mounted, so hydration matches). */
  offline: boolean;
  catalogue: OfflineCatalogue | null;
  queue: QueuedSale[];
  /** Sales sent since the page opened, for the staff to see them go. */
  sent: SentSale[];
  sending: boolean;
}

async function postJson(url: string, body: unknown) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

/** The whole catalogue, page after page; undefined when the connection or the server fails part way. */
async function fetchCatalogue(): Promise<OfflineCatalogue | undefined> {
  let after: number | null = null;
  let whole: OfflineCatalogue | undefined;
  do {
    const response = await fetch(`${CATALOGUE_URL}${after === null ? "" : `?after=${after}`}`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return undefined;
    const page = (await response.json()) as OfflineCatalogue;
    whole = whole ? { ...page, products: [...whole.products, ...page.products] } : page;
    after = page.next_after_id;
  } while (after !== null);
  return whole;
}

/**
 * Sends the queue oldest first. A sale the server refuses (too old, a product it does not know) is kept with
 * the reason and not sent again; a failed connection or server stops the run, to try again later.
 */
async function sendQueue(store: string, onSent: (sale: SentSale) => void) {
  for (const queued of await readQueue(store)) {
    if (queued.refused) continue;
    const response = await postJson(SALE_URL, queued.sale);
    if (response.ok) {
      const { order_number, flagged } = (await response.json()) as Omit<SentSale, "idempotency_key">;
      await forgetSale(queued.sale.idempotency_key);
      onSent({ idempotency_key: queued.sale.idempotency_key, order_number, flagged });
    } else if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 429) {
      const { error } = (await response.json().catch(() => ({ error: "format-not-match" }))) as { error: string };
      await markRefused(queued, error);
    } else {
      return false;
    }
  }
  return true;
}

async function sendConnection(store: string) {
  const period = await readConnection(store);
  if (!period?.back_online_at) return;
  const { went_offline_at, back_online_at, sales } = period;
  const response = await postJson(CONNECTION_URL, { went_offline_at, back_online_at, sales });
  // A refusal (a period too old to log) is not worth keeping; a failed connection is tried again.
  if (response.status < 500) await forgetConnection(store);
}

export function useOfflineCounter(store: string, enabled: boolean): OfflineCounterState & { reload: () => void } {
  const [state, setState] = useState<OfflineCounterState>({
    ready: false,
    offline: false,
    catalogue: null,
    queue: [],
    sent: [],
    sending: false,
  });
  const syncing = useRef(false);
  // The first render's: useRevalidator's function changes with each revalidation (it would restart the effect
  // below), and each one revalidates the same router.
  const revalidate = useRef(useRevalidator().revalidate);

  const reload = useCallback(() => {
    void Promise.all([readCatalogue(store), readQueue(store)]).then(([catalogue, queue]) =>
      setState((now) => ({ ...now, ready: true, catalogue: catalogue ?? null, queue })),
    );
  }, [store]);

  const sync = useCallback(async () => {
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    setState((now) => ({ ...now, sending: true }));
    try {
      let sentAny = false;
      const sentAll = await sendQueue(store, (sale) => {
        sentAny = true;
        setState((now) => ({ ...now, sent: [...now.sent, sale] }));
      });
      // The page's stock and shift figures now include the sales sent.
      if (sentAny) void revalidate.current();
      if (sentAll) await sendConnection(store);
      const catalogue = await fetchCatalogue();
      if (catalogue) await saveCatalogue(store, catalogue);
    } catch {
      // The connection dropped part way: what was sent is off the queue; the rest goes next time.
    } finally {
      syncing.current = false;
      setState((now) => ({ ...now, sending: false }));
      reload();
    }
  }, [store, reload]);

  useEffect(() => {
    if (!enabled) return;
    const offline = () => {
      setState((now) => ({ ...now, offline: true }));
      void wentOffline(store, new Date());
    };
    const online = () => {
      setState((now) => ({ ...now, offline: false }));
      void cameBackOnline(store, new Date()).then(sync);
    };
    // A page opened online closes a period the tab was closed in while offline.
    if (navigator.onLine) online();
    else offline();
    reload();
    const timer = setInterval(() => void sync(), REFRESH_MS);
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      clearInterval(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [enabled, store, sync, reload]);

  return { ...state, reload };
}
