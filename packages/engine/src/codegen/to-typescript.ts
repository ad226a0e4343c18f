/**
 * toTypeScript: a mapping spec as a standalone, dependency-free TypeScript module exporting
 * `mapRecord(record)` and `mapRecords(records)`, whose output equals compileSpec's on every
 * record (property-tested). People download it to run a mapper without Mapwright, so it is
 * written to be read: one commented line per target field, then only the helpers it uses.
 *
 * JSONata fields cannot run without the JSONata library: a spec with one imports `jsonata`
 * (the module's one dependency then) and its mapRecord / mapRecords are async.
 */
import type { DatePattern } from '../mapper/date-layouts.ts';
import { DETECT_EXTRA, isDateOrder, orderPatterns } from '../mapper/date-patterns.ts';
import { DETECT_LAYOUTS, layoutPattern, tokenizeLayout } from '../mapper/dates.ts';
import {
  type ArrayGroup,
  defaultOf,
  planFields,
  readsWholeInput,
  relativeSource,
  takesAllSources,
} from '../mapper/field.ts';
import { usesJsonata } from '../mapper/transforms.ts';
import { parsePath, pathProblem } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';
import { describeTransform } from './describe.ts';
import { TS_HELPERS, tsHelpersWithDeps } from './ts-helpers.ts';

export interface TypeScriptOptions {
  /** shown in the header comment, e.g. "Customers — mapper v3" */
  title?: string;
}

/** A single-quoted string literal (the style of the helpers), escaped as JSON escapes. */
const str = (s: string) =>
  `'${JSON.stringify(s)
    .slice(1, -1)
    .replace(/\\.|'/g, (m) => (m === '\\"' ? '"' : m === "'" ? "\\'" : m))}'`;
const strList = (list: readonly string[]) => `[${list.map(str).join(', ')}]`;
/** Comments must stay on one line and never close a block comment. */
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\*\//g, '*\\/');

function numberLiteral(n: number): string {
  if (Number.isNaN(n)) return 'Number.NaN';
  if (n === Number.POSITIVE_INFINITY) return 'Number.POSITIVE_INFINITY';
  if (n === Number.NEGATIVE_INFINITY) return 'Number.NEGATIVE_INFINITY';
  return Object.is(n, -0) ? '-0' : String(n);
}

/**
 * A JSON value as a TypeScript expression that builds a fresh copy each time it runs. A
 * `"__proto__"` key would set the prototype in an object literal, so such values are parsed.
 */
function jsonLiteral(v: unknown): string {
  if (typeof v === 'string') return str(v);
  const text = JSON.stringify(v);
  if (text === undefined) return 'undefined';
  return text.includes('"__proto__":') ? `JSON.parse(${str(text)})` : text;
}

function regexLiteral(source: string, flags: string): string {
  // a line break cannot sit inside a regex literal
  return /[\r\n\u2028\u2029]/.test(source) ? `new RegExp(${str(source)}, '${flags}')` : `/${source}/${flags}`;
}

/** Where a field reads from: the record, or the list element being mapped (inside a list target). */
interface Scope {
  /** the variable holding what whole-input (JSONata) fields read */
  input: string;
  driver: string | undefined;
}

class Emitter {
  readonly used = new Set<string>();
  /** module-level constants and functions made for this spec (tables, layouts, date steps) */
  readonly defs: string[] = [];
  private readonly named = new Map<string, string>();
  jsonataCount = 0;

  use(helper: string): string {
    this.used.add(helper);
    return helper;
  }

  private readonly counts = new Map<string, number>();

  /** A definition emitted once per key under a numbered name (`TABLE_0`); nested ones come first. */
  private define(key: string, prefix: string, make: (name: string) => string, numbered = true): string {
    let v = this.named.get(key);
    if (!v) {
      const i = this.counts.get(prefix) ?? 0;
      this.counts.set(prefix, i + 1);
      v = numbered ? `${prefix}${i}` : prefix;
      this.named.set(key, v);
      this.defs.push(make(v));
    }
    return v;
  }

