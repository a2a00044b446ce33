import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import {
  ImageIcon,
  LinkIcon,
  ListBulletedIcon,
  ListNumberedIcon,
  RedoIcon,
  TextBoldIcon,
  TextItalicIcon,
  TextQuoteIcon,
  TextUnderlineIcon,
  UndoIcon,
} from "@shopify/polaris-icons";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_MAX_UPLOAD_MB, UPLOAD_SETS } from "#contract/upload-rules";
import type { FieldLike } from "~/components/field";
import { translateErrors } from "~/utils/messages";
import { translateUploadError, UPLOAD_FAILED } from "~/utils/uploads";

export interface RichTextEditorProps {
  field: FieldLike;
  label: string;
  initialHtml: string;
}

const HEADING_LEVELS = [2, 3, 4] as const;

/** What the editor writes: the safe subset of contract/rich-text.ts, nothing the server would drop. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    code: false,
    codeBlock: false,
    link: { openOnClick: false, protocols: ["mailto", "tel"], HTMLAttributes: { rel: "noopener noreferrer" } },
  }),
  Image,
  TableKit.configure({ table: { resizable: false } }),
];

/** The image goes through the upload pipeline like any other of the module's images. */
async function uploadImage(file: File): Promise<{ url: string } | { error: string }> {
  const body = new FormData();
  body.set("file", file);
  body.set("accept", "image");
  body.set("max_mb", String(DEFAULT_MAX_UPLOAD_MB));
  const reply = await fetch("/upload?module=layout", { method: "POST", body }).catch(() => null);
  return (
    ((await reply?.json().catch(() => null)) as { url: string } | { error: string } | null) ?? {
      error: UPLOAD_FAILED,
    }
  );
}

/**
 * A click on a tool button leaves the focus and the selection in the text, so what is typed next goes
 * there at once (TipTap gives the focus back only on the next frame). The block select still opens.
 */
function keepEditorFocus(event: MouseEvent<HTMLDivElement>) {
  if (!(event.target instanceof HTMLSelectElement)) event.preventDefault();
}

function blockOf(editor: Editor): string {
  const level = HEADING_LEVELS.find((heading) => editor.isActive("heading", { level: heading }));
  return level ? `h${level}` : "p";
}

/**
 * The rich text editor (TipTap): headings, bold, italic, underline, lists, quotes, links, images and a
 * simple table. It posts the HTML in a hidden input named like the textarea it replaces.
 */
