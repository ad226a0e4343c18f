import { join } from 'node:path';
import fc from 'fast-check';
import jsonata from 'jsonata';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeTransform, toTypeScript } from '../src/codegen/index.ts';
import { compileSpec, toJsonata } from '../src/mapper/index.ts';
import type { FieldMapping, MappingSpec, Transform } from '../src/spec/types.ts';

// The spec and record generators of the mapper's equivalence test. Imported once tests run, not
// at collection: a static import would register that file's own tests here and run them twice.
let specArb: fc.Arbitrary<MappingSpec>;
let asyncSpecArb: fc.Arbitrary<MappingSpec>;
let recordArb: fc.Arbitrary<unknown>;
beforeAll(async () => {
  ({ specArb, asyncSpecArb, recordArb } = await import('./mapper-equivalence.test.ts'));
});
/** Property runs transpile and evaluate code per case: generous time on a shared, busy machine. */
const SLOW = 120_000;

interface MapperModule {
  mapRecord(record: unknown): unknown;
  mapRecords(records: readonly unknown[]): unknown;
}

/** The generated module as a user would run it: transpiled by TypeScript, evaluated as CommonJS. */
function load(code: string): MapperModule {
  const js = ts.transpileModule(code, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
      esModuleInterop: true,
    },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id === 'jsonata') return jsonata;
    throw new Error(`the generated code imports ${id}`);
  };
  new Function('module', 'exports', 'require', js)(module, module.exports, require);
  return module.exports as unknown as MapperModule;
}

/** Type errors of generated modules under strict settings stricter than most projects use. */
function typeErrors(codes: string[]): string[] {
  const dir = join(import.meta.dirname, '__generated__');
  const files = new Map(codes.map((code, i) => [join(dir, `mapper-${i}.ts`), code]));
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitReturns: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noFallthroughCasesInSwitch: true,
    target: ts.ScriptTarget.ES2020,
    lib: ['lib.es2020.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    types: [],
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, lang, ...rest) => {
    const code = files.get(name);
    return code === undefined ? getSourceFile(name, lang, ...rest) : ts.createSourceFile(name, code, lang);
  };
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file?.fileName.split('/').pop()}:${d.start ?? 0}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

const f = (target: string, sources: string[], transform: Transform, extra: Partial<FieldMapping> = {}) =>
  ({
    target,
    sources,
    transform,
    confidence: 0.9,
    bucket: 'Very High',
    reason: 'test',
    ...extra,
  }) as FieldMapping;
const spec = (...fields: FieldMapping[]): MappingSpec => ({ version: 1, fields });
const json = (v: unknown) => JSON.stringify(v);

/** Every kind of transform, nested targets, list targets, defaults and a lookup. */
const EVERYTHING = spec(
  f('id', ['ID'], { kind: 'cast', to: 'integer' }),
  f('customer.name', ['first', 'last'], { kind: 'concat', separator: ' ' }),
  f('customer.email', ['mail', 'email'], { kind: 'text', op: 'lower' }),
  f('customer.title', ['name'], { kind: 'text', op: 'title' }),
  f('amount', ['amt'], { kind: 'cast', to: 'number' }),
  f('active', ['flag'], { kind: 'cast', to: 'boolean' }, { default: false }),
  f('label', ['amt'], { kind: 'cast', to: 'string' }),
  f('day', ['when'], { kind: 'date', from: 'MM/DD/YYYY', to: 'date' }),
  f('stamp', ['when'], { kind: 'date', to: 'MMM D, YYYY HH:mm' }),
  f('epoch', ['ts'], { kind: 'date', from: 'epoch-s', to: 'epoch-ms' }),
  f('iso', ['created'], { kind: 'date', from: 'iso', to: 'date-time' }),
  f(
    'status',
    ['st'],
    { kind: 'lookup', table: { A: 'active', i: 'inactive' }, caseInsensitive: true, fallback: 'default' },
    { default: 'unknown' },
  ),
  f('domain', ['mail'], { kind: 'split', separator: '@', index: -1 }),
  f('cents', ['amt'], { kind: 'arithmetic', op: '*', operand: 100 }),
  f('total', ['items[*].price'], { kind: 'aggregate', fn: 'sum' }),
  f('count', ['items[*].price'], { kind: 'aggregate', fn: 'count' }),
  f('skus', ['items[*].sku'], { kind: 'aggregate', fn: 'join', separator: '|' }),
  f('cheapest', ['items[*].price'], { kind: 'aggregate', fn: 'min' }),
  f('dearest', ['items[*].price'], { kind: 'aggregate', fn: 'max' }),
  f('mean', ['items[*].price'], { kind: 'aggregate', fn: 'avg' }),
  f('firstSku', ['items[*].sku'], { kind: 'aggregate', fn: 'first' }),
  f('lastSku', ['items[*].sku'], { kind: 'aggregate', fn: 'last' }),
  f('source', [], { kind: 'constant' }, { default: { system: 'crm', tags: ['a'] } }),
  f('code', ['st'], {
    kind: 'chain',
    steps: [
      { kind: 'text', op: 'trim' },
      { kind: 'text', op: 'upper' },
    ],
  }),
  f('lines[*].sku', ['items[*].sku'], { kind: 'text', op: 'upper' }),
  f('lines[*].price', ['items[*].price'], { kind: 'cast', to: 'number' }, { default: 0 }),
  f('lines[*].order', ['ID'], { kind: 'copy' }),
  f('meta[*].note', ['note'], { kind: 'copy' }),
);
const RECORDS = [
  {
    ID: '42.5',
    first: 'Ada',
    last: 'Lovelace',
    email: 'ADA@Example.com',
    name: 'ada   LOVELACE',
    amt: '$1,234.50',
    flag: 'yes',
    when: '03/04/2024',
    ts: '1709539200',
    created: '2024-03-04T10:20:30+02:00',
    st: ' a ',
    items: [
      { sku: 'ab-1', price: '2.50' },
      { sku: 'cd-2', price: 3 },
      { sku: null, price: 'n/a' },
    ],
    note: 'first order',
  },
  { ID: null, st: 'I', items: { sku: 'solo', price: '(4.00)' }, when: 'March 4, 2024', amt: 'abc' },
  {},
];

