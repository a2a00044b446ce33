import { useEffect, useState, type ComponentType } from "react";
import type { FieldLike } from "~/components/field";
import { TextInput } from "~/components/text-input";
import type { RichTextEditorProps } from "./__rich-text-editor.client";

/**
 * A custom page's content. The server renders a textarea of the safe HTML subset, which is all there is
 * with JavaScript off; with it on, the editor (loaded only here, on its own) takes its place with what
 * the textarea holds and posts the same field.
 */
export function ContentField({ field, label, helpText }: { field: FieldLike; label: string; helpText: string }) {
  const [editor, setEditor] = useState<{ Editor: ComponentType<RichTextEditorProps>; html: string } | null>(null);
  useEffect(() => {
    let mounted = true;
    void import("./__rich-text-editor.client").then(({ RichTextEditor }) => {
      const textarea = document.getElementById(field.id) as HTMLTextAreaElement | null;
      if (mounted) setEditor({ Editor: RichTextEditor, html: textarea?.value ?? "" });
    });
    return () => {
      mounted = false;
    };
  }, [field.id]);
  if (!editor) return <TextInput field={field} label={label} autoComplete="off" multiline={12} helpText={helpText} />;
  return <editor.Editor field={field} label={label} initialHtml={editor.html} />;
}
