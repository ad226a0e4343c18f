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
  SPEC_VERSION,
  suggestMapping,
} from '@mapwright/engine';
import type { UserCodeReply, UserCodeRequest } from './user-code.ts';

const OUTPUT = '__output';

/** One expression computing the whole output, as a one-field spec (the engine's JSONata path and helpers). */
function wholeRecordSpec(expression: string): MappingSpec {
  return {
    version: SPEC_VERSION,
    fields: [
      {
        target: OUTPUT,
        sources: [],
        transform: { kind: 'jsonata', expression },
        confidence: 1,
        bucket: 'Very High',
        reason: 'code generation',
        status: 'edited',
      },
    ],
  };
}

async function run(req: UserCodeRequest & { id: number }): Promise<UserCodeReply & { id: number }> {
  const schema = req.schema as JsonSchema | null;
  const spec =
    req.expression !== undefined
      ? wholeRecordSpec(req.expression)
      : ((req.spec as MappingSpec | null) ??
        suggestMapping({ profile: profileRecords(req.records), targetSchema: schema ?? {} }).spec);
  const mapper = compileSpec(spec);
  let records: unknown[] = mapper.isAsync
    ? await mapper.mapManyAsync(req.records)
    : mapper.mapMany(req.records);
  if (req.expression !== undefined)
    records = records.map((r) => (r as Record<string, unknown>)[OUTPUT] ?? null);
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

/** JSONata throws plain objects ({code, message, token}): their message and the name it is about. */
function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  const e = err as { message?: unknown; token?: unknown } | null;
  if (e && typeof e.message === 'string')
    return typeof e.token === 'string' ? `${e.message}: ${e.token}` : e.message;
  return String(err);
}

parentPort!.on('message', (req: UserCodeRequest & { id: number }) => {
  run(req).then(
    (reply) => parentPort!.postMessage(reply),
    (err: unknown) => parentPort!.postMessage({ id: req.id, error: messageOf(err) }),
  );
});
// loaded: the pool's deadlines count from here (lib/thread-pool.ts)
parentPort!.postMessage({ ready: true });
