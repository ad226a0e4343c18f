import { Badge, type MantineColor } from '@mantine/core';
import type { TJoinRun } from '@mapwright/contracts';

export const KIND_LABELS: Record<string, string> = {
  inner: 'Inner: matched rows only',
  left: 'Left: every left row',
  right: 'Right: every right row',
  full: 'Full: every row of both',
  anti: 'Anti: left rows with no match',
};
export const METHOD_LABELS: Record<string, string> = {
  exact: 'Exact',
  jaro_winkler: 'Fuzzy: Jaro-Winkler',
  levenshtein: 'Fuzzy: Levenshtein',
  token_jaccard: 'Fuzzy: word overlap (Jaccard)',
  tfidf_cosine: 'Fuzzy: TF-IDF cosine',
};

const COLORS: Record<TJoinRun['status'], MantineColor> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};

export function RunStatusBadge({ status }: { status: TJoinRun['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {status[0]!.toUpperCase() + status.slice(1)}
    </Badge>
  );
}

export const percent = (share: number) => `${Math.round(share * 100)}%`;
