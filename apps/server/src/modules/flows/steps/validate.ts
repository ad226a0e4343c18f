import { createValidator, type JsonSchema } from '@mapwright/engine';
import type { AppContext, Principal } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { getSchema } from '../../target-schemas/target-schemas.service.ts';
import { batchesOf, withWriters } from '../io.ts';
import { columnsOfSchema, StepInputError, type StepKind, StepProblem } from './types.ts';

/** Records validated between two yields to the event loop. */
const VALIDATE_BATCH = 1_000;

async function schemaOf(app: AppContext, p: Principal, id: string) {
  return getSchema(app, p, id).catch((err) => {
    if (err instanceof AppError && err.statusCode === 404)
      throw new StepProblem(['config', 'target_schema_id'], `target schema ${id} was not found`);
    throw err;
  });
}

export const validateStep: StepKind<'validate'> = {
  kind: 'validate',
  label: 'Validate',
  description: 'Checks each row against a target schema; rows that fail go to “rejected” with their errors',
  async outputs(ctx, step, inputs) {
    const s = await schemaOf(ctx.app, ctx.principal, step.config.target_schema_id);
    const input = inputs.in ?? [];
    // a required field the rows cannot hold would reject every row: refuse it now
    const names = new Set(input.map((c) => c.name));
    const required = ((s.schema as { required?: string[] }).required ?? []).filter((f) => !names.has(f));
    if (required.length)
      throw new StepProblem(
        ['config', 'target_schema_id'],
        `"${s.name}" requires ${required.map((f) => `"${f}"`).join(', ')}, which the rows flowing in do not have`,
      );
    const typed = new Map(columnsOfSchema(s.schema).map((c) => [c.name, c.type]));
    const out = input.map((c) => ({ name: c.name, type: typed.get(c.name) ?? c.type }));
    return { out, rejected: [...input, { name: '_errors', type: 'array' }] };
  },
  uses: () => [],
  async run(ctx, step) {
    const s = await schemaOf(ctx.app, ctx.principal, step.config.target_schema_id).catch((err) => {
      throw err instanceof StepProblem ? new StepInputError(err.message) : err;
    });
    const validator = createValidator(s.schema as JsonSchema);
    const input = ctx.inputs.in!;
    return withWriters(ctx.app, ctx.principal.orgId, 2, async ([out, rejected]) => {
      for await (const batch of batchesOf(ctx.app, input, VALIDATE_BATCH)) {
        // as a job validates: the batch at once (x-unique compares records), then each failure's errors
        const verdicts = validator.validateRecords(batch).messages;
        for (const [i, r] of batch.entries()) {
          if (verdicts[i] === 'success') await out!.add(r);
          else {
            const errors = validator
              .validateRecord(r)
              .map((e) => ({ path: e.field, message: e.error_message }));
            await rejected!.add({
              ...r,
              _errors: errors.length ? errors : [{ path: '', message: String(verdicts[i]) }],
            });
          }
        }
        if (ctx.signal.aborted) throw ctx.signal.reason;
      }
      const [o, rj] = [await out!.finish(), await rejected!.finish()];
      if (rj.rowCount) ctx.log('warn', `${rj.rowCount} of ${input.rowCount} rows failed "${s.name}"`);
      return {
        rowsIn: input.rowCount,
        rowsOut: o.rowCount,
        rowsRejected: rj.rowCount,
        output: o,
        rejected: rj,
      };
    });
  },
};
