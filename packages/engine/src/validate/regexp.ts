/**
 * Regular expressions written by users (a schema's `pattern` / `patternProperties`, a field
 * rule) run on RE2 (re2js, a pure-JS port: no native build, bundles anywhere): matching is
 * linear in the input, so `^(a+)+$` against `aaaa…a!` answers at once instead of holding a
 * thread for minutes. RE2 has no backreferences or lookaround; such a pattern is refused with
 * the reason (`patternProblem`) when the schema is saved.
 */
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

export interface LinearRegExp {
  test(s: string): boolean;
  readonly source: string;
  toString(): string;
}

/** compiled patterns by flags + source: ajv compiles a schema per run, the patterns repeat */
const cache = new Map<string, LinearRegExp>();
const CACHE_SIZE = 500;

function flagsOf(flags: string): number {
  let f = 0;
  if (flags.includes('i')) f |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('s')) f |= RE2JS.DOTALL;
  if (flags.includes('m')) f |= RE2JS.MULTILINE;
  return f;
}

/**
 * A user's pattern (JavaScript syntax: `\d`, `(?<name>…)`, `\u00e9`, `\/` are read as RegExp
 * reads them) compiled for linear-time matching. Throws when RE2 cannot run it.
 */
export function userRegExp(source: string, flags = ''): LinearRegExp {
  const key = `${flags}/${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = RE2JS.compile(RE2JS.translateRegExp(source), flagsOf(flags));
  const re: LinearRegExp = {
    source,
    test: (s) => compiled.test(s),
    // ajv keys its pattern cache by toString(): it must differ per pattern
    toString: () => `/${source}/${flags}`,
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, re);
  return re;
}

/** For ajv's `code: { regExp }` option: every `pattern` and `patternProperties` key on RE2. */
export const linearRegExpEngine: RegExpEngine = Object.assign(
  (pattern: string, u: string) => userRegExp(pattern, u),
  // only read when ajv generates standalone code, which Mapwright never does
  { code: 'linearRegExp' },
);

/** Why a pattern cannot be used (not valid, or needs backtracking), or undefined when it can. */
export function patternProblem(source: string): string | undefined {
  try {
    userRegExp(source, 'u');
    return undefined;
  } catch (err) {
    const why = (err as Error).message.replace(/^error parsing regexp: /, '');
    return /\\\d|\(\?[=!<]|Perl syntax/.test(source + why)
      ? `uses lookaround or a backreference, which the linear-time pattern engine does not support (${why})`
      : `is not a valid regular expression (${why})`;
  }
}

/** keywords whose values are data, not schemas: a `pattern` key in them is not a rule */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** keywords whose keys are names, so a property called `enum` is still a schema */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export interface PatternProblem {
  /** from the schema's root: `['properties', 'code', 'pattern']` */
  path: (string | number)[];
  reason: string;
}

/** Every `pattern` and `patternProperties` key of a schema that RE2 cannot run. */
export function patternProblems(schema: unknown): PatternProblem[] {
  const out: PatternProblem[] = [];
  const stack: [unknown, (string | number)[]][] = [[schema, []]];
  while (stack.length) {
    const [node, at] = stack.pop() as [unknown, (string | number)[]];
    if (node === null || typeof node !== 'object') continue;
    const obj = node as Record<string, unknown>;
    if (!Array.isArray(node)) {
      if (typeof obj.pattern === 'string') {
        const reason = patternProblem(obj.pattern);
        if (reason) out.push({ path: [...at, 'pattern'], reason });
      }
      const pp = obj.patternProperties;
      if (pp && typeof pp === 'object' && !Array.isArray(pp))
        for (const key of Object.keys(pp)) {
          const reason = patternProblem(key);
          if (reason) out.push({ path: [...at, 'patternProperties', key], reason });
        }
    }
    const names = NAME_MAPS.has(String(at[at.length - 1]));
    for (const [k, v] of Object.entries(obj))
      if (v && typeof v === 'object' && (names || !DATA_KEYWORDS.has(k)))
        stack.push([v, [...at, Array.isArray(node) ? Number(k) : k]]);
  }
  return out.reverse();
}
