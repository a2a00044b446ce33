import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce, which every inline script carries. Only the server's
 * render has it: the browser hides nonces from the page, and scripts are not re-inserted after hydration.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
