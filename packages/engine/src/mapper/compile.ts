/**
 * The compiled mapper: the spec is turned once into plain closures (path getters, transform
 * functions, output writers) so mapping a record does no parsing and no spec lookups. Specs
 * without JSONata map synchronously; a JSONata field (compiled once per expression) makes its
 * value a Promise, so such specs are mapped with mapAsync.
 */
import jsonata from 'jsonata';
import { FORBIDDEN_SEGMENTS, getPath, parsePath, pathProblem } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';
import {
  cloneJson,
  concatInput,
  elementsOf,
  inputOf,
  planFields,
  readsWholeInput,
  relativeSource,
  setPath,
} from './field.ts';
import { present, type Scalar, scalarOf, usesJsonata } from './transforms.ts';

export type MappedRecord = Record<string, unknown>;

export interface CompiledMapper {
  /** true when some field uses JSONata: use mapAsync / mapManyAsync */
  readonly isAsync: boolean;
  map(record: unknown): MappedRecord;
  mapMany(records: readonly unknown[]): MappedRecord[];
  mapAsync(record: unknown): Promise<MappedRecord>;
  mapManyAsync(records: readonly unknown[]): Promise<MappedRecord[]>;
}

type Getter = (o: unknown) => unknown;

/** Keys an object may answer from its prototype (or an array from itself): read them with hasOwn. */
function needsOwnCheck(key: string): boolean {
  return key in Object.prototype || key === 'length' || /^\d+$/.test(key);
}

function keyGetter(key: string): Getter {
  if (needsOwnCheck(key)) {
    return (o) =>
      o !== null && typeof o === 'object' && !Array.isArray(o) && Object.hasOwn(o, key)
        ? (o as Record<string, unknown>)[key]
        : undefined;
  }
  return (o) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined);
}

export function compileGetter(path: string): Getter {
  if (path === '') return (o) => o;
  const segs = parsePath(path);
  if (!segs) return () => undefined;
  if (segs.some((s) => s.each)) return (o) => getPath(o, segs);
  const gets = segs.map((s) => keyGetter(s.key));
  if (gets.length === 1) return gets[0] as Getter;
  if (gets.length === 2) {
    const [a, b] = gets as [Getter, Getter];
    return (o) => b(a(o));
  }
  return (o) => {
    let v = o;
    for (const g of gets) {
      v = g(v);
      if (v === undefined) return undefined;
    }
    return v;
  };
}

type Step = (value: unknown, record: unknown) => unknown;

function compileTransform(t: Transform): Step {
  if (t.kind === 'jsonata') {
    const expr = jsonata(t.expression);
    return (value, record) => expr.evaluate(value, { record });
  }
  if (t.kind === 'constant') return () => undefined;
  if (t.kind === 'concat') {
    const f = concatInput(t.separator);
    return (v) => f(v);
  }
  if (t.kind === 'chain' && usesJsonata(t)) {
    const steps = t.steps.map(compileTransform);
    return async (value, record) => {
      let x = value;
      for (const [i, step] of steps.entries()) {
        if (i > 0 && !present(x)) return undefined;
        x = await step(x, record);
      }
      return x;
    };
  }
  if (t.kind === 'chain') {
    const steps = t.steps.map(compileTransform);
    return (value, record) => {
      let x = value;
      for (const [i, step] of steps.entries()) {
        if (i > 0 && !present(x)) return undefined;
        x = step(x, record);
      }
      return x;
    };
  }
  const f = scalarOf(t) as Scalar;
  return (v) => f(v);
}

/** (record, element) -> value or undefined (Promise for JSONata fields). */
type FieldFn = (record: unknown, input: unknown) => unknown;

