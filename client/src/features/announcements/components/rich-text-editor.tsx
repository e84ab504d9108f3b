import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Button from 'react-bootstrap/Button';
import { id as t } from '@/i18n/id';
import './rich-text-editor.css';

const text = t.announcement.editor;

export interface RichTextEditorProps {
  id?: string;
  /** HTML; read once when the editor starts (later changes come from the editor itself). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy?: string;
  disabled?: boolean;
}

function ToolbarButton({
  label,
  icon,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  icon?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant={active ? 'secondary' : 'outline-secondary'}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {icon ? <i className={`bi ${icon}`} aria-hidden="true" /> : children}
    </Button>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const target = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!target) chain.unsetLink().run();
    else chain.setLink({ href: /^(https?:|mailto:)/i.test(target) ? target : `https://${target}` }).run();
    onDone();
  };
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 p-2 border-bottom bg-light" role="group" aria-label={text.link}>
      <div className="flex-grow-1">
        <label htmlFor={inputId} className="form-label small mb-1">
          {text.linkPrompt}
        </label>
        <input
          id={inputId}
          className="form-control form-control-sm"
          value={href}
          autoFocus
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(event);
            if (event.key === 'Escape') onDone();
          }}
        />
      </div>
      <Button size="sm" onClick={apply}>
        {text.link}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={onDone}>
        {t.common.cancel}
      </Button>
    </div>
  );
}

/**
 * The announcement text editor (TipTap): heading, bold, italic, link, lists, table, undo and redo.
 * It emits HTML; the server sanitises it whatever it receives.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  labelledBy,
  disabled,
}: RichTextEditorProps) {
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        blockquote: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editable: !disabled,
    // The server's Content-Security-Policy refuses <style> elements (server/core/security.py): TipTap's
    // base rules are in rich-text-editor.css instead of the <style> it would inject.
    injectCSS: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': text.label }),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'rich-text-content',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor) return undefined;
    // The view exists only once EditorContent has mounted it (TipTap 3 throws on `view` before that).
    const apply = () => {
      if (!editor.isDestroyed) editor.view.dom.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    };
    if (editor.isInitialized) apply();
    else editor.on('create', apply);
    return () => {
      editor.off('create', apply);
    };
  }, [editor, invalid]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            link: current.isActive('link'),
            bullet: current.isActive('bulletList'),
            ordered: current.isActive('orderedList'),
            table: current.isActive('table'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  if (!editor || !state) return <div className="rich-text-editor form-control" aria-busy="true" />;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(editor.chain().focus()).run();

  return (
    <div className={`rich-text-editor${invalid ? ' is-invalid' : ''}${disabled ? ' is-disabled' : ''}`}>
      <div className="rich-text-toolbar d-flex flex-wrap gap-1 p-2 border-bottom" role="toolbar" aria-label={text.toolbar}>
        <ToolbarButton label={text.heading(2)} active={state.h2} disabled={disabled} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
          H2
        </ToolbarButton>
        <ToolbarButton label={text.heading(3)} active={state.h3} disabled={disabled} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
          H3
        </ToolbarButton>
        <ToolbarButton label={text.bold} icon="bi-type-bold" active={state.bold} disabled={disabled} onClick={run((c) => c.toggleBold())} />
        <ToolbarButton label={text.italic} icon="bi-type-italic" active={state.italic} disabled={disabled} onClick={run((c) => c.toggleItalic())} />
        <ToolbarButton label={text.link} icon="bi-link-45deg" active={state.link} disabled={disabled} onClick={() => setLinking((open) => !open)} />
        <ToolbarButton label={text.bulletList} icon="bi-list-ul" active={state.bullet} disabled={disabled} onClick={run((c) => c.toggleBulletList())} />
        <ToolbarButton label={text.orderedList} icon="bi-list-ol" active={state.ordered} disabled={disabled} onClick={run((c) => c.toggleOrderedList())} />
        <ToolbarButton
          label={text.table}
          icon="bi-table"
          disabled={disabled || state.table}
          onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
        />
        {state.table ? (
          <>
            <ToolbarButton label={text.addRow} icon="bi-plus-square" disabled={disabled} onClick={run((c) => c.addRowAfter())} />
            <ToolbarButton label={text.addColumn} icon="bi-layout-three-columns" disabled={disabled} onClick={run((c) => c.addColumnAfter())} />
            <ToolbarButton label={text.deleteTable} icon="bi-trash" disabled={disabled} onClick={run((c) => c.deleteTable())} />
          </>
        ) : null}
        <span className="vr mx-1" aria-hidden="true" />
        <ToolbarButton label={text.undo} icon="bi-arrow-counterclockwise" disabled={disabled || !state.canUndo} onClick={run((c) => c.undo())} />
        <ToolbarButton label={text.redo} icon="bi-arrow-clockwise" disabled={disabled || !state.canRedo} onClick={run((c) => c.redo())} />
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
