import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TFlowStepKind } from '@mapwright/contracts';
import { canvasClasses as classes, startPaletteDrag } from '../../../components/canvas/index.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useStepKinds } from '../api.ts';
import { KIND_INFO } from '../lib/kinds.ts';

/** Palette items carry `{kind}` under this type onto the canvas. */
export const STEP_DRAG_TYPE = 'application/x-mapwright-flow-step';

/** The step kinds the server runs (GET /flows/step-kinds): click to add, or drag onto the canvas. */
export function StepPalette({ onAdd }: { onAdd: (kind: TFlowStepKind) => void }) {
  const kinds = useStepKinds();
  return (
    <Stack gap="xs" p="sm">
      <Text fw={600} size="sm">
        Steps
      </Text>
      <Text size="xs" c="dimmed">
        Click a step to add it, or drag it onto the canvas; connect a step’s bottom port to the next one’s
        top.
      </Text>
      {kinds.isPending && <LoadingBlock label="Loading steps…" />}
      {kinds.isError && <ErrorBlock error={kinds.error} onRetry={() => void kinds.refetch()} />}
      <Stack
        component="ul"
        gap={6}
        aria-label="Step kinds"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {(kinds.data ?? []).map((k) => {
          const info = KIND_INFO[k.kind];
          const Icon = info.icon;
          return (
            <li key={k.kind}>
              <button
                type="button"
                className={classes.paletteItem}
                draggable
                onDragStart={(e) => startPaletteDrag(e, STEP_DRAG_TYPE, { kind: k.kind })}
                onClick={() => onAdd(k.kind)}
              >
                <VisuallyHidden>Add </VisuallyHidden>
                <Group gap={6} wrap="nowrap">
                  <Icon size={16} color={info.color} aria-hidden />
                  <Text size="sm" fw={500}>
                    {k.label}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {k.description}
                </Text>
              </button>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
