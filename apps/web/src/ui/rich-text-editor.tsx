import '@mantine/tiptap/styles.css';
import { Input, Menu, Text } from '@mantine/core';
import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import {
  IconChevronDown,
  IconIndentDecrease,
  IconIndentIncrease,
  IconTextSize,
  IconTypography,
} from '@tabler/icons-react';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { type Editor, Extension, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/** Fonts offered in descriptions: safe on every device or common web fonts the menu templates load. */
const FONT_FAMILIES: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'Inter', value: 'Inter, sans-serif' },
  { label: 'Arial', value: 'Arial, sans-serif' },
  { label: 'Helvetica', value: 'Helvetica, sans-serif' },
  { label: 'Verdana', value: 'Verdana, sans-serif' },
  { label: 'Trebuchet MS', value: "'Trebuchet MS', sans-serif" },
  { label: 'Georgia', value: 'Georgia, serif' },
  { label: 'Times New Roman', value: "'Times New Roman', serif" },
  { label: 'Playfair Display', value: "'Playfair Display', serif" },
  { label: 'Courier New', value: "'Courier New', monospace" },
];
const FONT_SIZES = ['12px', '14px', '16px', '18px', '20px', '24px', '28px', '32px'] as const;

/** Indentation of paragraphs, headings and quotes as a left margin (the server keeps `margin-left`). */
const INDENT_STEP_EM = 2;
const MAX_INDENT = 6;
const INDENTABLE = ['paragraph', 'heading', 'blockquote'];

const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: INDENTABLE,
        attributes: {
          indent: {
            default: 0,
            // A new line starts at the left edge again; indenting is a choice per block.
            keepOnSplit: false,
            parseHTML: (element: HTMLElement) => {
              const match = /^(\d+(?:\.\d+)?)em$/.exec(element.style.marginLeft);
              return match ? Math.min(MAX_INDENT, Math.round(Number(match[1]) / INDENT_STEP_EM)) : 0;
            },
            renderHTML: (attributes: { indent?: number }) =>
              attributes.indent ? { style: `margin-left: ${attributes.indent * INDENT_STEP_EM}em` } : {},
          },
        },
      },
    ];
  },
});

/** Indent or outdent: list items nest and un-nest; other blocks move by one step. */
function changeIndent(editor: Editor, delta: 1 | -1) {
  if (editor.isActive('listItem')) {
    const chain = editor.chain().focus();
    (delta > 0 ? chain.sinkListItem('listItem') : chain.liftListItem('listItem')).run();
    return;
  }
  const { state, view } = editor;
  const { from, to } = state.selection;
  const tr = state.tr;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (!INDENTABLE.includes(node.type.name)) return true;
    const current = Number(node.attrs.indent ?? 0);
    const next = Math.max(0, Math.min(MAX_INDENT, current + delta));
    if (next !== current) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
    return false;
  });
  if (tr.docChanged) view.dispatch(tr);
  editor.commands.focus();
}

export interface RichTextEditorProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** HTML; an empty editor gives ''. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  minHeight?: number;
  /** Receives the editor, for callers that insert at the caret (the mail template's placeholders). */
  editorRef?: { current: Editor | null };
  /**
   * What the toolbar offers. `menu` (descriptions a menu template prints): bold, italic, lists and
   * links, what every template can show (issue 22); the server keeps only those too. `mail` (the
   * admin's mail templates): headings, fonts, sizes, underline, strike, quotes and indentation too.
   */
  formatting?: 'menu' | 'mail';
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** The value the form gave, and the same content as the editor writes it. */
interface Baseline {
  value: string;
  html: string;
}

/**
 * The rich text editor of descriptions and mail templates. Doc 1 §9 lists headers, fonts and sizes for
 * the dish description too, but one dish could then break its menu's typography: descriptions offer
 * what a template shows (bold, italic, lists, links; issue 22), mail templates the whole set. Value in
 * and out as HTML.
 */
export function RichTextEditor({
  label,
  description,
  error,
  value,
  onChange,
  onBlur,
  disabled,
  minHeight = 140,
  editorRef,
  formatting = 'menu',
}: RichTextEditorProps) {
  const full = formatting === 'mail';
  const id = useId();
  const ariaLabel = typeof label === 'string' ? label : undefined;
  // The editor writes what it is given in its own markup ("Fresh" becomes "<p>Fresh</p>"). That is
  // not a change of the owner's: as long as the content is the one the form gave, the form gets its
  // own value back, so a form never looks unsaved because an editor opened in it (issue 11 §1).
  const baseline = useRef<Baseline>({ value, html: value });
  const emitted = useRef<string | null>(null);
  const initialValue = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // Pasted headings, quotes, underline and strike become plain text in a description.
        ...(full
          ? { heading: { levels: [1, 2, 3] } }
          : { heading: false, blockquote: false, underline: false, strike: false }),
      }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      ...(full ? [TextStyle, FontFamily, FontSize, Indent] : []),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(typeof label === 'string' ? { 'aria-label': label } : {}),
      },
    },
    onCreate: ({ editor: created }) => {
      baseline.current = { value: initialValue.current, html: htmlOf(created) };
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      const next = html === baseline.current.html ? baseline.current.value : html;
      emitted.current = next;
      onChange(next);
    },
    onBlur: () => onBlur?.(),
  });
  if (editorRef) editorRef.current = editor;

  // The form may replace the value (a dish loaded, a reset): follow it without echoing a change.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value === emitted.current) return;
    const current = htmlOf(editor);
    if (value === current) return;
    if (value === baseline.current.value && current === baseline.current.html) return;
    editor.commands.setContent(value || '', { emitUpdate: false });
    baseline.current = { value, html: htmlOf(editor) };
    emitted.current = null;
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // Before the editor is mounted its view does not exist yet: options are applied once it is.
  const invalid = Boolean(error);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-invalid': invalid ? 'true' : 'false',
          ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        },
      },
    });
  }, [editor, invalid, id, ariaLabel]);

  return (
    <Input.Wrapper label={label} description={description} error={error} labelProps={{ htmlFor: id }}>
      <MantineRichTextEditor
        editor={editor}
        mt={label || description ? 6 : 0}
        style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined }}
        styles={{ content: { minHeight } }}
      >
        <Toolbar editor={editor} full={full} />
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}

