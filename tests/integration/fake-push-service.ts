/**
 * A push service for the integration tests (miniflare's outbound service, in Node), answering as FCM's host, since
 * the Worker posts only to known push services: `POST https://fcm.googleapis.com/<status>/…` answers that status
 * and keeps the request; `GET https://fcm.googleapis.com/received/<status>/…` gives back what was posted there
 * (headers, and the body as base64), so a test inside workerd can check the bytes the Worker sent.
 */
const FAKE_PUSH_SERVICE = "https://fcm.googleapis.com";

const received = new Map<string, { headers: Record<string, string>; body: string }[]>();

export async function fakePushService(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin !== FAKE_PUSH_SERVICE) return new Response("No network in integration tests", { status: 502 });
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
