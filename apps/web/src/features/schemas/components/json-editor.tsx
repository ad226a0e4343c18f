import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** The schema as JSON text (CodeMirror 6); bundled locally. */
export function JsonEditor({
  value,
  onChange,
  label,
  height = '560px',
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  height?: string;
}) {
  // the editable element itself needs the accessible name, not just its wrapper
  const extensions = useMemo(
    () => [json(), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label })],
    [label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height={height}
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: false }}
      style={{
        fontSize: 13,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        overflow: 'hidden',
      }}
    />
  );
}