  private layout(layout: string): string {
    return this.define(`layout:${layout}`, 'LAYOUT_', (name) => {
      this.use('parseLayout');
      const { source, groups } = layoutPattern(layout);
      return `/** ${oneLine(layout)} */\nconst ${name}: Layout = { re: ${regexLiteral(source, 'i')}, groups: ${strList(groups)} };`;
    });
  }

  /** A detection pattern (date-patterns.ts): groups that may be absent, read by parseLayout too. */
  private pattern(p: DatePattern): string {
    return this.define(`pattern:${p.groups.join()}:${p.flags}:${p.source}`, 'PATTERN_', (name) => {
      this.use('parseLayout');
      return `const ${name}: Layout = { re: ${regexLiteral(p.source, p.flags)}, groups: ${strList(p.groups)} };`;
    });
  }

  /**
   * An expression parsing `v` with a layout; for a day/month order ('dmy', 'mdy') the shapes
   * of that order, and without one the usual layouts and then every shape.
   */
  private parser(from: string | undefined): string {
    if (from === 'iso') return `${this.use('parseIsoValue')}(v)`;
    if (from === 'epoch-ms' || from === 'epoch-s')
      return `${this.use('parseEpoch')}(v, ${from === 'epoch-s' ? 1000 : 1})`;
    if (from !== undefined && !isDateOrder(from)) return `parseLayout(v, ${this.layout(from)})`;
    const order = isDateOrder(from) ? from : undefined;
    const fnName = order === 'dmy' ? 'readDayFirst' : order === 'mdy' ? 'readMonthFirst' : 'detectDate';
    const listName = order === 'dmy' ? 'DAY_FIRST' : order === 'mdy' ? 'MONTH_FIRST' : 'DETECT_LAYOUTS';
    const what =
      order === 'dmy'
        ? 'The first shape a date reads as, numeric dates day first (14/10/2023).'
        : order === 'mdy'
          ? 'The first shape a date reads as, numeric dates month first (10/14/2023).'
          : 'The first of the usual layouts a date reads as (US order before day-first), then any shape.';
    const fn = this.define(
      `detect:${order ?? '*'}`,
      fnName,
      (name) => {
        const layouts = order
          ? []
          : DETECT_LAYOUTS.map((l) =>
              l === 'iso' ? `  ${this.use('parseIsoValue')},` : `  (v) => parseLayout(v, ${this.layout(l)}),`,
            );
        const shapes = (order ? orderPatterns(order) : DETECT_EXTRA).map(
          (p) => `  (v) => parseLayout(v, ${this.pattern(p)}),`,
        );
        this.use('dateParts');
        return `/** ${what} */
function ${name}(v: unknown): DateParts | undefined {
  for (const parse of ${listName}) {
    const p = parse(v);
    if (p) return p;
  }
  return undefined;
}
const ${listName}: ((v: unknown) => DateParts | undefined)[] = [\n${[...layouts, ...shapes].join('\n')}\n];`;
      },
      false,
    );
    return `${fn}(v)`;
  }

  /** An expression formatting date parts `p` for layout `to`. */
  private formatter(to: string): string {
    if (to === 'date') return `${this.use('dateText')}(p)`;
    if (to === 'date-time' || to === 'iso') return `${this.use('isoText')}(p)`;
    if (to === 'epoch-ms' || to === 'epoch-s')
      return `${this.use('epochOf')}(p, ${to === 'epoch-s' ? 1000 : 1})`;
    this.use('dateParts');
    const pad = () => this.use('pad');
    const months = () => {
      this.use('months');
      return 'MONTHS';
    };
    const pieces = tokenizeLayout(to).map((part) => {
      if ('literal' in part) return str(part.literal);
      switch (part.token) {
        case 'YYYY':
          return `${pad()}(p.y, 4)`;
        case 'YY':
          return `${pad()}(p.y % 100, 2)`;
        case 'MMMM':
          return `(${months()}[p.mo - 1] as string)`;
        case 'MMM':
          return `(${months()}[p.mo - 1] as string).slice(0, 3)`;
        case 'MM':
          return `${pad()}(p.mo, 2)`;
        case 'M':
          return 'String(p.mo)';
        case 'DD':
          return `${pad()}(p.d, 2)`;
        case 'D':
          return 'String(p.d)';
        case 'HH':
          return `${pad()}(p.h, 2)`;
        case 'mm':
          return `${pad()}(p.mi, 2)`;
        case 'ss':
          return `${pad()}(p.s, 2)`;
      }
      return "''";
    });
    return pieces.length ? pieces.join(' + ') : "''";
  }

