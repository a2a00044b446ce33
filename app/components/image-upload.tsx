import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Checkbox } from "@shopify/polaris/build/esm/components/Checkbox/Checkbox.js";
import { DropZone } from "@shopify/polaris/build/esm/components/DropZone/DropZone.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { Thumbnail } from "@shopify/polaris/build/esm/components/Thumbnail/Thumbnail.js";
import { ArrowLeftIcon, ArrowRightIcon, DeleteIcon } from "@shopify/polaris-icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModuleId } from "#contract/modules";
import { DEFAULT_MAX_UPLOAD_MB, UPLOAD_SETS, type UploadSet } from "#contract/upload-rules";
import { REMOVE_UPLOAD_FIELD, translateUploadError, UPLOAD_FAILED } from "~/utils/uploads";
import type { FieldLike } from "./field";
import { StayingToast } from "./toast-stack";

type UploadReply = { url: string } | { error: string };

/** The last upload made in the page (JS on): its error, if any, and when, so its snackbar shows anew. */
interface Attempt {
  error?: string;
  at: number;
}

/** Posts one file to /upload, reporting the percentage sent; null when the request itself failed. */
function postUpload(
  file: File,
  rule: { accept: UploadSet; maxMb: number; module: ModuleId },
  onProgress: (percent: number) => void,
) {
  return new Promise<UploadReply | null>((resolve) => {
    const body = new FormData();
    body.set("file", file);
    body.set("accept", rule.accept);
    body.set("max_mb", String(rule.maxMb));
    const request = new XMLHttpRequest();
    request.open("POST", `/upload?module=${rule.module}`);
    request.responseType = "json";
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable) onProgress((progress.loaded / progress.total) * 100);
    };
    request.onload = () => resolve(request.response);
    request.onerror = () => resolve(null);
    request.send(body);
  });
}

const initialUrl = (field: FieldLike) => (typeof field.initialValue === "string" ? field.initialValue : "");

/** An image that did not load: its URL points at a file that is gone. */
const isBroken = (image: HTMLImageElement) => image.complete && image.naturalWidth === 0;

/**
 * Image fields as the merchant sees one: the images in order, then room for more. `fields` are the
 * form's slots (one for a single image, conform's list fields for several); each posts the uploaded
 * file's URL from a hidden input named like the slot, filled slots first.
 *
 * With JS on: a drop zone uploads each chosen or dropped file at once to /upload (with the progress
 * snackbar); thumbnails can be moved and removed. With JS off (and until the page hydrates): each
 * empty slot is a labelled file input that posts with the page's multipart form, whose action
 * uploads it (replaceFilesWithUploads), and each image has a "remove" checkbox.
 */
