import { expect, it } from "vitest";
import { createSessionStorage } from "./session.server";

const https = new Request("https://backoffice.example/my-store");
const localhost = new Request("http://localhost:8787/my-store");

it("keeps sessions signed with a retired secret valid while it is still listed", async () => {
  const before = createSessionStorage(https, ["old-secret"]);
  const session = await before.getSession();
  session.set("user", { token: "t" } as never);
  const cookie = (await before.commitSession(session)).split(";")[0];

  const rotated = createSessionStorage(https, ["new-secret", "old-secret"]);
  expect((await rotated.getSession(cookie)).get("user")).toEqual({ token: "t" });
  const dropped = createSessionStorage(https, ["new-secret"]);
  expect((await dropped.getSession(cookie)).get("user")).toBeUndefined();
});

it("uses a __Host- Secure cookie over HTTPS and a plain one on localhost", async () => {
  const secure = await createSessionStorage(https, ["s"]).commitSession(
    await createSessionStorage(https, ["s"]).getSession(),
  );
  expect(secure).toMatch(/^__Host-session=/);
  expect(secure).toMatch(/; Secure/);
  expect(secure).toMatch(/; HttpOnly/);
  expect(secure).toMatch(/; SameSite=Lax/);
  const plain = await createSessionStorage(localhost, ["s"]).commitSession(
    await createSessionStorage(localhost, ["s"]).getSession(),
  );
  expect(plain).toMatch(/^session=/);
  expect(plain).not.toMatch(/Secure/);
});

it("reads a malformed session cookie as no session instead of failing the page", async () => {
  const storage = createSessionStorage(https, ["s"]);
  for (const cookie of ["__Host-session=abc.!!!", "__Host-session=%E0%A4%A", "__Host-session=e30%3D.%00"]) {
    expect((await storage.getSession(cookie)).get("user")).toBeUndefined();
  }
});
