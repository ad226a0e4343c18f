/**
 * A thread that evaluates user code for one request: records mapped with a user's mapping
 * (JSONata and all), or with the engine's suggestion when there is none, then validated. It
 * runs under a deadline and a heap limit (lib/user-code.ts): an expression that recurses for
 * minutes or allocates without end stops this thread, never the server.
 */
import { parentPort } from 'node:worker_threads';
import {
  compileSpec,
  createValidator,
  type JsonSchema,
  type MappingSpec,
  profileRecords,
  suggestMapping,
} from '@mapwright/engine';
import type { UserCodeReply, UserCodeRequest } from './user-code.ts';

async function run(req: UserCodeRequest & { id: number }): Promise<UserCodeReply & { id: number }> {
  const schema = req.schema as JsonSchema | null;
  const spec =
    (req.spec as MappingSpec | null) ??
    suggestMapping({ profile: profileRecords(req.records), targetSchema: schema ?? {} }).spec;
  const mapper = compileSpec(spec);
  const records = mapper.isAsync ? await mapper.mapManyAsync(req.records) : mapper.mapMany(req.records);
  let valid: UserCodeReply['valid'] = null;
  let errors: UserCodeReply['errors'] = null;
  if (schema) {
    const validator = createValidator(schema);
    // as a run validates: the batch at once (x-unique compares records)
    valid = validator.validateRecords(records).messages.map((m) => m === 'success');
    if (req.listErrors)
      errors = records.map((r) =>
        validator.validateRecord(r).map((e) => ({ path: e.field, message: e.error_message })),
      );
  }
  return { id: req.id, spec, records, valid, errors };
}

parentPort!.on('message', (req: UserCodeRequest & { id: number }) => {
  run(req).then(
    (reply) => parentPort!.postMessage(reply),
    (err: unknown) =>
      parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// loaded: the pool's deadlines count from here (lib/thread-pool.ts)
parentPort!.postMessage({ ready: true });