/**
 * Bold, italic, lists and links: what every menu template prints (issue 22); with `full` (mail
 * templates) also headings, fonts, sizes, underline, strike, quotes and indentation (doc 1 §9's list).
 */
function Toolbar({ editor, full }: { editor: Editor | null; full: boolean }) {
  return (
    <MantineRichTextEditor.Toolbar>
      {full && (
        <>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H1 />
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <FontFamilyControl editor={editor} />
            <FontSizeControl editor={editor} />
          </MantineRichTextEditor.ControlsGroup>
        </>
      )}
      <MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.Bold />
        <MantineRichTextEditor.Italic />
        {full && <MantineRichTextEditor.Underline />}
        {full && <MantineRichTextEditor.Strikethrough />}
        <MantineRichTextEditor.ClearFormatting />
      </MantineRichTextEditor.ControlsGroup>
      <MantineRichTextEditor.ControlsGroup>
        {full && <MantineRichTextEditor.Blockquote />}
        <MantineRichTextEditor.BulletList />
        <MantineRichTextEditor.OrderedList />
        {full && (
          <>
            <MantineRichTextEditor.Control
              onClick={() => editor && changeIndent(editor, -1)}
              aria-label="Decrease indent"
              title="Decrease indent"
            >
              <IconIndentDecrease size={16} stroke={1.5} />
            </MantineRichTextEditor.Control>
            <MantineRichTextEditor.Control
              onClick={() => editor && changeIndent(editor, 1)}
              aria-label="Increase indent"
              title="Increase indent"
            >
              <IconIndentIncrease size={16} stroke={1.5} />
            </MantineRichTextEditor.Control>
          </>
        )}
      </MantineRichTextEditor.ControlsGroup>
      <MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.Link />
        <MantineRichTextEditor.Unlink />
      </MantineRichTextEditor.ControlsGroup>
    </MantineRichTextEditor.Toolbar>
  );
}

function useTextStyle(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const attributes = current?.getAttributes('textStyle') ?? {};
      return {
        fontFamily: typeof attributes.fontFamily === 'string' ? attributes.fontFamily : null,
        fontSize: typeof attributes.fontSize === 'string' ? attributes.fontSize : null,
      };
    },
  });
}

function FontFamilyControl({ editor }: { editor: Editor | null }) {
  const style = useTextStyle(editor);
  const current = FONT_FAMILIES.find((font) => font.value === style?.fontFamily);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <MantineRichTextEditor.Control
          aria-label="Font family"
          title="Font family"
          style={{ width: 'auto', paddingInline: 6, gap: 4 }}
        >
          <IconTypography size={16} stroke={1.5} />
          <Text span size="xs" visibleFrom="xs" maw={92} truncate>
            {current?.label ?? 'Font'}
          </Text>
          <IconChevronDown size={12} stroke={1.5} />
        </MantineRichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => editor?.chain().focus().unsetFontFamily().run()}>Default</Menu.Item>
        <Menu.Divider />
        {FONT_FAMILIES.map((font) => (
          <Menu.Item
            key={font.value}
            style={{ fontFamily: font.value }}
            onClick={() => editor?.chain().focus().setFontFamily(font.value).run()}
            fw={font.value === style?.fontFamily ? 700 : undefined}
          >
            {font.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function FontSizeControl({ editor }: { editor: Editor | null }) {
  const style = useTextStyle(editor);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <MantineRichTextEditor.Control
          aria-label="Font size"
          title="Font size"
          style={{ width: 'auto', paddingInline: 6, gap: 4 }}
        >
          <IconTextSize size={16} stroke={1.5} />
          <Text span size="xs" visibleFrom="xs">
            {style?.fontSize?.replace('px', '') ?? 'Size'}
          </Text>
          <IconChevronDown size={12} stroke={1.5} />
        </MantineRichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => editor?.chain().focus().unsetFontSize().run()}>Default</Menu.Item>
        <Menu.Divider />
        {FONT_SIZES.map((size) => (
          <Menu.Item
            key={size}
            onClick={() => editor?.chain().focus().setFontSize(size).run()}
            fw={size === style?.fontSize ? 700 : undefined}
          >
            {size.replace('px', '')}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
