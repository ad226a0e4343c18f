import { z } from 'zod';
import { defineTask } from '../../jobs/worker.ts';
import { makeSampleData, SAMPLE_DATA_TASK } from './sample-data.service.ts';

/** Makes the demo organization's sample project; re-runnable: it resumes from what exists. */
export const sampleDataTask = defineTask({
  kind: SAMPLE_DATA_TASK,
  payload: z.object({ orgId: z.uuid() }),
  // the import it waits for may be queued behind other work: retried with backoff
  maxAttempts: 10,
  async handler({ app, payload, signal }) {
    await makeSampleData(app, payload.orgId, signal);
    return { done: true };
  },
});
