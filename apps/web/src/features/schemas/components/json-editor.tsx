import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorSelection, EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** The schema as JSON text (CodeMirror 6); bundled locally. */
export function JsonEditor({
  value,
  onChange,
  label,
  height = '560px',
  focusAt,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  height?: string;
  /** when set, the editor opens focused with the cursor here (1-based), e.g. at a parse error */
  focusAt?: { line: number; column: number } | null;
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
      onCreateEditor={(view) => {
        if (!focusAt) return;
        const doc = view.state.doc;
        const line = doc.line(Math.min(Math.max(focusAt.line, 1), doc.lines));
        const pos = Math.min(line.from + Math.max(focusAt.column - 1, 0), line.to);
        view.dispatch({ selection: EditorSelection.cursor(pos), scrollIntoView: true });
        view.focus();
      }}
      style={{
        fontSize: 13,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        overflow: 'hidden',
      }}
    />
  );
}
