import {
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo } from 'react';
import { formatValue, plural } from '../lib/format.ts';
import { sourceTree, type TSourceNode } from '../lib/source-tree.ts';
import classes from './workshop.module.css';

/**
 * The selected source record as a tree. Paths the selected field reads are highlighted; with a
 * field selected, a value can be clicked to map that field from its path (a manual edit).
 */
export function SourceTree({
  record,
  loading,
  usedPaths,
  pickFor,
  onPick,
}: {
  record: unknown;
  loading: boolean;
  usedPaths: ReadonlySet<string>;
  /** the field a click maps, or null when nothing can be picked */
  pickFor: string | null;
  onPick: (path: string) => void;
}) {
  const tree = useMemo(() => sourceTree(record), [record]);
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm">
        Source record
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {pickFor ? `Click a value to map ${pickFor} from it.` : 'Select a field to map it from a value here.'}
      </Text>
      {loading ? (
        <Stack gap={6}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={14} width={`${80 - i * 9}%`} />
          ))}
        </Stack>
      ) : tree.length === 0 ? (
        <Text size="sm" c="dimmed">
          This record has no values.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <div>
            {tree.map((n) => (
              <TreeNode
                key={n.id}
                node={n}
                depth={0}
                usedPaths={usedPaths}
                pickFor={pickFor}
                onPick={onPick}
              />
            ))}
          </div>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function TreeNode({
  node,
  depth,
  usedPaths,
  pickFor,
  onPick,
}: {
  node: TSourceNode;
  depth: number;
  usedPaths: ReadonlySet<string>;
  pickFor: string | null;
  onPick: (path: string) => void;
}) {
  const used = usedPaths.has(node.path);
  const pad = { paddingLeft: 6 + depth * 14 };
  if (node.kind !== 'value') {
    const size = node.kind === 'array' ? plural((node.value as unknown[]).length, 'item') : '';
    return (
      <div>
        <div className={`${classes.treeRow} ${used ? classes.treeUsed : ''}`} style={pad}>
          <span className={classes.treeKey}>{node.label}</span>
          <Text span size="xs" c="dimmed">
            {node.kind === 'array' ? `list · ${size}` : 'object'}
          </Text>
        </div>
        <div>
          {node.children?.map((c) => (
            <TreeNode
              key={c.id}
              node={c}
              depth={depth + 1}
              usedPaths={usedPaths}
              pickFor={pickFor}
              onPick={onPick}
            />
          ))}
          {node.hidden ? (
            <Text size="xs" c="dimmed" style={{ paddingLeft: 6 + (depth + 1) * 14 }}>
              and {plural(node.hidden, 'more item')}
            </Text>
          ) : null}
        </div>
      </div>
    );
  }
  const value = node.value === '' ? '""' : formatValue(node.value, 80);
  const content = (
    <>
      <span className={classes.treeKey}>{node.label}</span>
      <VisuallyHidden>:</VisuallyHidden>
      <span className={classes.treeValue}>{value}</span>
    </>
  );
  if (!pickFor)
    return (
      <div className={`${classes.treeRow} ${used ? classes.treeUsed : ''}`} style={pad}>
        {content}
      </div>
    );
  return (
    <Tooltip label={`Map ${pickFor} from ${node.path}`} withArrow openDelay={300} position="right">
      <UnstyledButton
        className={`${classes.treeRow} ${used ? classes.treeUsed : ''}`}
        style={pad}
        onClick={() => onPick(node.path)}
      >
        {content}
        <VisuallyHidden>
          . Map {pickFor} from {node.path}
        </VisuallyHidden>
      </UnstyledButton>
    </Tooltip>
  );
}
