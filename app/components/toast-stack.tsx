import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/server/session.server";
import { translateKey } from "~/utils/messages";

/**
 * Stacked snackbars from the flash cookie. They fade out after 3 s with CSS alone, so they work
 * with JavaScript off as well. Each navigation's toasts are new elements: a toast reused from the
 * previous page would keep its finished fade and never show.
 */
export function ToastStack({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation();
  const { key: navigationKey } = useLocation();
  if (toasts.length === 0) return null;
  return (
    <div className="toast-stack" aria-live="polite">
      {toasts.map((toast, index) => (
        <div
          key={`${navigationKey}-${index}`}
          role={toast.tone === "error" ? "alert" : "status"}
          className={`toast toast--${toast.tone}`}
        >
          <Text as="p" variant="bodyMd">
            {translateKey(t, toast.message, toast.values)}
          </Text>
        </div>
      ))}
    </div>
  );
}
