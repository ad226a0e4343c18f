import { useComputedColorScheme } from '@mantine/core';
import CodeMirror, { EditorState, EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { TCodeFormat } from '../api/mapper-code.ts';
import { jsonataLanguage, typescriptLanguage } from '../lib/highlight.ts';

/**
 * Generated code, read-only. It stays focusable (read-only, not non-editable) so keyboard users
 * can scroll it, select, copy and search it with Ctrl+F.
 */
export function CodeViewer({ code, format, label }: { code: string; format: TCodeFormat; label: string }) {
  const scheme = useComputedColorScheme('light');
  // the focusable element itself needs the accessible name, not just its wrapper
  const extensions = useMemo(
    () => [
      format === 'typescript' ? typescriptLanguage : jsonataLanguage,
      EditorState.readOnly.of(true),
      // an explicit tabindex: axe counts it as the scrollable region's focusable content
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true', tabindex: '0' }),
    ],
    [format, label],
  );
  return (
    <CodeMirror
      value={code}
      extensions={extensions}
      readOnly
      theme={scheme}
      height="560px"
      basicSetup={{
        foldGutter: true,
        highlightActiveLine: false,
        highlightActiveLineGutter: false,
        autocompletion: false,
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
