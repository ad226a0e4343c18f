import { Group, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TFlowRun } from '@mapwright/contracts';
import { ganttBars } from '../lib/gantt.ts';
import { formatSpan, STEP_COLORS, statusLabel } from '../lib/status.ts';
import classes from './run-gantt.module.css';

/**
 * The run's steps over time: one row per step, its bar from start to end (growing while it
 * runs). The page polls the run, so the chart fills in live. Click a row to open that step.
 */
export function RunGantt({
  run,
  now,
  names,
  selected,
  onSelect,
}: {
  run: TFlowRun;
  now: number;
  names: Map<string, string>;
  selected: string | null;
  onSelect: (stepId: string) => void;
}) {
  const { bars, spanMs } = ganttBars(run, now);
  return (
    <div className={classes.chart}>
      <ul aria-label="Steps over time" className={classes.list}>
        {bars.map((b) => {
          const color = `var(--mantine-color-${STEP_COLORS[b.status]}-6)`;
          return (
            <li key={b.stepId}>
              <UnstyledButton
                className={`${classes.row} ${selected === b.stepId ? classes.selected : ''}`}
                onClick={() => onSelect(b.stepId)}
                data-status={b.status}
              >
                <Text size="xs" fw={500} truncate className={classes.label}>
                  {names.get(b.stepId) ?? b.stepId}
                  <VisuallyHidden component="span">: {statusLabel(b.status)}</VisuallyHidden>
                </Text>
                <div className={classes.track}>
                  {b.width > 0 && (
                    <Tooltip
                      label={`${statusLabel(b.status)}${b.ms != null ? ` · ${formatSpan(b.ms)}` : ''}`}
                    >
                      <div
                        className={`${classes.bar} ${b.status === 'running' ? classes.live : ''}`}
                        style={{ left: `${b.left * 100}%`, width: `${b.width * 100}%`, background: color }}
                      />
                    </Tooltip>
                  )}
                  {b.width === 0 && (
                    <Text size="10px" c="dimmed" className={classes.waiting} aria-hidden>
                      {statusLabel(b.status)}
                    </Text>
                  )}
                </div>
                <Text size="xs" c="dimmed" ta="right" className={classes.time}>
                  {b.ms != null ? formatSpan(b.ms) : ''}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
      <Group justify="space-between" className={classes.axis}>
        <Text size="10px" c="dimmed">
          0 s
        </Text>
        <Text size="10px" c="dimmed">
          {spanMs ? formatSpan(spanMs) : ''}
        </Text>
      </Group>
    </div>
  );
}