export function ImageUpload({
  fields,
  label,
  module,
  accept = "image",
  maxMb = DEFAULT_MAX_UPLOAD_MB,
}: {
  fields: FieldLike[];
  label: string;
  /** The module whose form this is: uploading needs its write permission. */
  module: ModuleId;
  accept?: UploadSet;
  maxMb?: number;
}) {
  const { t } = useTranslation("upload");
  const [hydrated, setHydrated] = useState(false);
  const [urls, setUrls] = useState(() => fields.map(initialUrl).filter(Boolean));
  const [missing, setMissing] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState(0);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const fileInputs = useRef<(HTMLInputElement | null)[]>([]);
  const images = useRef<HTMLDivElement>(null);
  const several = fields.length > 1;
  const types = UPLOAD_SETS[accept];
  const imageLabel = (index: number) => (several ? t("image-number", { label, number: index + 1 }) : label);
  const serverErrors = fields.flatMap((field) => field.errors ?? []);
  // After an upload in the page, its outcome replaces what the server said about the last post.
  const errors = attempt ? (attempt.error ? [attempt.error] : []) : serverErrors;
  const errorText = errors.map((error) => translateUploadError(t, error)).join(" ");

  const upload = useCallback(
    async (files: File[]) => {
      setUploading(true);
      let error: string | undefined;
      for (const file of files) {
        const reply = await postUpload(file, { accept, maxMb, module }, setPercent);
        if (reply && "url" in reply) setUrls((current) => [...current, reply.url].slice(0, fields.length));
        else error = reply?.error ?? UPLOAD_FAILED;
        setPercent(0);
      }
      setAttempt({ error, at: Date.now() });
      setUploading(false);
    },
    [accept, maxMb, module, fields.length],
  );

  useEffect(() => {
    // Files chosen before the page's script ran are uploaded now that it runs.
    const chosen = fileInputs.current.flatMap((input) => Array.from(input?.files ?? []));
    if (chosen.length > 0) void upload(chosen);
    setHydrated(true);
  }, [upload]);

  useEffect(() => {
    // Images that failed before hydration fired their error event before React listened.
    const broken = Array.from(images.current?.querySelectorAll("img") ?? []).filter(isBroken);
    if (broken.length > 0) setMissing(broken.map((image) => image.getAttribute("src") ?? ""));
  }, []);

  const move = (from: number, to: number) =>
    setUrls((current) => {
      const next = [...current];
      [next[from], next[to]] = [next[to], next[from]];
      return next;
    });
  const remove = (index: number) => setUrls((current) => current.filter((_, at) => at !== index));

  const thumbnail = (url: string, index: number) => (
    <BlockStack gap="100" inlineAlign="start">
      <span onError={() => setMissing((current) => [...current, url])}>
        <Thumbnail source={url} alt={imageLabel(index)} size="large" />
      </span>
      {missing.includes(url) && (
        <Text as="p" tone="critical">
          {t("not-exist")}
        </Text>
      )}
    </BlockStack>
  );

  return (
    <fieldset className="choice-group" aria-describedby={`${fields[0].id}-help`}>
      <BlockStack gap="200">
        <legend>
          <Text as="span" variant="bodyMd" fontWeight="medium">
            {label}
          </Text>
        </legend>
        <div ref={images}>
          {hydrated ? (
            <BlockStack gap="300">
              {urls.length > 0 && (
                <InlineStack gap="400" blockAlign="start">
                  {urls.map((url, index) => (
                    <BlockStack key={url} gap="100" inlineAlign="start">
                      {thumbnail(url, index)}
                      <InlineStack gap="100">
                        {several && index > 0 && (
                          <Button
                            icon={ArrowLeftIcon}
                            variant="tertiary"
                            accessibilityLabel={t("move-earlier", { name: imageLabel(index) })}
                            onClick={() => move(index, index - 1)}
                          />
                        )}
                        {several && index < urls.length - 1 && (
                          <Button
                            icon={ArrowRightIcon}
                            variant="tertiary"
                            accessibilityLabel={t("move-later", { name: imageLabel(index) })}
                            onClick={() => move(index, index + 1)}
                          />
                        )}
                        <Button
                          icon={DeleteIcon}
                          variant="tertiary"
                          tone="critical"
                          accessibilityLabel={t("remove", { name: imageLabel(index) })}
                          onClick={() => remove(index)}
                        />
                      </InlineStack>
                    </BlockStack>
                  ))}
                </InlineStack>
              )}
              {urls.length < fields.length && (
                <DropZone
                  id={`${fields[0].id}-file`}
                  label={several ? t("add-images", { label }) : label}
                  labelHidden
                  type={accept === "image" ? "image" : "file"}
                  accept={types.map((type) => `.${type}`).join(",")}
                  allowMultiple={fields.length - urls.length > 1}
                  error={Boolean(errorText)}
                  disabled={uploading}
                  onDrop={(files) => void upload(files.slice(0, fields.length - urls.length))}
                >
                  <DropZone.FileUpload
                    actionTitle={t(several ? "choose-files" : "choose-file")}
                    actionHint={t("or-drop")}
                  />
                </DropZone>
              )}
            </BlockStack>
          ) : (
            <InlineStack gap="400" blockAlign="start">
              {fields.map((field, index) => {
                const url = initialUrl(field);
                const slotErrors = (field.errors ?? []).map((error) => translateUploadError(t, error)).join(" ");
                return (
                  <BlockStack key={field.id} gap="100" inlineAlign="start">
                    {url ? (
                      <>
                        {thumbnail(url, index)}
                        <Checkbox
                          label={t("remove", { name: imageLabel(index) })}
                          name={REMOVE_UPLOAD_FIELD}
                          value={field.name}
                        />
                      </>
                    ) : (
                      <>
                        <label htmlFor={`${field.id}-file`}>
                          <Text as="span" visuallyHidden={!several}>
                            {imageLabel(index)}
                          </Text>
                        </label>
                        <input
                          id={`${field.id}-file`}
                          type="file"
                          name={field.name}
                          accept={types.map((type) => `.${type}`).join(",")}
                          ref={(input) => {
                            fileInputs.current[index] = input;
                          }}
                        />
                      </>
                    )}
                    {slotErrors && <InlineError message={slotErrors} fieldID={`${field.id}-file`} />}
                  </BlockStack>
                );
              })}
            </InlineStack>
          )}
          {fields.map((field, index) => (
            <input
              key={field.id}
              type="hidden"
              name={field.name}
              value={hydrated ? (urls[index] ?? "") : initialUrl(field)}
            />
          ))}
        </div>
        {hydrated && errorText && <InlineError message={errorText} fieldID={`${fields[0].id}-file`} />}
        <Text as="p" tone="subdued" id={`${fields[0].id}-help`}>
          {t("accepts", { types: types.join(", "), size: maxMb })}
        </Text>
      </BlockStack>
      <div className="toast-stack" aria-live="polite">
        {uploading && (
          <div role="status" className="toast toast--info toast--until-done">
            <Text as="p">{t("progress", { percent: percent.toFixed(2) })}</Text>
          </div>
        )}
        {errorText && (
          <StayingToast key={attempt?.at ?? "server"} tone="error">
            <Text as="p">{errorText}</Text>
          </StayingToast>
        )}
      </div>
    </fieldset>
  );
}