describe('toTypeScript', () => {
  it('gives the same output as compileSpec, byte for byte, on a spec with every transform', () => {
    const mapper = load(toTypeScript(EVERYTHING));
    expect(json(mapper.mapRecords(RECORDS))).toBe(json(compileSpec(EVERYTHING).mapMany(RECORDS)));
    expect(mapper.mapRecord(RECORDS[0])).toMatchObject({
      id: 43,
      customer: { name: 'Ada Lovelace' },
      total: 5.5,
    });
  });

  it(
    'equals compileSpec on generated specs and records',
    () => {
      fc.assert(
        fc.property(specArb, fc.array(recordArb, { minLength: 1, maxLength: 5 }), (s, records) => {
          const generated = load(toTypeScript(s)).mapRecords(records);
          expect(json(generated)).toBe(json(compileSpec(s).mapMany(records)));
        }),
        { numRuns: 200 },
      );
    },
    SLOW,
  );

  it('runs JSONata fields through the jsonata package, asynchronously', async () => {
    const s = spec(
      f('name', ['n'], { kind: 'text', op: 'upper' }),
      f('full', [], { kind: 'jsonata', expression: 'first & " " & last' }),
      f('n', ['n'], {
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'trim' },
          { kind: 'jsonata', expression: '$length($)' },
        ],
      }),
      f('whole', [], {
        kind: 'chain',
        steps: [
          { kind: 'jsonata', expression: '$count($keys($))' },
          { kind: 'arithmetic', op: '*', operand: 2 },
        ],
      }),
      f('rows[*].v', ['items[*].v'], { kind: 'jsonata', expression: 'v * 10 + $count($record.items)' }),
    );
    const code = toTypeScript(s);
    expect(code).toContain("import jsonata from 'jsonata';");
    expect(code).toContain('export async function mapRecord');
    const records = [
      { n: ' ab c ', first: 'Ada', last: 'L', items: [{ v: 1 }, { v: 2 }] },
      { items: { v: 3 } },
    ];
    const generated = await load(code).mapRecords(records);
    const compiled = await compileSpec(s).mapManyAsync(records);
    expect(generated).toEqual(compiled);
    expect(generated).toEqual([
      { name: ' AB C ', full: 'Ada L', n: 4, whole: 8, rows: [{ v: 12 }, { v: 22 }] },
      // JSONata's & reads missing names as empty text
      { full: ' ', whole: 2, rows: [{ v: 31 }] },
    ]);
  });

  it('emits only the helpers a spec needs, and no import without JSONata', () => {
    const code = toTypeScript(spec(f('id', ['customer.id'], { kind: 'copy' })), {
      title: 'People — mapper v2',
    });
    expect(code).toContain('People — mapper v2');
    expect(code).toContain('export function mapRecord(record: unknown): MappedRecord');
    expect(code).toContain('export function mapRecords(');
    expect(code).not.toMatch(/import |toNumber|parseLayout|MONTHS|getAll|each\(/);
    expect(code).toContain(
      "// id ← customer.id: copy\n  put(out, ['id'], get(record, ['customer', 'id']) ?? undefined);",
    );
  });

  it('keeps target names and strings safe: reserved names refused, odd characters escaped', () => {
    expect(() => toTypeScript(spec(f('__proto__.x', ['a'], { kind: 'copy' })))).toThrow(/reserved name/);
    expect(() => toTypeScript(spec(f('a', ['b[0]'], { kind: 'copy' })))).toThrow(/not a valid path/);
    const odd = spec(
      f("it's */ here\nnow", ["quote's"], { kind: 'concat', separator: "'\n\\" }),
      f('d', [], { kind: 'constant' }, { default: JSON.parse('{"__proto__": {"x": 1}}') }),
      f('m', ['m'], { kind: 'lookup', table: { "o'k": '\u2028' } }),
    );
    const mapper = load(toTypeScript(odd));
    const record = { "quote's": ['a', 'b'], m: "o'k" };
    expect(json(mapper.mapRecord(record))).toBe(json(compileSpec(odd).map(record)));
    expect(Object.getPrototypeOf((mapper.mapRecord({}) as { d: object }).d)).toBe(Object.prototype);
  });

  it(
    'type-checks under strict settings',
    () => {
      const samples = fc.sample(specArb, { numRuns: 12, seed: 7 });
      const jsonataSpec = spec(
        f('a', [], { kind: 'jsonata', expression: '$' }),
        f('b', ['x'], { kind: 'chain', steps: [{ kind: 'jsonata', expression: '$' }, { kind: 'constant' }] }),
      );
      const codes = [EVERYTHING, jsonataSpec, spec(), ...samples].map((s) => toTypeScript(s));
      expect(typeErrors(codes)).toEqual([]);
    },
    SLOW,
  );
});

