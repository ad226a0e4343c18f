import type { TJoinCondition, TJoinSource, TJoinStats } from '@mapwright/contracts';
import {
  type JoinKind,
  JoinLimitError,
  type JoinOutputColumn,
  type JoinPair,
  type JoinStats,
  joinOutputColumns,
} from '@mapwright/engine';
import { AppError, FieldError } from '../../lib/errors.ts';
import type { JoinInputSource } from './sources.ts';

/** A join's settings as a run keeps them. */
export interface JoinSettings {
  name: string;
  left: TJoinSource;
  right: TJoinSource;
  kind: JoinKind;
  conditions: TJoinCondition[];
  threshold: number;
  matches: 'best' | 'all';
  prefixes: { left: string; right: string };
}

/** Columns every joined row carries after the inputs' own: the score and which sides matched. */
export const META_COLUMNS = ['_score', '_match'] as const;

const NUMERIC = new Set(['integer', 'number']);
/** Profile types an exact key can compare: the same type, or two numeric ones. */
const comparable = (a: string, b: string) => a === b || (NUMERIC.has(a) && NUMERIC.has(b));

/**
 * The checks a join passes before it previews or runs: conditions name columns that exist,
 * exact keys compare like with like, neither input is empty. Each failure names its field.
 */
export function checkJoin(
  s: Pick<JoinSettings, 'conditions'>,
  left: JoinInputSource,
  right: JoinInputSource,
  opts: { needConditions: boolean; loc?: string[] } = { needConditions: true },
) {
  const loc = opts.loc ?? ['body'];
  for (const [side, src] of [
    ['left', left],
    ['right', right],
  ] as const)
    if (!src.rowCount)
      throw new AppError(400, `The ${side} input "${src.name}" is empty: there is nothing to join`);
  if (opts.needConditions && !s.conditions.length)
    throw new FieldError(
      [...loc, 'conditions'],
      'Add at least one condition (a column of each side to join on)',
    );
  s.conditions.forEach((c, i) => {
    const l = left.columns.find((col) => col.name === c.left);
    const r = right.columns.find((col) => col.name === c.right);
    if (!l)
      throw new FieldError(
        [...loc, 'conditions', i, 'left'],
        `The left input "${left.name}" has no column "${c.left}"`,
      );
    if (!r)
      throw new FieldError(
        [...loc, 'conditions', i, 'right'],
        `The right input "${right.name}" has no column "${c.right}"`,
      );
    if (c.method === 'exact' && !comparable(l.type, r.type))
      throw new FieldError(
        [...loc, 'conditions', i],
        `An exact key compares like with like: "${c.left}" holds ${l.type} values and "${c.right}" ${r.type} values (use a fuzzy method, or join on other columns)`,
        'type_mismatch',
      );
  });
}

export function outputColumnsOf(s: JoinSettings, left: JoinInputSource, right: JoinInputSource) {
  return joinOutputColumns(
    left.columns.map((c) => c.name).filter((n) => !(META_COLUMNS as readonly string[]).includes(n)),
    right.columns.map((c) => c.name).filter((n) => !(META_COLUMNS as readonly string[]).includes(n)),
    s.prefixes,
    META_COLUMNS,
  );
}

type Row = Record<string, unknown>;

/** One joined row: the output columns from each side (null on an unmatched side), score, match. */
export function joinedRecord(cols: JoinOutputColumn[], pair: JoinPair, left: Row[], right: Row[]): Row {
  const l = pair.left === null ? null : left[pair.left];
  const r = pair.right === null ? null : right[pair.right];
  const out: Row = {};
  for (const c of cols) {
    const row = c.side === 'left' ? l : r;
    out[c.name] = row && Object.hasOwn(row, c.source) ? row[c.source] : null;
  }
  out._score = pair.score === null ? null : Math.round(pair.score * 1000) / 1000;
  out._match = l && r ? 'both' : l ? 'left_only' : 'right_only';
  return out;
}

export function statsDto(s: JoinStats, outputRows: number): TJoinStats {
  return {
    left_rows: s.leftRows,
    right_rows: s.rightRows,
    matched_left: s.matchedLeft,
    unmatched_left: s.unmatchedLeft,
    unmatched_right: s.unmatchedRight,
    ambiguous: s.ambiguous,
    pairs: s.pairs,
    compared: s.compared,
    histogram: s.histogram,
    output_rows: outputRows,
  };
}

/** The engine's limit as a 400 the user can act on. */
export function limitError(err: unknown): never {
  if (err instanceof JoinLimitError) throw new AppError(400, err.message);
  throw err;
}
