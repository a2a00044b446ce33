import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/server/session.server";
import { translateKey } from "~/utils/messages";

/**
 * Stacked snackbars from the flash cookie, with CSS alone so they work with JavaScript off as well. Good news
 * fades out after 3 s; an error or a warning stays until it is dismissed (a disclosure: its summary is the
 * close button, and a closed one is hidden). Each navigation's toasts are new elements: a toast reused from
 * the previous page would keep its finished fade or its dismissal.
 */
export function ToastStack({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation();
  const { key: navigationKey } = useLocation();
  if (toasts.length === 0) return null;
  return (
    <div className="toast-stack" aria-live="polite">
      {toasts.map((toast, index) => {
        const key = `${navigationKey}-${index}`;
        const message = (
          <Text as="p" variant="bodyMd">
            {translateKey(t, toast.message, toast.values)}
          </Text>
        );
        if (toast.tone === "success" || toast.tone === "info") {
          return (
            <div key={key} role="status" className={`toast toast--${toast.tone}`}>
              {message}
            </div>
          );
        }
        return (
          <StayingToast key={key} tone={toast.tone}>
            {message}
          </StayingToast>
        );
      })}
    </div>
  );
}

/** An error or a warning: it stays until its close button (the disclosure's summary) is pressed. */
export function StayingToast({ tone, children }: { tone: "error" | "warning"; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <details open role="alert" className={`toast toast--stays toast--${tone}`}>
      <summary className="toast__dismiss" aria-label={t("shell.dismiss")}>
        ×
      </summary>
      {children}
    </details>
  );
}