  private dateStep(from: string | undefined, to: string): string {
    return this.define(`date:${from ?? '*'}:${to}`, 'date', (name) => {
      const parse = this.parser(from);
      const format = this.formatter(to);
      const label = describeTransform({ kind: 'date', ...(from ? { from } : {}), to });
      return `/** ${oneLine(label)} */\nfunction ${name}(v: unknown): string | number | undefined {\n  const p = ${parse};\n  return p ? ${format} : undefined;\n}`;
    });
  }

  private table(t: Extract<Transform, { kind: 'lookup' }>): string {
    // keys as the lookup compares them: later entries win when case-folding makes two equal
    const entries = new Map<string, unknown>();
    for (const [k, v] of Object.entries(t.table)) entries.set(t.caseInsensitive ? k.toLowerCase() : k, v);
    const body = [...entries].map(([k, v]) => `  [${str(k)}, ${jsonLiteral(v)}],`);
    return this.define(
      `table:${JSON.stringify([...entries])}`,
      'TABLE_',
      (name) => `const ${name} = new Map<string, unknown>(${body.length ? `[\n${body.join('\n')}\n]` : ''});`,
    );
  }

  private jsonata(expression: string): string {
    return this.define(`jsonata:${expression}`, 'JSONATA_', (name) => {
      this.jsonataCount++;
      return `const ${name} = jsonata(${str(expression)});`;
    });
  }

  /**
   * TypeScript for transform `t` applied to the expression `input`. Inside a chain (`lazy`) a
   * JSONata step stays a Promise for chainAsync to await; at the top it is awaited.
   */
  transform(t: Transform, input: string, sources: readonly string[], lazy = false): string {
    const each = (step: string) => `${this.use('each')}(${input}, ${step})`;
    switch (t.kind) {
      case 'copy':
        return input;
      case 'constant':
        return 'undefined';
      case 'cast': {
        const fn = this.use(
          { string: 'toText', number: 'toNumber', integer: 'toInteger', boolean: 'toBoolean' }[t.to],
        );
        return t.decimalComma && (t.to === 'number' || t.to === 'integer')
          ? each(`(x) => ${fn}(x, true)`)
          : each(fn);
      }
      case 'currency':
        return each(this.use('currencyOf'));
      case 'date':
        return each(this.dateStep(t.from, t.to));
      case 'text':
        return each(
          this.use({ trim: 'trimText', upper: 'upperText', lower: 'lowerText', title: 'titleText' }[t.op]),
        );
      case 'split':
        return each(`(x) => ${this.use('splitPart')}(x, ${str(t.separator)}, ${numberLiteral(t.index)})`);
      case 'lookup': {
        const keep = (t.fallback ?? 'keep') === 'keep';
        return each(
          `(x) => ${this.use('lookup')}(x, ${this.table(t)}, ${Boolean(t.caseInsensitive)}, ${keep})`,
        );
      }
      case 'round':
        return each(`(x) => ${this.use('roundTo')}(x, ${numberLiteral(t.decimals)})`);
      case 'name':
        return each(`(x) => ${this.use('namePart')}(x, ${str(t.part)})`);
      case 'phone':
        return each(
          `(x) => ${this.use('phone')}(x, ${str(t.to)}, ${str(t.countryCode ?? '1')}, ${numberLiteral(t.nationalLength ?? 10)})`,
        );
      case 'arithmetic':
        return each(`(x) => ${this.use('calc')}(x, '${t.op}', ${numberLiteral(t.operand)})`);
      case 'aggregate': {
        const fn = this.use(`${t.fn}Of`);
        return t.fn === 'join' ? `${fn}(${input}, ${str(t.separator ?? ', ')})` : `${fn}(${input})`;
      }
      case 'concat':
        return `${this.use('concat')}(${input}, ${str(t.separator)})`;
      case 'jsonata': {
        const call = `${this.jsonata(t.expression)}.evaluate(${input}, { record })`;
        return lazy ? call : `await ${call}`;
      }
      case 'chain': {
        const async = usesJsonata(t);
        // a constant step ignores its input: no parameter, so strict `noUnusedParameters` holds
        const steps = t.steps.map((s, i) =>
          s.kind === 'constant'
            ? '() => undefined'
            : `(x) => ${this.transform(s, 'x', i === 0 ? sources : [], true)}`,
        );
        const call = `${this.use(async ? 'chainAsync' : 'chain')}(${input}, [${steps.join(', ')}])`;
        return async && !lazy ? `await ${call}` : call;
      }
    }
  }

