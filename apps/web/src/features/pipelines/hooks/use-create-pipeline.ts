import type { TJob, TPipeline, TResult } from '@mapwright/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toggleJobCreated, togglePipelineCreated } from '../../../lib/usage-store.ts';
import { createJob } from '../api/create-job.ts';
import { createPipeline, type TCreatePipelineInput } from '../api/create-pipeline.ts';
import { pipelinesKey, resultsKey } from '../api/keys.ts';
import { waitForResult } from '../api/result.ts';
import { runJob } from '../api/run-job.ts';
import { jobInputOf, type TSource } from '../lib/source.ts';

export type TCreatePhase = 'idle' | 'pipeline' | 'job' | 'run' | 'done' | 'error';
export interface TCreateState {
  phase: TCreatePhase;
  /** the phase that failed, when phase is 'error' */
  failedAt?: Exclude<TCreatePhase, 'idle' | 'done' | 'error'>;
  pipeline?: TPipeline;
  job?: TJob;
  result?: TResult;
  error?: string;
}

/**
 * Creating a pipeline is three calls: the pipeline, its first job, and a run of that job so the
 * engine's first proposal exists when the workshop opens. Each step is shown as it happens; a
 * failure after the pipeline exists keeps it (the user can add a job from its page).
 */
export function useCreatePipeline() {
  const qc = useQueryClient();
  const [state, setState] = useState<TCreateState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function create(input: TCreatePipelineInput & { source: TSource }) {
    const ctrl = new AbortController();
    abort.current = ctrl;
    let phase: 'pipeline' | 'job' | 'run' = 'pipeline';
    let cur: TCreateState = { phase };
    const set = (next: TCreateState) => {
      cur = next;
      if (!ctrl.signal.aborted) setState(next);
    };
    set(cur);
    try {
      const { source, ...body } = input;
      const pipeline = await createPipeline(body);
      togglePipelineCreated();
      void qc.invalidateQueries({ queryKey: pipelinesKey });
      phase = 'job';
      set({ phase, pipeline });
      const job = await createJob(pipeline.id, jobInputOf(source));
      toggleJobCreated();
      phase = 'run';
      set({ phase, pipeline, job });
      const started = await runJob(job.id);
      const result = await waitForResult(started, {
        signal: ctrl.signal,
        onProgress: (r) => set({ phase: 'run', pipeline, job, result: r }),
      });
      void qc.invalidateQueries({ queryKey: resultsKey });
      set({ phase: 'done', pipeline, job, result });
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      set({ ...cur, phase: 'error', failedAt: phase, error: (err as Error).message });
    }
  }
  return { state, create, reset: () => setState({ phase: 'idle' }) };
}
