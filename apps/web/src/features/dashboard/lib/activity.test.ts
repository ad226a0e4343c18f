import type { TResult } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import { busiestPipelines, chartRows, dayLabel, totalsOf } from './activity.ts';

const run = (pipeline_id: string, processed: number, failed: number, created_at: string) =>
  ({ pipeline_id, processed, failed, created_at }) as TResult;

describe('activity', () => {
  it('adds up the days and the failure rate', () => {
    const days = [
      { day: '2026-03-01', runs: 2, processed: 1000, failed: 10 },
      { day: '2026-03-02', runs: 1, processed: 1000, failed: 30 },
    ];
    expect(totalsOf(days)).toEqual({ runs: 3, processed: 2000, failed: 40, failureRate: 0.02 });
    expect(totalsOf([])).toEqual({ runs: 0, processed: 0, failed: 0, failureRate: 0 });
    expect(chartRows(days)[1]).toEqual({ day: dayLabel('2026-03-02'), Valid: 970, Failed: 30 });
  });

  it('labels a UTC day as that day whatever the time zone', () => {
    expect(dayLabel('2026-03-04')).toMatch(/4/);
  });

  it('ranks pipelines by records processed', () => {
    const ranked = busiestPipelines([
      run('a', 100, 0, '2026-03-01T10:00:00Z'),
      run('b', 5000, 50, '2026-03-02T10:00:00Z'),
      run('a', 200, 30, '2026-03-03T10:00:00Z'),
    ]);
    expect(ranked.map((p) => [p.pipelineId, p.runs, p.processed, p.failed])).toEqual([
      ['b', 1, 5000, 50],
      ['a', 2, 300, 30],
    ]);
    expect(ranked[1]?.failureRate).toBe(0.1);
    expect(ranked[1]?.lastRunAt).toBe('2026-03-03T10:00:00Z');
  });
});
