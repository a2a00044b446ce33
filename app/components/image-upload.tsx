import { BlockStack, Labelled, Text, Thumbnail } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_MAX_UPLOAD_MB, UPLOAD_SETS, type UploadSet } from "#contract/upload-rules";
import { translateUploadError, UPLOAD_FAILED } from "~/utils/uploads";
import type { FieldLike } from "./field";

type UploadReply = { url: string } | { error: string };

/** The last upload made in the page (JS on): its error, if any, and when, so its snackbar shows anew. */
interface Attempt {
  error?: string;
  at: number;
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Posts one file to /upload, reporting the percentage sent; null when the request itself failed. */
function postUpload(file: File, rule: { accept: UploadSet; maxMb: number }, onProgress: (percent: number) => void) {
  return new Promise<UploadReply | null>((resolve) => {
    const body = new FormData();
    body.set("file", file);
    body.set("accept", rule.accept);
    body.set("max_mb", String(rule.maxMb));
    const request = new XMLHttpRequest();
    request.open("POST", "/upload");
    request.responseType = "json";
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable) onProgress((progress.loaded / progress.total) * 100);
    };
    request.onload = () => resolve(request.response);
    request.onerror = () => resolve(null);
    request.send(body);
  });
}

/**
 * An image field whose value, the uploaded file's URL, is a hidden input named like the field.
 * With JS on, a chosen file goes at once to /upload with the progress snackbar, then shows in the
 * preview. With JS off, the file input carries the field's name and posts with the page's
 * multipart form, whose action uploads it (replaceFilesWithUploads). Errors show as snackbars
 * and under the field.
 */
export function ImageUpload({
  field,
  label,
  accept = "image",
  maxMb = DEFAULT_MAX_UPLOAD_MB,
}: {
  field: FieldLike;
  label: string;
  accept?: UploadSet;
  maxMb?: number;
}) {
  const { t } = useTranslation("uploads");
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState(0);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const inputId = `${field.id}-file`;
  const types = UPLOAD_SETS[accept];
  // After an upload in the page, its outcome replaces what the server said about the last post.
  const errors = attempt ? (attempt.error ? [attempt.error] : []) : (field.errors ?? []);
  const errorText = errors.map((error) => translateUploadError(t, error)).join(" ");

  const upload = useCallback(
    async (input: HTMLInputElement) => {
      const file = input.files?.[0];
      if (!file) return;
      // Choosing the same file again is a new upload.
      input.value = "";
      setUploading(true);
      const reply = await postUpload(file, { accept, maxMb }, setPercent);
      if (reply && "url" in reply) setUrl(reply.url);
      setAttempt({ error: reply && "url" in reply ? undefined : (reply?.error ?? UPLOAD_FAILED), at: Date.now() });
      setUploading(false);
      setPercent(0);
    },
    [accept, maxMb],
  );

  // A file chosen before the page's script ran is uploaded as soon as it runs.
  useEffect(() => {
    if (fileInput.current) void upload(fileInput.current);
  }, [upload]);

  return (
    <Labelled
      id={inputId}
      label={label}
      error={errorText || undefined}
      helpText={t("accepts", { types: types.join(", "), size: maxMb })}
    >
      <BlockStack gap="200" inlineAlign="start">
        {url ? (
          <Thumbnail source={url} alt={label} size="large" />
        ) : (
          <Text as="p" tone="subdued">
            {t("not-exist")}
          </Text>
        )}
        <input
          id={inputId}
          type="file"
          name={hydrated ? undefined : field.name}
          accept={types.map((type) => `.${type}`).join(",")}
          ref={fileInput}
          onChange={(event) => void upload(event.currentTarget)}
        />
        <input type="hidden" name={field.name} value={url} />
      </BlockStack>
      <div className="toast-stack" aria-live="polite">
        {uploading && (
          <div role="status" className="toast toast--info toast--until-done">
            <Text as="p">{t("progress", { percent: percent.toFixed(2) })}</Text>
          </div>
        )}
        {errorText && (
          <div key={attempt?.at ?? "server"} role="alert" className="toast toast--error">
            <Text as="p">{errorText}</Text>
          </div>
        )}
      </div>
    </Labelled>
  );
}
