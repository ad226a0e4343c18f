import type { TFlowRun } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import { ganttBars } from './gantt.ts';

const T0 = Date.parse('2026-11-25T05:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

describe('the Gantt of a run', () => {
  it('lays finished steps on the run’s span and grows a running step to now', () => {
    const run = {
      started_at: at(0),
      finished_at: null,
      steps: [
        { step_id: 'source', status: 'succeeded', started_at: at(0), finished_at: at(2) },
        { step_id: 'map', status: 'running', started_at: at(2), finished_at: null },
        { step_id: 'dest', status: 'pending', started_at: null, finished_at: null },
      ],
    } as unknown as TFlowRun;
    const early = ganttBars(run, T0 + 4000);
    expect(early.spanMs).toBe(4000);
    expect(early.bars.map((b) => [b.stepId, b.left, b.width])).toEqual([
      ['source', 0, 0.5],
      ['map', 0.5, 0.5],
      ['dest', 0, 0],
    ]);
    // a second later the running bar is longer and the finished one a smaller share
    const later = ganttBars(run, T0 + 8000);
    expect(later.bars[0]!.width).toBe(0.25);
    expect(later.bars[1]!.width).toBe(0.75);
    expect(later.bars[1]!.ms).toBe(6000);
  });

  it('ends at the run’s end once it finished', () => {
    const run = {
      started_at: at(0),
      finished_at: at(10),
      steps: [{ step_id: 'source', status: 'succeeded', started_at: at(5), finished_at: at(10) }],
    } as unknown as TFlowRun;
    const g = ganttBars(run, T0 + 60_000);
    expect(g.spanMs).toBe(10_000);
    expect(g.bars[0]).toMatchObject({ left: 0.5, width: 0.5, ms: 5000 });
  });
});
