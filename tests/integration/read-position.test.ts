import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { ReadPosition } from "../../app/server/read-position.server";
import { handleActionRequest } from "../../backend";
import { examples } from "../../contract/actions";
import type { ExampleRecords } from "../../contract/examples";
import { createStore } from "../helpers/factories";
import { db, signIn, storeD1 } from "./wire";

/** The backend, noting where each request's D1 session on the tests' stores' shard started. */
function backendNotingSessions() {
  const started: string[] = [];
  const shard = new Proxy(storeD1(), {
    get(target, property) {
      if (property === "withSession") {
        return (constraint: string) => {
          started.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    started,
    transport: (request: Request) => handleActionRequest(request, { ...env, [env.TEST_STORE_SHARD]: shard }),
  };
}

async function merchantWithToken() {
  const store = await createStore(db());
  const key = { application_key: store.applicationKey };
  return { key, token: await signIn("embedded", store.email, store.password) };
}

const newCategory = (key: { application_key: string }) => examples.add_category_data(key as ExampleRecords);

const page = (cookie?: string) =>
  new Request("http://localhost/product/category", { headers: cookie ? { Cookie: cookie } : {} });

describe("reads near the user", () => {
  it("starts a write on the primary, and a read without a bookmark wherever", async () => {
    const { key, token } = await merchantWithToken();
    const { started, transport } = backendNotingSessions();
    const client = createActionClient(transport, token);

    await client.add_category_data(newCategory(key));
    await client.get_category_data_list_by_application_key(key);
    expect(started).toEqual(["first-primary", "first-unconstrained"]);
  });

  it("keeps the bookmark of the user's last write in a cookie, and the next page's reads start from it", async () => {
    const { key, token } = await merchantWithToken();
    const { started, transport } = backendNotingSessions();

    const writing = await ReadPosition.of(page());
    await createActionClient(writing.keptBy(transport), token).add_category_data(newCategory(key));
    const cookie = await writing.cookie();
    expect(cookie).toMatch(/^bookmark=/);

    const reading = await ReadPosition.of(page(cookie!.split(";")[0]));
    await createActionClient(reading.keptBy(transport), token).get_category_data_list_by_application_key(key);
    const bookmark = started[1];
    expect(bookmark).toMatch(/^[0-9a-f]{8}-/);
    expect(await reading.cookie()).toBeNull();

    // A later write moves the bookmark forward.
    await createActionClient(reading.keptBy(transport), token).add_category_data(newCategory(key));
    const moved = await reading.cookie();
    expect(moved).not.toBeNull();
    const next = await ReadPosition.of(page(moved!.split(";")[0]));
    await createActionClient(next.keptBy(transport), token).get_category_data_list_by_application_key(key);
    expect(started[3] > bookmark).toBe(true);
  });

  it("ignores a bookmark that is not one, and reads wherever", async () => {
    const { key, token } = await merchantWithToken();
    const { started, transport } = backendNotingSessions();
    const tampered = (request: Request) => {
      request.headers.set("X-D1-Bookmark", "first-primary'; drop table product");
      return transport(request);
    };
    const { data } = await createActionClient(tampered, token).get_category_data_list_by_application_key(key);
    expect(data).toEqual([]);
    expect(started).toEqual(["first-unconstrained"]);
  });
});
