/**
 * A target field the matcher finds no source for gets a null default. When the field is optional
 * and its type does not accept null, that null would make a valid record invalid: such a field is
 * marked `omitNull` and left out instead — by every execution path alike.
 */
import jsonata from 'jsonata';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { toTypeScript } from '../src/codegen/index.ts';
import { applyMapperEdits, inferSampleEdit } from '../src/learn/index.ts';
import { compileSpec, interpretSpec, toJsonata } from '../src/mapper/index.ts';
import { suggestMapping } from '../src/match/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';
import { diffSpecs, fromApiSpec, toApiSpec, validateMappingSpec } from '../src/spec/index.ts';
import type { FieldMapping, MappingSpec } from '../src/spec/types.ts';
import { createValidator } from '../src/validate/index.ts';

/** Every way the engine runs a spec, on one record: all must give the same output. */
async function allPaths(spec: MappingSpec, record: unknown) {
  const mapper = compileSpec(spec);
  const typescript = ts.transpileModule(toTypeScript(spec), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
      esModuleInterop: true,
    },
  }).outputText;
  const module = { exports: {} as { mapRecord(r: unknown): unknown } };
  new Function('module', 'exports', 'require', typescript)(module, module.exports, () => jsonata);
  const outputs = {
    interpreter: await interpretSpec(spec, record),
    ...(mapper.isAsync ? {} : { compiled: mapper.map(record) }),
    compiledAsync: await mapper.mapAsync(record),
    jsonata: JSON.parse(JSON.stringify(await jsonata(toJsonata(spec)).evaluate(record))),
    typescript: await module.exports.mapRecord(record),
  };
  return outputs;
}

/** The one output all paths agree on (each checked for absent keys, not just equal values). */
async function mapped(spec: MappingSpec, record: unknown): Promise<Record<string, unknown>> {
  const outputs = await allPaths(spec, record);
  const [first, ...rest] = Object.values(outputs);
  for (const [name, out] of Object.entries(outputs))
    expect(out, `${name} differs from the interpreter`).toStrictEqual(first);
  expect(rest.length).toBeGreaterThanOrEqual(3);
  return first as Record<string, unknown>;
}

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    nickname: { type: 'string' },
    code: { type: 'string' },
    note: { type: ['string', 'null'] },
    memo: { type: 'string', nullable: true },
    maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    anything: {},
    grade: { enum: ['A', 'B'] },
    tags: { type: 'array', items: { type: 'string' } },
    customer: {
      type: 'object',
      properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['id'],
    },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
      required: ['street'],
    },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          qty: { type: 'integer' },
          sku: { type: 'string' },
          unit: { type: 'string' },
          remark: { type: ['string', 'null'] },
        },
        required: ['sku'],
      },
    },
    extras: {
      type: 'array',
      items: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
    },
  },
  required: ['name', 'code', 'customer', 'lines'],
};
/** Only `name`, `customer.email` and `lines[*].qty` have a source. */
const RECORD = { name: 'Ada', email: 'ada@example.com', lines: [{ qty: 2 }, { qty: 5 }] };

function suggested(): MappingSpec {
  return suggestMapping({ profile: profileRecords([RECORD]), targetSchema: SCHEMA }).spec;
}
const fieldOf = (spec: MappingSpec, target: string) =>
  spec.fields.find((f) => f.target === target) as FieldMapping;

