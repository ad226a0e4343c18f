/**
 * The hot paths were rewritten for speed (character loops instead of regexes, a depth-first path
 * walk, a position check for dates, a date format check without a regex). Each is compared here
 * with the straightforward version it replaced, on generated input aimed at its edge cases.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGetter } from '../src/mapper/compile.ts';
import { dateReformatter, daysInMonth, layoutPattern } from '../src/mapper/dates.ts';
import { compileSpec, interpretSpec } from '../src/mapper/index.ts';
import { resolveSeparators } from '../src/mapper/money.ts';
import { aggregate, concatValues, textOp } from '../src/mapper/transforms.ts';
import {
  CURRENCY_CODE,
  NUMBER_NOISE,
  NUMBER_SHAPE,
  parseNumber,
  titleCase,
  toText,
} from '../src/mapper/values.ts';
import { getPath, parsePath } from '../src/spec/paths.ts';
import type { MappingSpec } from '../src/spec/types.ts';
import { isFullDate } from '../src/validate/formats.ts';

// ---- the versions the fast paths replaced ----

function refParseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  let t = value.trim().replace(CURRENCY_CODE, '');
  const neg = /^\(.*\)$/.test(t);
  if (neg) t = t.slice(1, -1);
  const pct = /%$/.test(t);
  if (pct) t = t.slice(0, -1);
  const resolved = resolveSeparators(t.replace(NUMBER_NOISE, ''), false);
  if (resolved === undefined) return undefined;
  t = resolved;
  if (!NUMBER_SHAPE.test(t)) return undefined;
  let n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (pct) n = n / 100;
  if (neg) n = 0 - n;
  return n === 0 ? 0 : n;
}

const refTrim = (s: string) =>
  s
    .replace(/[ \t\n\r]+/g, ' ')
    .replace(/^ /, '')
    .replace(/ $/, '');

const refTitle = (s: string) =>
  s
    .toLowerCase()
    .split(' ')
    .map((w) => {
      const chars = Array.from(w);
      return (chars[0] ?? '').toUpperCase() + chars.slice(1).join('');
    })
    .join(' ');

function refAggregate(fn: string, separator: string) {
  return (v: unknown) => {
    const present = (x: unknown) => x !== undefined && x !== null && !(Array.isArray(x) && x.length === 0);
    const list = Array.isArray(v) ? v : present(v) ? [v] : [];
    if (fn === 'count') return list.length;
    if (fn === 'join')
      return list
        .map(toText)
        .filter((s) => s !== undefined)
        .join(separator);
    const nums = list.map(refParseNumber).filter((n): n is number => n !== undefined);
    if (fn === 'sum') return nums.reduce((a, b) => a + b, 0);
    if (nums.length === 0) return undefined;
    if (fn === 'min') return Math.min(...nums);
    if (fn === 'max') return Math.max(...nums);
    return nums.reduce((a, b) => a + b, 0) / nums.length;
  };
}

function refConcat(separator: string) {
  return (values: unknown[]) => {
    const parts: string[] = [];
    for (const v of values)
      for (const x of Array.isArray(v) ? v : [v]) {
        const s = toText(x);
        if (s !== undefined && s !== '') parts.push(s);
      }
    return parts.length ? parts.join(separator) : undefined;
  };
}

/** The date step's former fast path: the layout regex, the first YYYY, MM and DD. */
function refDateStep(from: string) {
  const { source, groups } = layoutPattern(from);
  const re = new RegExp(source, 'i');
  const [iy, im, id] = (['YYYY', 'MM', 'DD'] as const).map((t) => groups.indexOf(t) + 1) as [
    number,
    number,
    number,
  ];
  return (v: unknown) => {
    if (typeof v !== 'string') return undefined;
    const m = re.exec(v.trim());
    if (!m) return undefined;
    const mon = Number(m[im]);
    const day = Number(m[id]);
    if (mon < 1 || mon > 12 || day < 1 || day > daysInMonth(Number(m[iy]), mon)) return undefined;
    return `${m[iy]}-${m[im]}-${m[id]}`;
  };
}

// ---- generators ----

const charsOf = (chars: string[], maxLength = 12) =>
  fc.array(fc.constantFrom(...chars), { maxLength }).map((a) => a.join(''));

const numberText = fc.oneof(
  charsOf([
    '1',
    '2',
    '0',
    '9',
    '-',
    '.',
    ',',
    '$',
    '€',
    '£',
    '¥',
    '₹',
    '(',
    ')',
    '%',
    ' ',
    '\t',
    '\n',
    '\u00a0',
    'U',
    'S',
    'D',
  ]),
  charsOf(['1', '5', '.', '-', 'e', '+', '\u2028', '\u3000', '\ufeff', '\v', '(', ')', '%', 'x']),
  fc.double({ noNaN: true }).map(String),
  fc.integer().map((n) => `$${n.toLocaleString('en-US')}.${Math.abs(n % 100)}`),
  charsOf(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '.'], 24), // past 15 digits
);