  /** The value of one source path, read from the record or from the list element `el`. */
  source(path: string, scope: Scope): string {
    const rel = relativeSource(path, scope.driver);
    const base = rel.fromElement ? 'el' : 'record';
    if (rel.path === '') return base;
    const segs = parsePath(rel.path) ?? [];
    const keys = `[${segs.map((s) => str(s.each ? `${s.key}[*]` : s.key)).join(', ')}]`;
    return `${this.use(segs.some((s) => s.each) ? 'getAll' : 'get')}(${base}, ${keys})`;
  }

  /** One field: a comment saying what it does, then the statement storing its value in `out`. */
  field(f: FieldMapping, out: string, keys: string[], scope: Scope): string {
    const put = (value: string) => `${this.use('put')}(${out}, ${strList(keys)}, ${value});`;
    const from = f.sources.length ? `${f.sources.join(', ')}: ` : '';
    const comment = `// ${oneLine(`${f.target} ← ${from}${describeTransform(f.transform, f.sources)}`)}`;
    // a null or missing value takes the field's default, or leaves the field out (so does a
    // null default when the target does not accept null)
    const fallback = defaultOf(f);
    const dflt =
      fallback !== undefined ? ` ?? ${jsonLiteral(fallback)}` : mayBeNull(f.transform) ? ' ?? undefined' : '';
    if (f.transform.kind === 'constant')
      return fallback === undefined
        ? `${comment} (${f.default === undefined ? 'no default' : 'optional, null not allowed'}: never set)`
        : `${comment}\n${put(jsonLiteral(fallback))}`;
    let input: string;
    if (readsWholeInput(f)) input = scope.input;
    else if (f.sources.length === 1) input = this.source(f.sources[0] as string, scope);
    else {
      const values = f.sources.map((s) => this.source(s, scope));
      input = takesAllSources(f.transform)
        ? `[${values.join(', ')}]`
        : `${this.use('firstPresent')}(${values.join(', ')})`;
    }
    return `${comment}\n${put(`${this.transform(f.transform, input, f.sources)}${dflt}`)}`;
  }

  group(g: ArrayGroup): string {
    const keys = g.targetPrefix.split('.');
    const target = `${g.targetPrefix}[*]`;
    const lines = (out: string, scope: Scope) =>
      g.fields.map(({ field, rest }) => this.field(field, out, rest.split('.'), scope)).join('\n');
    const put = this.use('put');
    if (g.driver === undefined) {
      const body = lines('o', { input: 'record', driver: undefined });
      return `// ${oneLine(target)}: one element built from the record, when any of its fields has a value
{
  const o: MappedRecord = {};
${indent(body, 2)}
  if (Object.keys(o).length > 0) ${put}(out, ${strList(keys)}, [o]);
}`;
    }
    const elements = `${this.use('elementsOf')}(${this.source(g.driver, { input: 'record', driver: undefined })})`;
    const body = lines('o', { input: 'el', driver: g.driver });
    return `// ${oneLine(target)}: one element per element of ${oneLine(g.driver)}
{
  const elements = ${elements};
  if (elements) {
    const built: MappedRecord[] = [];
    for (const el of elements) {
      const o: MappedRecord = {};
${indent(body, 6)}
      built.push(o);
    }
    ${put}(out, ${strList(keys)}, built);
  }
}`;
  }
}