describe('the suggestion marks unmapped fields that may be missing but not null', () => {
  it('maps what it can, and gives every unmapped field a null default', () => {
    const spec = suggested();
    expect(fieldOf(spec, 'name').sources).toEqual(['name']);
    expect(fieldOf(spec, 'customer.email').sources).toEqual(['email']);
    expect(fieldOf(spec, 'lines[*].qty').sources).toEqual(['lines[*].qty']);
    const unmapped = spec.fields.filter((f) => f.sources.length === 0);
    expect(unmapped.length).toBe(spec.fields.length - 3);
    for (const f of unmapped) {
      expect(f.transform).toEqual({ kind: 'constant' });
      expect(f.default).toBeNull();
    }
    // the mapped fields carry no marker: they never give null (no default)
    expect(spec.fields.filter((f) => f.sources.length > 0 && 'omitNull' in f)).toEqual([]);
  });

  it('marks exactly the fields that are optional (at every level) and do not accept null', () => {
    const spec = suggested();
    const marked = spec.fields.filter((f) => f.omitNull).map((f) => f.target);
    expect(marked.sort()).toEqual(
      [
        'nickname', // optional string
        'grade', // optional enum without null
        'tags', // optional list
        'address.street', // required in an optional object
        'address.city',
        'lines[*].unit', // optional inside a list
        'extras[*].label', // required in the elements of an optional list
      ].sort(),
    );
    // required everywhere, or accepting null: no marker
    for (const t of [
      'code',
      'note',
      'memo',
      'maybe',
      'anything',
      'customer.id',
      'lines[*].sku',
      'lines[*].remark',
    ])
      expect(fieldOf(spec, t).omitNull, t).toBeUndefined();
    expect(fieldOf(spec, 'nickname').reason).toMatch(/optional and does not accept null, so it is left out/);
    expect(fieldOf(spec, 'code').reason).not.toMatch(/left out/);
  });

  it('so a mapped record has no null where the schema forbids one, only where a value is required', async () => {
    const out = await mapped(suggested(), RECORD);
    expect(out).toStrictEqual({
      name: 'Ada',
      code: null, // required: null, and validation says so
      note: null,
      memo: null,
      maybe: null,
      anything: null,
      customer: { id: null, email: 'ada@example.com' },
      lines: [
        { qty: 2, sku: null, remark: null },
        { qty: 5, sku: null, remark: null },
      ],
    });
    const errors = createValidator(SCHEMA)
      .validateRecord(out)
      .map((e) => e.field)
      .sort();
    // only the required fields nothing maps fail; every optional one left out passes
    expect(errors).toEqual(['code', 'customer.id', 'lines[0].sku', 'lines[1].sku']);
  });

  it('gives a valid record when only the required fields have sources', async () => {
    const record = {
      name: 'Ada',
      code: 'X1',
      customer_id: 'c-1',
      email: 'a@b.co',
      lines: [{ sku: 'S', qty: 1 }],
    };
    const spec = suggestMapping({ profile: profileRecords([record]), targetSchema: SCHEMA }).spec;
    expect(fieldOf(spec, 'customer.id').sources).toEqual(['customer_id']);
    const out = await mapped(spec, record);
    expect(createValidator(SCHEMA).validateRecord(out)).toEqual([]);
    expect(out).not.toHaveProperty('nickname');
    expect(out).not.toHaveProperty('address');
    expect(out).not.toHaveProperty('extras');
    expect(out.lines).toEqual([{ sku: 'S', qty: 1, remark: null }]);
  });
});

const f = (target: string, extra: Partial<FieldMapping> = {}): FieldMapping => ({
  target,
  sources: [],
  transform: { kind: 'constant' },
  default: null,
  confidence: 0,
  bucket: 'Very Low',
  reason: 'No source field fits.',
  ...extra,
});
/** A field with a source and no default. */
const m = (target: string, source: string, extra: Partial<FieldMapping> = {}): FieldMapping => {
  const { default: _none, ...rest } = f(target, { sources: [source], transform: { kind: 'copy' }, ...extra });
  return 'default' in extra ? { ...rest, default: extra.default } : rest;
};
const spec = (...fields: FieldMapping[]): MappingSpec => ({ version: 1, fields });
const OMIT = { omitNull: true } as const;