const spacedText = charsOf([' ', ' ', '\t', '\n', '\r', '\u00a0', '\v', 'a', 'B', 'é'], 16);
const words = charsOf(
  [' ', ' ', 'a', 'B', 'ß', 'é', 'ǆ', 'ﬀ', 'İ', 'Σ', '\ud83d\ude00', '\ud83d', '1', '-', "'"],
  14,
);

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, undefined, 0, 1.5, 'x', '', true),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'length', '0', 'map', 'toString'), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;
const paths = [
  'a',
  'a.b',
  'a.b.c',
  'a[*]',
  'a[*].b',
  'a.b[*].c',
  'a[*].b[*]',
  'a[*].b[*].c',
  'a[*].length',
  'a.0',
  'a[*].map',
  'toString',
  'a.toString.b',
];

describe('fast paths equal the code they replaced', () => {
  it('parseNumber', () => {
    fc.assert(
      fc.property(numberText, (s) => {
        expect(Object.is(parseNumber(s), refParseNumber(s))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('parseNumber treats every code unit as the regexes do', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [`1${ch}2`, `${ch}5`, `(${ch})`, `-${ch}3.5`]) {
        if (!Object.is(parseNumber(s), refParseNumber(s))) throw new Error(`differs on ${JSON.stringify(s)}`);
      }
    }
  });

  it('trim', () => {
    const trim = textOp('trim');
    fc.assert(
      fc.property(spacedText, (s) => {
        expect(trim(s)).toBe(refTrim(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('title case', () => {
    fc.assert(
      fc.property(words, (s) => {
        expect(titleCase(s)).toBe(refTitle(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('compiled path getters', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(...paths), (v, path) => {
        expect(compileGetter(path)(v)).toEqual(getPath(v, parsePath(path) ?? []));
      }),
      { numRuns: 3000 },
    );
    expect(compileGetter('a.map')({ a: [] })).toBeUndefined();
    expect(compileGetter('a[*]')({ a: [1, null, [2, 3]] })).toEqual([1, null, 2, 3]);
  });

  it('aggregates and concat', () => {
    const item = fc.oneof(numberText, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
    const input = fc.oneof(fc.array(item, { maxLength: 5 }), item);
    fc.assert(
      fc.property(input, fc.constantFrom('count', 'sum', 'min', 'max', 'avg', 'join'), (v, fn) => {
        const got = aggregate(fn as 'sum', '|')(v);
        expect(Object.is(got, refAggregate(fn, '|')(v)) || got === refAggregate(fn, '|')(v)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.array(input, { maxLength: 4 }), (values) => {
        expect(concatValues(', ')(values)).toBe(refConcat(', ')(values));
      }),
    );
  });

  it('date layouts checked by position', () => {
    const layouts = ['MM/DD/YYYY', 'DD.MM.YYYY', 'YYYYMMDD', 'YYYY-MM-DD', 'DD-MM-YYYY YYYY', 'YYYY+MM(DD)'];
    // a layout filled with numbers near the valid ranges, sometimes with one character changed
    const text = fc
      .record({
        layout: fc.constantFrom(...layouts),
        y: fc.integer({ min: 0, max: 2401 }),
        m: fc.integer({ min: 0, max: 13 }),
        d: fc.integer({ min: 0, max: 32 }),
        at: fc.nat(16),
        ch: fc.constantFrom('', 'x', '0', '/', ' ', '1', '\n'),
      })
      .map(({ layout, y, m, d, at, ch }) => {
        const t = layout
          .replace(/YYYY/g, String(y).padStart(4, '0'))
          .replace('MM', String(m).padStart(2, '0'))
          .replace('DD', String(d).padStart(2, '0'));
        return t.slice(0, at) + ch + t.slice(at + (ch ? 1 : 0));
      });
    fc.assert(
      fc.property(
        fc.constantFrom(...layouts),
        fc.oneof(
          text,
          text.map((t) => ` ${t}\n`),
        ),
        (from, t) => {
          expect(dateReformatter(from, 'date')(t)).toBe(refDateStep(from)(t));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('the date format check', () => {
    const text = fc.oneof(
      charsOf(['0', '1', '2', '3', '9', '-', ' ', 'T', '\n'], 12),
      fc
        .tuple(
          fc.integer({ min: 0, max: 10000 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(
          ([y, m, d]) =>
            `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        ),
    );
    const ajvDate = fullFormats.date as { validate: (s: string) => boolean };
    fc.assert(
      fc.property(text, (s) => {
        expect(isFullDate(s)).toBe(ajvDate.validate(s));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('chains', () => {
  it('the first step sees a missing input as it is, in the compiled mapper and the interpreter', async () => {
    const spec: MappingSpec = {
      version: 1,
      fields: [
        {
          target: 'n',
          sources: ['missing[*].x'],
          transform: {
            kind: 'chain',
            steps: [
              { kind: 'aggregate', fn: 'count' },
              { kind: 'cast', to: 'string' },
            ],
          },
          confidence: 1,
          bucket: 'Very High',
          reason: 'test',
        },
      ],
    };
    expect(compileSpec(spec).map({})).toEqual({ n: '0' });
    expect(await interpretSpec(spec, {})).toEqual({ n: '0' });
  });
});
