/**
 * A push service for the integration tests (miniflare's outbound service, in Node): `POST https://push.test/<status>/…`
 * answers that status and keeps the request; `GET https://push.test/received/<status>/…` gives back what was posted
 * there (headers, and the body as base64), so a test inside workerd can check the bytes the Worker sent.
 */
const received = new Map<string, { headers: Record<string, string>; body: string }[]>();

export async function fakePushService(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== "push.test") return new Response("No network in integration tests", { status: 502 });
  if (request.method === "GET" && url.pathname.startsWith("/received/")) {
    return Response.json(received.get(url.pathname.slice("/received".length)) ?? []);
  }
  const body = Buffer.from(await request.arrayBuffer()).toString("base64");
  received.set(url.pathname, [
    ...(received.get(url.pathname) ?? []),
    { headers: Object.fromEntries(request.headers), body },
  ]);
  const status = Number(url.pathname.split("/")[1]);
  return new Response(null, { status: status >= 200 && status <= 599 ? status : 400 });
}
