import { createCookie } from "@remix-run/cloudflare";
import { BOOKMARK_HEADER } from "#contract/actions";
import type { Transport } from "./action-client.server";
import { isSecureRequest } from "./cookies.server";

/** Not secret (a position in the database's history), but no script needs it. */
function bookmarkCookie(request: Request) {
  const secure = isSecureRequest(request);
  return createCookie(secure ? "__Host-bookmark" : "bookmark", {
    path: "/",
    httpOnly: true,
    secure,
    sameSite: "lax",
    maxAge: 7 * 24 * 60 * 60,
  });
}

/**
 * Where in the database's history this user's reads must start: the bookmark of their last write, kept
 * in a cookie beside the session. Every backend call sends it, a write's reply moves it, and the reply
 * to the browser then sets the cookie, so the next page reads from a replica that has that write.
 */
export class ReadPosition {
  private moved = false;

  private constructor(
    private readonly request: Request,
    private bookmark: string | null,
  ) {}

  static async of(request: Request) {
    const bookmark: unknown = await bookmarkCookie(request).parse(request.headers.get("Cookie"));
    return new ReadPosition(request, typeof bookmark === "string" ? bookmark : null);
  }

  keptBy(transport: Transport): Transport {
    return async (actionRequest) => {
      if (this.bookmark) actionRequest.headers.set(BOOKMARK_HEADER, this.bookmark);
      const response = await transport(actionRequest);
      const written = response.headers.get(BOOKMARK_HEADER);
      if (written) {
        this.bookmark = written;
        this.moved = true;
      }
      return response;
    };
  }

  /** The cookie to set when a write during this request moved the position. */
  async cookie(): Promise<string | null> {
    return this.moved ? bookmarkCookie(this.request).serialize(this.bookmark) : null;
  }
}
