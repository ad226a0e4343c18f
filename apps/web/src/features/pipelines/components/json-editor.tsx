import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** JSON text in CodeMirror 6 (bundled locally); the editable element carries the accessible name. */
export function JsonEditor({
  value,
  onChange,
  label,
  height = '280px',
  readOnly = false,
}: {
  value: string;
  onChange?: (v: string) => void;
  label: string;
  height?: string;
  readOnly?: boolean;
}) {
  // tabindex on the content: axe wants a scrollable region to hold something keyboard-focusable,
  // and it does not count a bare contenteditable
  const extensions = useMemo(
    () => [
      json(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    ],
    [label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height={height}
      readOnly={readOnly}
      editable={!readOnly}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      style={{
        fontSize: 13,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        overflow: 'hidden',
      }}
    />
  );
}
