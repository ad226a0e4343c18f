import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** JSON text in CodeMirror 6 (bundled locally); read-only for generated code. */
export function JsonEditor({
  value,
  onChange,
  label,
  height = '520px',
  readOnly = false,
  language = 'json',
}: {
  value: string;
  onChange?: (v: string) => void;
  label: string;
  height?: string;
  readOnly?: boolean;
  language?: 'json' | 'plain';
}) {
  // the editable element itself needs the accessible name, not just its wrapper
  const extensions = useMemo(
    () => [
      ...(language === 'json' ? [json()] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label, language],
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
