/**
 * The compiled mapper: the spec is turned once into plain closures (path getters, transform
 * functions, output writers) so mapping a record does no parsing and no spec lookups. Specs
 * without JSONata map synchronously; a JSONata field (compiled once per expression) makes its
 * value a Promise, so such specs are mapped with mapAsync.
 */
import jsonata from 'jsonata';
import { FORBIDDEN_SEGMENTS, type PathSegment, parsePath, pathProblem } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';
import {
  cloneJson,
  concatInput,
  elementsOf,
  planFields,
  readsWholeInput,
  relativeSource,
  setPath,
  takesAllSources,
} from './field.ts';
import { chainOf, present, type Scalar, scalarOf, usesJsonata } from './transforms.ts';

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

/**
 * Keys an object may answer from its prototype (or an array from itself or Array.prototype):
 * read them with hasOwn, as getPath does. Other keys are read directly, which is faster.
 */
function needsOwnCheck(key: string): boolean {
  return key in Object.prototype || key in Array.prototype || /^\d+$/.test(key);
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

/** A path reader equal to getPath(o, parsePath(path)), specialised once per path. */
export function compileGetter(path: string): Getter {
  if (path === '') return (o) => o;
  const segs = parsePath(path);
  if (!segs) return () => undefined;
  if (segs.some((s) => s.each)) return eachGetter(segs);
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

/**
 * getPath for a path through arrays (`items[*].sku`), without its per-segment lists: a depth-first
 * walk collects the same values in the same order into one array (undefined when there are none).
 */
function eachGetter(segs: readonly PathSegment[]): Getter {
  const visit = (v: unknown, i: number, out: unknown[]): void => {
    if (i === segs.length) {
      // like a JSONata path: array leaves are flattened one level
      if (Array.isArray(v)) for (const x of v) out.push(x);
      else out.push(v);
      return;
    }
    const seg = segs[i] as PathSegment;
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, seg.key)) return;
    const child = (v as Record<string, unknown>)[seg.key];
    if (child === undefined) return;
    if (!seg.each) visit(child, i + 1, out);
    else if (Array.isArray(child)) for (const x of child) visit(x, i + 1, out);
    else if (child !== null && typeof child === 'object') visit(child, i + 1, out);
  };
  return (o) => {
    const out: unknown[] = [];
    visit(o, 0, out);
    return out.length ? out : undefined;
  };
}

type Step = (value: unknown, record: unknown) => unknown;

/** A transform without JSONata: a plain function of the value. */
function syncStep(t: Transform): Scalar {
  if (t.kind === 'constant') return () => undefined;
  if (t.kind === 'concat') return concatInput(t.separator);
  if (t.kind === 'chain') return chainOf(t.steps.map(syncStep));
  return scalarOf(t) as Scalar;
}

function compileTransform(t: Transform): Step {
  if (!usesJsonata(t)) return syncStep(t);
  if (t.kind === 'jsonata') {
    const expr = jsonata(t.expression);
    return (value, record) => expr.evaluate(value, { record });
  }
  // a chain with a JSONata step: each step waits for the one before
  const steps = (t as Extract<Transform, { kind: 'chain' }>).steps.map(compileTransform);
  return async (value, record) => {
    let x = value;
    for (let i = 0; i < steps.length; i++) {
      if (i > 0 && !present(x)) return undefined;
      x = await (steps[i] as Step)(x, record);
    }
    return x;
  };
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
  const read = sourcesReader(field, driver);
  return (record, input) => finishFn(step(read(record, input), record));
}

/** The field's input from its sources, by the rules of inputOf (without its list for one source). */
function sourcesReader(field: FieldMapping, driver: string | undefined): FieldFn {
  const getters = field.sources.map((s): FieldFn => {
    const rel = relativeSource(s, driver);
    const g = compileGetter(rel.path);
    return rel.fromElement ? (_r, el) => g(el) : (r) => g(r);
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
    for (const g of getters) {
      const v = g(record, input);
      if (present(v)) return v;
    }
    return undefined;
  };
}

interface Writer {
  fn: FieldFn;
  keys: string[];
  /** stores a value at `keys` in an output object */
  set: (obj: MappedRecord, v: unknown) => void;
}

function writersOf(fields: { field: FieldMapping; rest: string }[], driver: string | undefined): Writer[] {
  return fields.map(({ field, rest }) => {
    const keys = rest.split('.');
    if (keys.some((k) => FORBIDDEN_SEGMENTS.has(k)))
      throw new Error(`${field.target}: reserved name in target path`);
    const key = keys[0] as string;
    const set =
      keys.length === 1
        ? (obj: MappedRecord, v: unknown) => {
            obj[key] = v;
          }
        : (obj: MappedRecord, v: unknown) => setPath(obj, keys, v);
    return { fn: compileField(field, driver), keys, set };
  });
}

/** Stores a field's value (undefined: none); a JSONata field's Promise is stored once it settles. */
function put(obj: MappedRecord, w: Writer, v: unknown, pending: Promise<void>[] | undefined): void {
  if (v === undefined) return;
  if (!(v instanceof Promise)) w.set(obj, v);
  else if (!pending) throw new Error('this spec has JSONata fields: use mapAsync');
  else pending.push(v.then((x) => (x === undefined ? undefined : w.set(obj, x))));
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
    for (const w of plainWriters) put(out, w, w.fn(record, record), pending);
    for (const g of groupPlans) {
      const els = g.elements(record);
      if (!els) continue;
      const built: MappedRecord[] = new Array(els.length);
      for (let i = 0; i < els.length; i++) {
        const o: MappedRecord = {};
        for (const w of g.writers) put(o, w, w.fn(record, els[i]), pending);
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
