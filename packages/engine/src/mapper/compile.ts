/**
 * The compiled mapper: the spec is turned once into plain closures (path getters, transform
 * functions, output writers) so mapping a record does no parsing and no spec lookups. Specs
 * without JSONata map synchronously; a JSONata field (compiled once per expression) makes its
 * value a Promise, so such specs are mapped with mapAsync.
 */
import jsonata from 'jsonata';
import { FORBIDDEN_SEGMENTS, pathProblem } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';
import { type DropBox, type DroppedValue, watchStep } from './drops.ts';
import {
  cloneJson,
  concatInput,
  defaultOf,
  elementsOf,
  planFields,
  readsWholeInput,
  relativeSource,
  setPath,
  takesAllSources,
} from './field.ts';
import { compileGetter } from './getters.ts';
import { chainOf, present, type Scalar, type StepWatch, scalarOf, usesJsonata } from './transforms.ts';

export { compileGetter };

import { type MappedRecord, put } from './compile-put.ts';

export type { MappedRecord };

/** Mapped records and, per record, the values its transforms could not convert (drops.ts). */
export interface MappingReport {
  records: MappedRecord[];
  /** one entry per record: its dropped values, or undefined when it dropped none */
  dropped: (DroppedValue[] | undefined)[];
}

export interface CompiledMapper {
  /** true when some field uses JSONata: use mapAsync / mapManyAsync */
  readonly isAsync: boolean;
  map(record: unknown): MappedRecord;
  mapMany(records: readonly unknown[]): MappedRecord[];
  mapAsync(record: unknown): Promise<MappedRecord>;
  mapManyAsync(records: readonly unknown[]): Promise<MappedRecord[]>;
  /** mapMany, and the values each record lost because a transform could not convert them */
  mapManyReport(records: readonly unknown[]): MappingReport;
  /** mapManyReport for specs with JSONata fields */
  mapManyReportAsync(records: readonly unknown[]): Promise<MappingReport>;
}

type Step = (value: unknown, record: unknown) => unknown;

/** A transform without JSONata: a plain function of the value. */
function syncStep(t: Transform, watch: StepWatch | undefined): Scalar {
  if (t.kind === 'constant') return () => undefined;
  if (t.kind === 'concat') return concatInput(t.separator);
  if (t.kind === 'chain') return chainOf(t.steps.map((s) => syncStep(s, watch)));
  return scalarOf(t, watch) as Scalar;
}

function compileTransform(t: Transform, box?: DropBox): Step {
  const watch = box ? (step: Scalar, st: Transform) => watchStep(step, st, box) : undefined;
  if (!usesJsonata(t)) return syncStep(t, watch);
  if (t.kind === 'jsonata') {
    const expr = jsonata(t.expression);
    return (value, record) => expr.evaluate(value, { record });
  }
  // a chain with a JSONata step: each step waits for the one before
  const steps = (t as Extract<Transform, { kind: 'chain' }>).steps.map((s) => compileTransform(s, box));
  return async (value, record) => {
    // other records map while this one waits: its steps report to its own list
    const list = box?.list;
    let x = value;
    for (let i = 0; i < steps.length; i++) {
      if (i > 0 && !present(x)) return undefined;
      if (box) box.list = list;
      x = await (steps[i] as Step)(x, record);
    }
    return x;
  };
}

/** (record, element) -> value or undefined (Promise for JSONata fields). */
type FieldFn = (record: unknown, input: unknown) => unknown;

function compileField(field: FieldMapping, driver: string | undefined, box?: DropBox): FieldFn {
  const step = compileTransform(field.transform, box);
  const read: FieldFn = readsWholeInput(field) ? (_r, input) => input : sourcesReader(field, driver);
  // null and undefined become the default (deep-copied so outputs never share it) or nothing
  const dflt = defaultOf(field);
  const orDefault =
    dflt !== null && typeof dflt === 'object'
      ? (v: unknown): unknown => (v !== undefined && v !== null ? v : cloneJson(dflt))
      : (v: unknown): unknown => (v !== undefined && v !== null ? v : dflt);
  if (usesJsonata(field.transform))
    return (record, input) => {
      const v = step(read(record, input), record);
      return v instanceof Promise ? v.then(orDefault) : orDefault(v);
    };
  // the default test written out here: one call less per field and record
  return (record, input) => {
    const v = step(read(record, input), record);
    return v !== undefined && v !== null ? v : orDefault(v);
  };
}

/** The field's input from its sources, by the rules of inputOf (without its list for one source). */
function sourcesReader(field: FieldMapping, driver: string | undefined): FieldFn {
  const getters = field.sources.map((s): FieldFn => {
    const rel = relativeSource(s, driver);
    const g = compileGetter(rel.path);
    // a getter reads its one argument: the record, unless the path is relative to the element
    return rel.fromElement ? (_r, el) => g(el) : g;
  });
  if (getters.length === 1) return getters[0] as FieldFn;
  if (takesAllSources(field.transform))
    return (record, input) => {
      const values: unknown[] = new Array(getters.length);
      for (let i = 0; i < getters.length; i++) values[i] = (getters[i] as FieldFn)(record, input);
      return values;
    };
  // the other transforms take the first present value (the sources act as a coalesce)
  return (record, input) => {
    for (let i = 0; i < getters.length; i++) {
      const v = (getters[i] as FieldFn)(record, input);
      if (present(v)) return v;
    }
    return undefined;
  };
}

interface Writer {
  fn: FieldFn;
  /** the target path below the output object; checked for reserved names when compiled */
  keys: string[];
  /** where the field's steps report dropped values (only when mapping with a report) */
  box: DropBox | undefined;
  /** the path below the list element (`amount` of `lines[*].amount`) */
  rest: string;
}

