import { useMemo, useState } from 'react';
import { nameProblems, type TFieldTree } from '../lib/field-tree.ts';
import {
  draftFromSchema,
  draftFromText,
  draftFromTree,
  isDirty,
  placeIssues,
  sameSchema,
  type TDraft,
  type TServerIssue,
} from '../lib/schema-draft.ts';

type TJson = Record<string, unknown>;

/**
 * The detail screen's editing state: the draft (tree + JSON text in step), whether it differs
 * from the saved schema, local name problems and the server's last 422 issues placed on fields.
 */
export function useSchemaDraft(saved: TJson) {
  const [draft, setDraft] = useState<TDraft>(() => draftFromSchema(saved));
  const [serverIssues, setServerIssues] = useState<TServerIssue[]>([]);

  const dirty = useMemo(() => isDirty(draft, saved), [draft, saved]);
  const local = useMemo(
    () => (draft.textError ? new Map<string, string>() : nameProblems(draft.tree.fields)),
    [draft],
  );
  const issues = useMemo(
    () => placeIssues(draft.tree, local, serverIssues),
    [draft.tree, local, serverIssues],
  );

  return {
    draft,
    dirty,
    /** local problems that block saving */
    localProblems: local.size,
    serverIssues,
    issues,
    setTree: (tree: TFieldTree) => {
      setDraft(draftFromTree(tree));
      setServerIssues([]);
    },
    setText: (text: string) => {
      setDraft((prev) => draftFromText(prev, text));
      setServerIssues([]);
    },
    /** replace the draft (discard, import, restore) */
    load: (schema: TJson) => {
      setDraft(draftFromSchema(schema));
      setServerIssues([]);
    },
    /** after a save: keep the tree as it is (open rows stay open) when the server stored it unchanged */
    saved: (stored: TJson) => {
      setDraft((prev) => (prev.schema && sameSchema(prev.schema, stored) ? prev : draftFromSchema(stored)));
      setServerIssues([]);
    },
    rejected: setServerIssues,
  };
}
export type TSchemaDraftState = ReturnType<typeof useSchemaDraft>;
