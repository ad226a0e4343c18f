import type { TJoinSource } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { importRecords } from '../imports/imports.service.ts';
import { readInputRecords } from '../joins/joins.service.ts';
import type { ResolutionRow } from './resolution.repository.ts';

export type Rec = Record<string, unknown>;

/** The inputs a resolution reads: stored sources, or (older rows) its imports. */
export function inputsOf(row: ResolutionRow): { left?: TJoinSource; right?: TJoinSource } {
  const config = row.config as { left?: TJoinSource; right?: TJoinSource };
  const left = config.left ?? (row.importId ? { kind: 'import' as const, id: row.importId } : undefined);
  const right =
    config.right ?? (row.rightImportId ? { kind: 'import' as const, id: row.rightImportId } : undefined);
  return { ...(left ? { left } : {}), ...(right ? { right } : {}) };
}

/** The left input of a request: `input`, or `import_id` as an import; exactly one of them. */
export function leftOf(body: { import_id?: string; input?: TJoinSource }): TJoinSource {
  if (body.import_id && body.input)
    throw new FieldError(['body', 'input'], 'give either import_id or input, not both');
  if (body.input) return body.input;
  if (body.import_id) return { kind: 'import', id: body.import_id };
  throw new FieldError(
    ['body', 'import_id'],
    'give the import to resolve (import_id) or another input (input)',
  );
}

/** Every record of an input (imports through the imports module, the rest as joins read them). */
export async function readInput(ctx: AppContext, orgId: string, src: TJoinSource): Promise<Rec[]> {
  if (src.kind === 'import')
    return (await importRecords(ctx, orgId, src.id, 0, Number.MAX_SAFE_INTEGER)) as Rec[];
  return (await readInputRecords(ctx, { orgId } as Principal, src)).records;
}

/** Records and column names of an input, or an error naming the request field. */
export async function loadInput(ctx: AppContext, p: Principal, field: string, src: TJoinSource) {
  try {
    const records = await readInput(ctx, p.orgId, src);
    return { records, names: [...new Set(records.slice(0, 2000).flatMap((r) => Object.keys(r)))] };
  } catch (e) {
    if (e instanceof AppError && (e.statusCode === 404 || e.statusCode === 409))
      throw new FieldError(
        ['body', field],
        e.statusCode === 404 ? `no such ${src.kind.replace('_', ' ')}` : e.message,
      );
    throw e;
  }
}

/**
 * The records a dedupe resolves: its input, then the records added since ("Add new records"),
 * each added input's records whose key is not there yet (all of them without a key column).
 */
export async function readLeft(ctx: AppContext, orgId: string, row: ResolutionRow, left: TJoinSource) {
  const config = row.config as { idColumn?: string; added?: TJoinSource[] };
  const records = await readInput(ctx, orgId, left);
  for (const src of config.added ?? [])
    records.push(...newRecords(records, await readInput(ctx, orgId, src), config.idColumn));
  return records;
}

/** Records of `incoming` not among `existing` (by the key column; all of them without one). */
export function newRecords(existing: Rec[], incoming: Rec[], idColumn?: string) {
  if (!idColumn) return incoming;
  const seen = new Set(existing.map((r) => String(r[idColumn])));
  return incoming.filter(
    (r) => r[idColumn] === null || r[idColumn] === undefined || !seen.has(String(r[idColumn])),
  );
}