/** Whether a transform can give null (the other steps give a value or undefined). */
function mayBeNull(t: Transform): boolean {
  if (t.kind === 'chain') return t.steps.length === 0 || mayBeNull(t.steps[t.steps.length - 1] as Transform);
  if (t.kind === 'aggregate') return t.fn === 'first' || t.fn === 'last';
  return t.kind === 'copy' || t.kind === 'lookup' || t.kind === 'jsonata';
}

function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text
    .split('\n')
    .map((l) => (l ? pad + l : l))
    .join('\n');
}

function checkPaths(spec: MappingSpec) {
  for (const f of spec.fields) {
    const problem = pathProblem(f.target) ?? f.sources.map(pathProblem).find(Boolean);
    if (problem) throw new Error(`${f.target}: ${problem}`);
  }
}

export function toTypeScript(spec: MappingSpec, options: TypeScriptOptions = {}): string {
  checkPaths(spec);
  const em = new Emitter();
  const isAsync = spec.fields.some((f) => usesJsonata(f.transform));
  const { plain, groups } = planFields(spec.fields);
  const root: Scope = { input: 'record', driver: undefined };
  const body = [
    ...plain.map((f) => em.field(f, 'out', f.target.split('.'), root)),
    ...groups.map((g) => em.group(g)),
  ].join('\n');
  // in the order they are declared in (paths, steps, text, numbers, dates), not the order of use
  const needed = new Set(tsHelpersWithDeps(em.used));
  const helpers = Object.keys(TS_HELPERS)
    .filter((h) => needed.has(h))
    .map((h) => TS_HELPERS[h]?.code);

  const title = oneLine(options.title ?? 'Mapper');
  const n = spec.fields.length;
  const runs = isAsync
    ? ` * It needs the \`jsonata\` package (npm install jsonata) for the JSONata ${em.jsonataCount === 1 ? 'expression' : 'expressions'}
 * of some fields, so mapRecord and mapRecords are async.`
    : ' * Standalone TypeScript: no dependencies.';
  const header = `/**
 * ${title}, generated by Mapwright: ${n} target ${n === 1 ? 'field' : 'fields'}.
 *
 * mapRecord(record) turns one source record into one target record and mapRecords(records) a
 * list of them, with the same output as the mapper on Mapwright. A field whose value is
 * missing or null takes its default, or is left out.
${runs}
 */`;
  // a spec that reads nothing (constants only) must still compile under noUnusedParameters
  const code = body
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('//'))
    .join('\n');
  const param = /\(record[,)]|\{ record \}/.test(code) ? 'record' : '_record';
  const sig = isAsync
    ? {
        one: `export async function mapRecord(${param}: unknown): Promise<MappedRecord>`,
        many: 'export function mapRecords(records: readonly unknown[]): Promise<MappedRecord[]> {\n  return Promise.all(records.map((r) => mapRecord(r)));\n}',
      }
    : {
        one: `export function mapRecord(${param}: unknown): MappedRecord`,
        many: 'export function mapRecords(records: readonly unknown[]): MappedRecord[] {\n  return records.map((r) => mapRecord(r));\n}',
      };
  return [
    header,
    ...(isAsync ? ["import jsonata from 'jsonata';"] : []),
    'export type MappedRecord = Record<string, unknown>;',
    ...em.defs,
    `${sig.one} {\n  const out: MappedRecord = {};\n${indent(body, 2)}\n  return out;\n}`,
    sig.many,
    `// ---- helpers ----`,
    ...helpers,
  ]
    .join('\n\n')
    .concat('\n');
}