describe('an omitNull field in a spec', () => {
  it('is left out at the top level; a null default without the marker is written', async () => {
    const out = await mapped(spec(f('a', OMIT), f('b'), f('c', { default: 'x', omitNull: true })), {});
    expect(out).toStrictEqual({ b: null, c: 'x' });
  });

  it('does not create its object: an object of left-out fields is absent, a sibling value keeps it', async () => {
    expect(await mapped(spec(f('o.a', OMIT), f('o.p.q', OMIT)), {})).toStrictEqual({});
    const s = spec(f('o.a', OMIT), m('o.b', 'v'));
    expect(await mapped(s, { v: 1 })).toStrictEqual({ o: { b: 1 } });
    expect(await mapped(s, {})).toStrictEqual({});
    expect(await mapped(spec(f('o.a', OMIT), f('o.b')), {})).toStrictEqual({ o: { b: null } });
  });

  it('is left out of list elements; a list of nothing but left-out fields is absent', async () => {
    const s = spec(m('lines[*].v', 'items[*].v'), f('lines[*].a', OMIT), f('lines[*].b'));
    expect(await mapped(s, { items: [{ v: 1 }, {}] })).toStrictEqual({
      lines: [{ v: 1, b: null }, { b: null }],
    });
    // no source array: one element, only when something is mapped into it
    expect(await mapped(spec(f('lines[*].a', OMIT), f('lines[*].b', OMIT)), {})).toStrictEqual({});
    expect(await mapped(spec(f('lines[*].a', OMIT), f('lines[*].b')), {})).toStrictEqual({
      lines: [{ b: null }],
    });
  });

  it('is left out when a mapped field with a null default has no value, and kept when it has one', async () => {
    const s = spec(m('x', 'v', { transform: { kind: 'cast', to: 'number' }, default: null, ...OMIT }));
    expect(await mapped(s, { v: 'abc' })).toStrictEqual({});
    expect(await mapped(s, { v: '12' })).toStrictEqual({ x: 12 });
    const lookup = spec(
      m('s', 'v', {
        transform: { kind: 'lookup', table: { a: null }, fallback: 'null' },
        default: null,
        ...OMIT,
      }),
    );
    expect(await mapped(lookup, { v: 'a' })).toStrictEqual({});
    expect(await mapped(lookup, { v: 'b' })).toStrictEqual({});
  });

  it('behaves the same in async specs (JSONata fields), top level, nested and in lists', async () => {
    const s = spec(
      f('j', { transform: { kind: 'jsonata', expression: 'nothing' }, omitNull: true }),
      f('k', { transform: { kind: 'jsonata', expression: 'nothing' } }),
      f('o.j', { transform: { kind: 'jsonata', expression: 'null' }, omitNull: true }),
      f('o.u', OMIT),
      m('lines[*].v', 'items[*].v'),
      f('lines[*].j', { transform: { kind: 'jsonata', expression: 'w' }, omitNull: true }),
      f('lines[*].n', { transform: { kind: 'jsonata', expression: 'w' } }),
    );
    expect(compileSpec(s).isAsync).toBe(true);
    expect(await mapped(s, { items: [{ v: 1, w: 'w1' }, { v: 2 }] })).toStrictEqual({
      k: null,
      lines: [
        { v: 1, j: 'w1', n: 'w1' },
        { v: 2, n: null },
      ],
    });
  });

  it('says so in the generated TypeScript', () => {
    const code = toTypeScript(spec(f('a', OMIT), f('b')));
    expect(code).toContain('// a ← constant (optional, null not allowed: never set)');
    expect(code).toContain("put(out, ['b'], null);");
  });
});

describe('the omitNull marker travels with the spec', () => {
  it('survives validateMappingSpec, which rejects a non-boolean', () => {
    const checked = validateMappingSpec(spec(f('a', OMIT), f('b')));
    expect(checked.ok && checked.spec.fields.map((x) => x.omitNull)).toEqual([true, undefined]);
    const bad = validateMappingSpec({ version: 1, fields: [{ ...f('a'), omitNull: 'yes' }] });
    expect(bad).toEqual({ ok: false, errors: [{ field: 'a', reason: 'omitNull must be true or false' }] });
  });

  it('round-trips through the API spec form as @omit_null', () => {
    const s = spec(f('a', OMIT), f('b'));
    const api = toApiSpec(s);
    expect(api.a?.['@omit_null']).toBe(true);
    expect(api.b).not.toHaveProperty('@omit_null');
    expect(fromApiSpec(JSON.parse(JSON.stringify(api)))).toEqual(s);
  });

  it('counts as a change of the default in spec diffs', () => {
    const d = diffSpecs(spec(f('a'), f('b')), spec(f('a', OMIT), f('b')));
    expect(d.changed.map((c) => [c.target, c.changed])).toEqual([['a', ['default']]]);
    expect(d.unchanged).toEqual(['b']);
  });

  it('stays on a field a mapper edit gives a source, so a missing value is still left out', () => {
    const s = spec(f('nickname', OMIT), f('code'));
    const edited = applyMapperEdits(
      s,
      [
        { targetField: 'nickname', transformation: { extract: 'nick' } },
        { targetField: 'code', transformation: { extract: 'c' } },
      ],
      SCHEMA,
    );
    expect(fieldOf(edited, 'nickname')).toMatchObject({ sources: ['nick'], default: null, omitNull: true });
    expect(fieldOf(edited, 'code').omitNull).toBeUndefined();
    const mapper = compileSpec(edited);
    expect(mapper.map({})).toStrictEqual({ code: null });
    expect(mapper.map({ nick: 'Ace', c: 'X' })).toStrictEqual({ nickname: 'Ace', code: 'X' });
  });

  it('stays on a field a sample correction changes', async () => {
    const s = spec(f('nickname', OMIT), f('code'));
    const inferred = await inferSampleEdit({
      spec: s,
      targetSchema: SCHEMA,
      record: { nick: 'Ace', c: 'x1' },
      corrected: { nickname: 'ACE', code: 'X1' },
    });
    expect(fieldOf(inferred.spec, 'nickname')).toMatchObject({ sources: ['nick'], omitNull: true });
    expect(fieldOf(inferred.spec, 'code').sources).toEqual(['c']);
    expect(fieldOf(inferred.spec, 'code').omitNull).toBeUndefined();
  });
});
