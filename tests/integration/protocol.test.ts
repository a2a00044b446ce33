import { describe, expect, it } from "vitest";
import { createActionClient, type Transport } from "../../app/server/action-client.server";
import { BATCH_FIELD } from "../../contract/actions";
import { merchant, postRaw, signIn, TRANSPORT_NAMES, transports } from "./wire";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the action endpoint's wire format", () => {
  it("answers an unknown action with 400 unknown-action", async () => {
    const response = await postRaw(form({ no_such_action: "{}" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: "fail", message: "unknown-action" });
  });

  it("refuses a request naming two actions", async () => {
    const response = await postRaw(form({ logout: "{}", login: "{}" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "unknown-action" });
  });

  it("answers malformed JSON with 400 bad-request", async () => {
    const response = await postRaw(form({ login: "{not json" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: "fail", message: "bad-request" });
  });

  it("answers a wrong payload with 400 and the field errors", async () => {
    const response = await postRaw(form({ login: JSON.stringify({ email: "not-an-email" }) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fields: Record<string, string[]> };
    expect(body.message).toBe("invalid-payload");
    expect(Object.keys(body.fields).sort()).toEqual(["email", "password"]);
  });

  it("accepts multipart form data as well", async () => {
    const body = new FormData();
    body.set("forget_password", JSON.stringify({ email: "nobody@factory.test" }));
    const response = await postRaw(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "success", data: null });
  });

  it("only answers POST", async () => {
    const { SELF } = await import("cloudflare:test");
    const response = await SELF.fetch("http://backend.test/api/action?login={}");
    expect(response.status).toBe(400);
  });
});

describe("the action endpoint's headers", () => {
  const securityHeaders = (response: Response) => ({
    cacheControl: response.headers.get("Cache-Control"),
    contentTypeOptions: response.headers.get("X-Content-Type-Options"),
    strictTransportSecurity: response.headers.get("Strict-Transport-Security"),
  });

  it("marks every reply, success or refusal, as never stored and never sniffed", async () => {
    const replies = [
      await postRaw(form({ forget_password: JSON.stringify({ email: "nobody@factory.test" }) })),
      await postRaw(form({ login: JSON.stringify({ email: "not-an-email" }) })),
      await postRaw(form({ logout: "{}" })),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 400, 401]);
    for (const reply of replies) {
      expect(securityHeaders(reply)).toEqual({
        cacheControl: "no-store",
        contentTypeOptions: "nosniff",
        strictTransportSecurity: null,
      });
    }
  });

  it("tells browsers to come back only over HTTPS when asked over HTTPS", async () => {
    const { SELF } = await import("cloudflare:test");
    const reply = await SELF.fetch("https://backend.test/api/action", { method: "POST", body: form({ logout: "{}" }) });
    expect(securityHeaders(reply)).toEqual({
      cacheControl: "no-store",
      contentTypeOptions: "nosniff",
      strictTransportSecurity: "max-age=31536000; includeSubDomains",
    });
  });
});

describe.each(TRANSPORT_NAMES)("a page's reads in one request over the %s transport", (transport) => {
  it("gathers the reads made together into one batch, each answered as if alone", async () => {
    const { store, key } = await merchant(transport);
    const token = await signIn(transport, store.email, store.password);
    const requests: string[] = [];
    const counting: Transport = async (request) => {
      requests.push(await request.clone().text());
      return transports[transport]()(request);
    };
    const client = createActionClient(counting, token);

    const [categories, website, missing] = await Promise.allSettled([
      client.get_category_data_list_by_application_key(key),
      client.get_store_website_data_by_application_key(key),
      client.get_category_data_by_application_key_and_id({ ...key, id: 999_999 }),
    ]);
    expect(requests).toHaveLength(1);
    expect(new URLSearchParams(requests[0]).has(BATCH_FIELD)).toBe(true);
    expect(categories).toMatchObject({ status: "fulfilled", value: { data: [] } });
    expect(website.status).toBe("fulfilled");
    expect(missing).toMatchObject({ status: "rejected", reason: { status: 404, messageKey: "not-found" } });

    // A write is never gathered: it goes alone, as a concurrent write does.
    await Promise.allSettled([client.get_category_data_list_by_application_key(key), client.logout({})]);
    expect(requests).toHaveLength(3);
  });
});

describe("the batch wire format", () => {
  const batch = (calls: unknown) => form({ [BATCH_FIELD]: JSON.stringify(calls) });

  it("holds reads only, at most 10", async () => {
    const write = await postRaw(batch([{ action: "logout", payload: {} }]));
    expect(write.status).toBe(400);
    expect(await write.json()).toMatchObject({ message: "unknown-action" });
    const read = { action: "get_plan_data_and_total_number_by_sorting_and_limit", payload: {} };
    expect((await postRaw(batch(Array(11).fill(read)))).status).toBe(400);
    expect((await postRaw(batch([]))).status).toBe(400);
  });

  it("answers 401 as a whole when the token is no longer valid, with each read refused", async () => {
    const response = await postRaw(
      batch([
        { action: "get_plan_data_and_total_number_by_sorting_and_limit", payload: {} },
        { action: "get_plan_data_and_total_number_by_sorting_and_limit", payload: {} },
      ]),
      { Authorization: "Bearer revoked-or-never-issued" },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      result: "batch",
      replies: [
        { status: 401, result: "fail", message: "token-expired" },
        { status: 401, result: "fail", message: "token-expired" },
      ],
    });
  });
});
