import type { TErrorGroups } from '@mapwright/contracts';

/** A run's errors as the server groups them (GET /results/{id}/errors): type, then field. */
export type TErrorTypeGroup = TErrorGroups['types'][number];
export type TErrorGroup = TErrorTypeGroup['fields'][number];
export type TSample = TErrorGroup['samples'][number];
