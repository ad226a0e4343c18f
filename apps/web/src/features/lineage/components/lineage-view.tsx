import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconListTree } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import { buildLineageGraph, type TLineageNode, type TSourceProfile, targetId } from '../lib/lineage-graph.ts';
import { fieldsOf, isLowConfidence, type TApiSpec } from '../lib/spec.ts';
import { FieldPanel, type TChoice } from './field-panel.tsx';
import classes from './lineage.module.css';
import { LineageCanvas } from './lineage-canvas.tsx';

/** The profile entries (source_schema) that carry a path: the source column's field list. */
function profileOf(raw: readonly Record<string, unknown>[]): TSourceProfile[] {
  return raw.flatMap((p) =>
    typeof p.path === 'string'
      ? [
          {
            path: p.path,
            type: typeof p.type === 'string' ? p.type : undefined,
            format: typeof p.format === 'string' ? p.format : undefined,
          },
        ]
      : [],
  );
}

export function LineageView({
  spec,
  schema,
  profile,
  schemaPending,
}: {
  spec: TApiSpec;
  schema: Record<string, unknown> | undefined;
  profile: readonly Record<string, unknown>[];
  schemaPending: boolean;
}) {
  const fields = useMemo(() => fieldsOf(spec, schema), [spec, schema]);
  const sources = useMemo(() => profileOf(profile), [profile]);
  const graph = useMemo(() => buildLineageGraph(fields, sources), [fields, sources]);
  const [choice, setChoice] = useState<TChoice>(null);
  const [focusKey, setFocusKey] = useState(0);

  const highlighted = useMemo(
    () =>
      new Set(
        choice?.kind === 'target' ? [choice.target] : choice?.kind === 'source' ? choice.source.targets : [],
      ),
    [choice],
  );
  const chosenId =
    choice?.kind === 'target'
      ? targetId(choice.target)
      : choice?.kind === 'source'
        ? (graph.nodes.find((n) => n.type === 'source' && n.data === choice.source)?.id ?? null)
        : null;

  const chooseNode = (n: TLineageNode | null) => {
    if (!n) setChoice(null);
    else if (n.type === 'source') setChoice({ kind: 'source', source: n.data });
    else if (n.type === 'transform') setChoice({ kind: 'target', target: n.data.target });
    else setChoice({ kind: 'target', target: n.data.field.target });
  };
  const chooseTarget = (target: string | null, fromPanel: boolean) => {
    setChoice(target ? { kind: 'target', target } : null);
    if (fromPanel) setFocusKey((k) => k + 1);
  };
  const chooseSource = (path: string) => {
    const n = graph.nodes.find((x) => x.type === 'source' && x.data.path === path && !x.data.wholeRecord);
    if (n?.type === 'source') setChoice({ kind: 'source', source: n.data });
    setFocusKey((k) => k + 1);
  };

  if (fields.length === 0)
    return (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconListTree size={22} />} title="The deployed mapper maps no fields">
          Its target schema has no fields, or none were mapped. Add fields to the schema and deploy again.
        </EmptyBlock>
      </Paper>
    );

  const used = graph.nodes.filter((n) => n.type === 'source' && n.data.used && !n.data.wholeRecord).length;
  const transforms = graph.nodes.filter((n) => n.type === 'transform').length;
  const low = fields.filter((f) => isLowConfidence(f.confidence)).length;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Target fields" value={fields.length} />
        <Stat
          label="Source fields used"
          value={used}
          hint={sources.length ? `of ${sources.length.toLocaleString()} profiled` : undefined}
        />
        <Stat
          label="Transforms"
          value={transforms}
          hint={`${(fields.length - transforms).toLocaleString()} plain copies`}
        />
        <Stat label="Low confidence" value={low} color={low ? 'orange.9' : undefined} />
      </SimpleGrid>
      <div className={classes.layout}>
        <div>
          <LineageCanvas
            nodes={graph.nodes}
            edges={graph.edges}
            highlighted={highlighted}
            chosenId={chosenId}
            onChoose={chooseNode}
            focusKey={focusKey}
          />
          {schemaPending && (
            <Text size="xs" c="dimmed" mt={4}>
              Loading field types from the target schema…
            </Text>
          )}
        </div>
        <div className={classes.side}>
          <FieldPanel
            fields={fields}
            choice={choice}
            onChooseTarget={chooseTarget}
            onChooseSource={chooseSource}
          />
        </div>
      </div>
    </>
  );
}

function Stat({
  label,
  value,
  hint,
  color,
}: {
  label: string;
  value: number;
  hint?: string;
  color?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <Text fz={22} fw={700} c={color}>
          {value.toLocaleString()}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