function compileField(field: FieldMapping, driver: string | undefined): FieldFn {
  const step = compileTransform(field.transform);
  const dflt = field.default;
  const hasDefault = dflt !== undefined;
  const objectDefault = dflt !== null && typeof dflt === 'object';
  const done = (v: unknown): unknown =>
    v !== undefined && v !== null ? v : !hasDefault ? undefined : objectDefault ? cloneJson(dflt) : dflt;
  const doneAsync = (v: unknown): unknown => (v instanceof Promise ? v.then(done) : done(v));
  const finishFn = usesJsonata(field.transform) ? doneAsync : done;

  if (readsWholeInput(field)) return (record, input) => finishFn(step(input, record));
  const getters = field.sources.map((s) => {
    const rel = relativeSource(s, driver);
    const g = compileGetter(rel.path);
    return rel.fromElement ? (_r: unknown, el: unknown) => g(el) : (r: unknown) => g(r);
  });
  if (getters.length === 1) {
    const g = getters[0] as (r: unknown, el: unknown) => unknown;
    return (record, input) => finishFn(step(g(record, input), record));
  }
  const t = field.transform;
  return (record, input) =>
    finishFn(
      step(
        inputOf(
          t,
          getters.map((g) => g(record, input)),
        ),
        record,
      ),
    );
}

interface Writer {
  fn: FieldFn;
  keys: string[];
}

function writersOf(fields: { field: FieldMapping; rest: string }[], driver: string | undefined): Writer[] {
  return fields.map(({ field, rest }) => {
    const keys = rest.split('.');
    if (keys.some((k) => FORBIDDEN_SEGMENTS.has(k)))
      throw new Error(`${field.target}: reserved name in target path`);
    return { fn: compileField(field, driver), keys };
  });
}

export function compileSpec(spec: MappingSpec): CompiledMapper {
  for (const f of spec.fields) {
    const problem = pathProblem(f.target) ?? f.sources.map(pathProblem).find(Boolean);
    if (problem) throw new Error(`${f.target}: ${problem}`);
  }
  const isAsync = spec.fields.some((f) => usesJsonata(f.transform));
  const { plain, groups } = planFields(spec.fields);
  const plainWriters = writersOf(
    plain.map((field) => ({ field, rest: field.target })),
    undefined,
  );
  const groupPlans = groups.map((g) => ({
    keys: g.targetPrefix.split('.'),
    driver: g.driver,
    elements: g.driver === undefined ? (r: unknown) => [r] : compileElements(g.driver),
    writers: writersOf(g.fields, g.driver),
  }));

  // `pending` collects the Promises of JSONata fields so mapAsync can settle them afterwards
  const build = (record: unknown, pending: Promise<void>[] | undefined): MappedRecord => {
    const out: MappedRecord = {};
    const write = (obj: MappedRecord, w: Writer, v: unknown) => {
      if (v === undefined) return;
      if (v instanceof Promise) {
        if (!pending) throw new Error('this spec has JSONata fields: use mapAsync');
        pending.push(v.then((x) => (x === undefined ? undefined : setPath(obj, w.keys, x))));
      } else if (w.keys.length === 1) obj[w.keys[0] as string] = v;
      else setPath(obj, w.keys, v);
    };
    for (const w of plainWriters) write(out, w, w.fn(record, record));
    for (const g of groupPlans) {
      const els = g.elements(record);
      if (!els) continue;
      const built: MappedRecord[] = new Array(els.length);
      for (let i = 0; i < els.length; i++) {
        const o: MappedRecord = {};
        for (const w of g.writers) write(o, w, w.fn(record, els[i]));
        built[i] = o;
      }
      if (g.driver === undefined && !pending && Object.keys(built[0] as object).length === 0) continue;
      setPath(out, g.keys, built);
    }
    return out;
  };

  const dropEmptyRootGroups = (out: MappedRecord) => {
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

  const map = (record: unknown) => build(record, undefined);
  const mapAsync = async (record: unknown) => {
    const pending: Promise<void>[] = [];
    const out = build(record, pending);
    await Promise.all(pending);
    return dropEmptyRootGroups(out);
  };
  return {
    isAsync,
    map,
    mapMany: (records) => records.map(map),
    mapAsync,
    mapManyAsync: (records) => Promise.all(records.map(mapAsync)),
  };
}

function compileElements(driver: string): (r: unknown) => unknown[] | undefined {
  const g = compileGetter(driver);
  return (r) => elementsOf(g(r));
}
