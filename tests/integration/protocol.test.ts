import { describe, expect, it } from "vitest";
import { postRaw } from "./wire";

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