function writersOf(
  fields: { field: FieldMapping; rest: string }[],
  driver: string | undefined,
  report: boolean,
): Writer[] {
  return fields.map(({ field, rest }) => {
    const keys = rest.split('.');
    if (keys.some((k) => FORBIDDEN_SEGMENTS.has(k)))
      throw new Error(`${field.target}: reserved name in target path`);
    const box = report ? { field: field.target, target: field.target, list: undefined } : undefined;
    return { fn: compileField(field, driver, box), keys, box, rest };
  });
}

type Build = (record: unknown, pending: Promise<void>[] | undefined, drops?: DroppedValue[]) => MappedRecord;

/**
 * The record builder of a spec's fields: writers compiled once. With `report`, every writer has
 * a DropBox and `drops` (the record's list) is handed to each before its field is mapped.
 */
function builderOf(
  fields: FieldMapping[],
  report: boolean,
): { build: Build; dropEmpty: (o: MappedRecord) => MappedRecord } {
  const { plain, groups } = planFields(fields);
  const plainWriters = writersOf(
    plain.map((field) => ({ field, rest: field.target })),
    undefined,
    report,
  );
  const groupPlans = groups.map((g) => ({
    prefix: g.targetPrefix,
    keys: g.targetPrefix.split('.'),
    driver: g.driver,
    elements: g.driver === undefined ? (r: unknown) => [r] : compileElements(g.driver),
    writers: writersOf(g.fields, g.driver, report),
  }));

  // `pending` collects the Promises of JSONata fields so mapAsync can settle them afterwards
  const build: Build = (record, pending, drops) => {
    const out: MappedRecord = {};
    // indexed loops: in this shared, megamorphic code for-of would allocate an iterator per record
    for (let wi = 0; wi < plainWriters.length; wi++) {
      const w = plainWriters[wi] as Writer;
      if (w.box) w.box.list = drops;
      put(out, w, w.fn(record, record), pending);
    }
    for (let gi = 0; gi < groupPlans.length; gi++) {
      const g = groupPlans[gi] as (typeof groupPlans)[number];
      const els = g.elements(record);
      if (!els) continue;
      const built: MappedRecord[] = new Array(els.length);
      for (let i = 0; i < els.length; i++) {
        const o: MappedRecord = {};
        for (let wi = 0; wi < g.writers.length; wi++) {
          const w = g.writers[wi] as Writer;
          if (w.box) {
            w.box.list = drops;
            w.box.field = `${g.prefix}[${i}].${w.rest}`;
          }
          put(o, w, w.fn(record, els[i]), pending);
        }
        built[i] = o;
      }
      if (g.driver === undefined && !pending && Object.keys(built[0] as object).length === 0) continue;
      setPath(out, g.keys, built);
    }
    return out;
  };

  const dropEmpty = (out: MappedRecord) => {
    for (const g of groupPlans) {
      if (g.driver !== undefined) continue;
      const parent = g.keys
        .slice(0, -1)
        .reduce<unknown>((o, k) => (o as MappedRecord)?.[k], out) as MappedRecord;
      const last = g.keys[g.keys.length - 1] as string;
      const arr = parent?.[last];
      if (Array.isArray(arr) && Object.keys(arr[0] ?? {}).length === 0) delete parent[last];
    }
    return out;
  };
  return { build, dropEmpty };
}

export function compileSpec(spec: MappingSpec): CompiledMapper {
  for (const f of spec.fields) {
    const problem = pathProblem(f.target) ?? f.sources.map(pathProblem).find(Boolean);
    if (problem) throw new Error(`${f.target}: ${problem}`);
  }
  const isAsync = spec.fields.some((f) => usesJsonata(f.transform));
  const { build, dropEmpty } = builderOf(spec.fields, false);
  // the reporting builder is compiled on first use: plain mapping never pays for it
  let reporting: ReturnType<typeof builderOf> | undefined;
  const reporter = () => {
    reporting ??= builderOf(spec.fields, true);
    return reporting;
  };

  const map = (record: unknown) => build(record, undefined);
  const mapAsync = async (record: unknown) => {
    const pending: Promise<void>[] = [];
    const out = build(record, pending);
    await Promise.all(pending);
    return dropEmpty(out);
  };
  const mapManyReport = (records: readonly unknown[]): MappingReport => {
    const r = reporter();
    const out: MappedRecord[] = new Array(records.length);
    const dropped: (DroppedValue[] | undefined)[] = new Array(records.length);
    for (let i = 0; i < records.length; i++) {
      const drops: DroppedValue[] = [];
      out[i] = r.build(records[i], undefined, drops);
      dropped[i] = drops.length ? drops : undefined;
    }
    return { records: out, dropped };
  };
  const mapManyReportAsync = async (records: readonly unknown[]): Promise<MappingReport> => {
    const r = reporter();
    const dropped: (DroppedValue[] | undefined)[] = new Array(records.length);
    const out = await Promise.all(
      records.map(async (record, i) => {
        const pending: Promise<void>[] = [];
        const drops: DroppedValue[] = [];
        const o = r.build(record, pending, drops);
        await Promise.all(pending);
        dropped[i] = drops.length ? drops : undefined;
        return r.dropEmpty(o);
      }),
    );
    return { records: out, dropped };
  };
  return {
    isAsync,
    map,
    mapMany: (records) => records.map(map),
    mapAsync,
    mapManyAsync: (records) => Promise.all(records.map(mapAsync)),
    mapManyReport,
    mapManyReportAsync,
  };
}

function compileElements(driver: string): (r: unknown) => unknown[] | undefined {
  const g = compileGetter(driver);
  return (r) => elementsOf(g(r));
}
