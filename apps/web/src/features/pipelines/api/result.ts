import type { TResult } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';
import { isRunning } from '../lib/status.ts';

export const getResult = async (id: string) => required(await http.get<TResult>(`/results/${id}`));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Stopped', 'AbortError'));
    });
  });

/**
 * Polls a result until its run has ended or `maxMs` has passed (a big job keeps running on the
 * server; the caller then says so instead of waiting). Reports each poll for a progress bar.
 */
export async function waitForResult(
  result: TResult,
  opts: { onProgress?: (r: TResult) => void; signal?: AbortSignal; maxMs?: number; everyMs?: number } = {},
): Promise<TResult> {
  const { onProgress, signal, maxMs = 60_000, everyMs = 700 } = opts;
  const until = Date.now() + maxMs;
  let r = result;
  onProgress?.(r);
  while (isRunning(r.status) && Date.now() < until) {
    await sleep(everyMs, signal);
    r = await getResult(r.id);
    onProgress?.(r);
  }
  return r;
}