export function RichTextEditor({ field, label, initialHtml }: RichTextEditorProps) {
  const { t } = useTranslation("custom-page");
  const { t: tUploads } = useTranslation("upload");
  const labelId = useId();
  const [html, setHtml] = useState(initialHtml);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: "rich-text rich-text-editor__content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(field.errors?.length ? { "aria-invalid": "true", "aria-describedby": `${field.id}Error` } : {}),
      },
    },
    onUpdate: ({ editor: updated }) => setHtml(updated.isEmpty ? "" : updated.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current && {
        block: blockOf(current),
        bold: current.isActive("bold"),
        italic: current.isActive("italic"),
        underline: current.isActive("underline"),
        bulletList: current.isActive("bulletList"),
        orderedList: current.isActive("orderedList"),
        blockquote: current.isActive("blockquote"),
        link: current.isActive("link"),
        table: current.isActive("table"),
        canUndo: current.can().undo(),
        canRedo: current.can().redo(),
      },
  });
  const chain = () => editor!.chain().focus();

  const setBlock = (block: string) => {
    if (block === "p") chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(block.slice(1)) as 2 | 3 | 4 })
        .run();
  };
  const editLink = () => {
    const href = window.prompt(t("editor.link-prompt"), editor!.getAttributes("link").href ?? "https://");
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const chooseImage = () => fileInput.current?.click();
  const insertImage = async (file: File) => {
    setUploadError(null);
    const uploaded = await uploadImage(file);
    if ("error" in uploaded) {
      setUploadError(translateUploadError(tUploads, uploaded.error));
      return;
    }
    const alt = window.prompt(t("editor.image-alt"), "") ?? "";
    chain().setImage({ src: uploaded.url, alt }).run();
  };

  const error = translateErrors(t, field.errors);
  return (
    <BlockStack gap="200">
      <Text as="span" id={labelId}>
        {label}
      </Text>
      <div className="rich-text-editor">
        {editor && state && (
          <div
            className="rich-text-editor__toolbar"
            role="toolbar"
            aria-label={t("editor.toolbar")}
            onMouseDown={keepEditorFocus}
          >
            <InlineStack gap="100" blockAlign="center" wrap>
              <Select
                label={t("editor.toolbar")}
                labelHidden
                value={state.block}
                onChange={setBlock}
                options={[
                  { value: "p", label: t("editor.paragraph") },
                  ...HEADING_LEVELS.map((level) => ({ value: `h${level}`, label: t("editor.heading", { level }) })),
                ]}
              />
              <Tool
                name={t("editor.bold")}
                active={state.bold}
                onClick={() => chain().toggleBold().run()}
                icon={TextBoldIcon}
              />
              <Tool
                name={t("editor.italic")}
                active={state.italic}
                onClick={() => chain().toggleItalic().run()}
                icon={TextItalicIcon}
              />
              <Tool
                name={t("editor.underline")}
                active={state.underline}
                onClick={() => chain().toggleUnderline().run()}
                icon={TextUnderlineIcon}
              />
              <Tool
                name={t("editor.bullet-list")}
                active={state.bulletList}
                onClick={() => chain().toggleBulletList().run()}
                icon={ListBulletedIcon}
              />
              <Tool
                name={t("editor.ordered-list")}
                active={state.orderedList}
                onClick={() => chain().toggleOrderedList().run()}
                icon={ListNumberedIcon}
              />
              <Tool
                name={t("editor.blockquote")}
                active={state.blockquote}
                onClick={() => chain().toggleBlockquote().run()}
                icon={TextQuoteIcon}
              />
              <Tool name={t("editor.link")} active={state.link} onClick={editLink} icon={LinkIcon} />
              <Tool name={t("editor.image")} active={false} onClick={chooseImage} icon={ImageIcon} />
              {state.table ? (
                <>
                  <Tool name={t("editor.add-row")} active={false} onClick={() => chain().addRowAfter().run()} />
                  <Tool name={t("editor.add-column")} active={false} onClick={() => chain().addColumnAfter().run()} />
                  <Tool name={t("editor.delete-table")} active={false} onClick={() => chain().deleteTable().run()} />
                </>
              ) : (
                <Tool
                  name={t("editor.table")}
                  active={false}
                  onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
                />
              )}
              <Tool name={t("editor.undo")} onClick={() => state.canUndo && chain().undo().run()} icon={UndoIcon} />
              <Tool name={t("editor.redo")} onClick={() => state.canRedo && chain().redo().run()} icon={RedoIcon} />
            </InlineStack>
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={UPLOAD_SETS.image.map((extension) => `.${extension}`).join(",")}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) void insertImage(file);
        }}
      />
      <input type="hidden" name={field.name} value={html} />
      {uploadError && <InlineError message={uploadError} fieldID={`${field.id}Image`} />}
      {error && <InlineError message={error} fieldID={field.id} />}
    </BlockStack>
  );
}

/** A toolbar button: an icon with the name as its label, or the name as its text. */
function Tool({
  name,
  active,
  onClick,
  icon,
}: {
  name: string;
  active?: boolean;
  onClick: () => void;
  icon?: typeof TextBoldIcon;
}) {
  return (
    <Button size="slim" icon={icon} pressed={active} accessibilityLabel={icon ? name : undefined} onClick={onClick}>
      {icon ? undefined : name}
    </Button>
  );
}
