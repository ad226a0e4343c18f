import { Badge, Code, Group, type MantineColor, Paper, Stack, Text } from '@mantine/core';
import { IconEqual } from '@tabler/icons-react';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';

export interface TFieldChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const STYLE: Record<TFieldChange['change'], { color: MantineColor; label: string; sign: string }> = {
  added: { color: 'green', label: 'Added', sign: '+' },
  removed: { color: 'red', label: 'Removed', sign: '−' },
  changed: { color: 'yellow', label: 'Changed', sign: '~' },
};

const show = (v: unknown) => (v === undefined ? '—' : Array.isArray(v) ? v.join(' | ') : JSON.stringify(v));

/** What differs between two summaries of a field, one line per property. */
export function describeChange(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ key: k, before: show(before[k]), after: show(after[k]) }));
}

const summarize = (s: Record<string, unknown>) =>
  Object.entries(s)
    .filter(([, v]) => v !== false && v !== undefined)
    .map(([k, v]) => (v === true ? k : `${k}: ${show(v)}`))
    .join(', ');

/** Per-field changes between two versions: added green, removed red, changed yellow. */
export function SchemaDiffView({ changes, from, to }: { changes: TFieldChange[]; from: number; to: number }) {
  if (changes.length === 0)
    return (
      <EmptyBlock icon={<IconEqual size={22} />} title="No differences">
        Version {from} and version {to} have the same fields.
      </EmptyBlock>
    );
  return (
    <Stack gap={6} role="list" aria-label={`Changes from version ${from} to version ${to}`}>
      {changes.map((c) => {
        const st = STYLE[c.change];
        return (
          <Paper
            key={`${c.change}-${c.path}`}
            role="listitem"
            data-change={c.change}
            withBorder
            radius="sm"
            px="sm"
            py={6}
            bg={`var(--mantine-color-${st.color}-light)`}
            style={{ borderLeft: `4px solid var(--mantine-color-${st.color}-filled)` }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Badge color={st.color} variant="filled" w={84} style={{ flexShrink: 0 }} autoContrast>
                {st.sign} {st.label}
              </Badge>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Code fw={600} bg="transparent" p={0}>
                  {c.path}
                </Code>
                {c.change === 'changed' && c.before && c.after ? (
                  describeChange(c.before, c.after).map((d) => (
                    <Text key={d.key} size="xs">
                      {d.key}: <s>{d.before}</s> → <b>{d.after}</b>
                    </Text>
                  ))
                ) : (
                  <Text size="xs" c="dimmed">
                    {summarize((c.after ?? c.before) as Record<string, unknown>)}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