describe('toTypeScript and toJsonata', () => {
  it(
    'agree on the same records',
    async () => {
      await fc.assert(
        fc.asyncProperty(specArb, fc.array(recordArb, { minLength: 1, maxLength: 4 }), async (s, records) => {
          const expr = jsonata(toJsonata(s));
          const viaJsonata = await Promise.all(records.map((r) => expr.evaluate(r)));
          const viaTypeScript = load(toTypeScript(s)).mapRecords(records);
          // compared as the JSON they serialise to: -0 and 0 are one number there (a -5e-324
          // divided down is -0 in TypeScript and 0 once JSONata's result is serialised)
          expect(JSON.parse(json(viaJsonata))).toEqual(JSON.parse(json(viaTypeScript)));
        }),
        { numRuns: 150 },
      );
    },
    SLOW,
  );
});

describe('toTypeScript with JSONata fields', () => {
  it(
    'agrees with the compiled mapper (async) on the same records',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          asyncSpecArb,
          fc.array(recordArb, { minLength: 1, maxLength: 4 }),
          async (s, records) => {
            const viaTypeScript = await load(toTypeScript(s)).mapRecords(records);
            const compiled = await compileSpec(s).mapManyAsync(records);
            // key order aside (a JSONata field is stored when it settles): absent stays absent, null null
            expect(JSON.parse(json(viaTypeScript))).toStrictEqual(compiled);
          },
        ),
        { numRuns: 60 },
      );
    },
    SLOW,
  );
});

describe('describeTransform', () => {
  it('says what a transform does in words', () => {
    expect(describeTransform({ kind: 'cast', to: 'number' })).toBe('cast to number');
    expect(describeTransform({ kind: 'date', from: 'MM/DD/YYYY', to: 'date' })).toBe(
      'date MM/DD/YYYY → YYYY-MM-DD',
    );
    expect(describeTransform({ kind: 'lookup', table: { a: 1, b: 2, c: 3, d: 4 } })).toBe(
      'lookup (4 values)',
    );
    expect(describeTransform({ kind: 'aggregate', fn: 'sum' }, ['items[*].price'])).toBe(
      'sum of items[*].price',
    );
    expect(describeTransform({ kind: 'concat', separator: ' ' })).toBe('concat with " "');
    expect(describeTransform({ kind: 'split', separator: ',', index: -2 })).toBe(
      'split on ",", take the 2nd part from the end',
    );
  });
});
