import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorSelection, EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** JSON text in CodeMirror 6 (bundled locally); read-only for generated code. */
export function JsonEditor({
  value,
  onChange,
  label,
  height = '280px',
  readOnly = false,
  language = 'json',
  focusAt,
}: {
  value: string;
  onChange?: (v: string) => void;
  label: string;
  height?: string;
  readOnly?: boolean;
  language?: 'json' | 'plain';
  /** when set, the editor opens focused with the cursor here (1-based), e.g. at a parse error */
  focusAt?: { line: number; column: number } | null;
}) {
  // the editable element itself needs the accessible name, not just its wrapper; tabindex: axe
  // wants a scrollable region to hold something keyboard-focusable and does not count a bare
  // contenteditable
  const extensions = useMemo(
    () => [
      ...(language === 'json' ? [json()] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
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
