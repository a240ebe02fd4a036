import { TableKit } from "@tiptap/extension-table";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useT } from "../../../lib/i18n";

/**
 * The article body in TipTap: headings, lists, code blocks, links and tables,
 * the markup the demo articles use. Its HTML goes into the form's textarea on
 * every change, and the server sanitizes it as any other body. Loaded only by
 * the content editor, after hydration (its own chunk: no public page carries it).
 */
export default function RichTextEditor({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const t = useT();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4, 5, 6] }, link: { openOnClick: false } }),
      TableKit,
    ],
    content: initial,
    immediatelyRender: false,
    // Its own <style> element would break the pages' style policy: admin.css has the few rules it needs.
    injectCSS: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { class: "admin-rich__body prose", "aria-label": t("Article body"), "aria-multiline": "true" },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  if (!editor) return null;
  const tool = (label: string, active: boolean, run: () => void) => (
    <button
      type="button"
      className="admin-link-button"
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {t(label)}
    </button>
  );
  const chain = () => editor.chain().focus();
  const link = () => {
    const href = window.prompt(t("Link address (https://…)"), editor.getAttributes("link").href ?? "");
    if (href === null) return;
    if (href.trim() === "") chain().unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  return (
    <div className="admin-rich">
      <div role="toolbar" aria-label={t("Formatting")} className="admin-rich__toolbar">
        {tool("Bold", editor.isActive("bold"), () => chain().toggleBold().run())}
        {tool("Italic", editor.isActive("italic"), () => chain().toggleItalic().run())}
        {tool("Heading", editor.isActive("heading", { level: 2 }), () => chain().toggleHeading({ level: 2 }).run())}
        {tool("Subheading", editor.isActive("heading", { level: 3 }), () => chain().toggleHeading({ level: 3 }).run())}
        {tool("Bullet list", editor.isActive("bulletList"), () => chain().toggleBulletList().run())}
        {tool("Numbered list", editor.isActive("orderedList"), () => chain().toggleOrderedList().run())}
        {tool("Code", editor.isActive("code"), () => chain().toggleCode().run())}
        {tool("Code block", editor.isActive("codeBlock"), () => chain().toggleCodeBlock().run())}
        {tool("Link", editor.isActive("link"), link)}
        {tool("Table", editor.isActive("table"), () =>
          chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
