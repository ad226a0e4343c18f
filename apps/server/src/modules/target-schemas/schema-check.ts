import {
  type JsonSchema,
  linearRegExpEngine,
  normalizeTargetSchema,
  patternProblems,
} from '@mapwright/engine';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { FieldError } from '../../lib/errors.ts';

const MAX_DEPTH = 32;
const MAX_FIELDS = 5000;
// the validator's own pattern engine (RE2), so a pattern that compiles here also runs there
const opts = { strict: false, validateFormats: false, code: { regExp: linearRegExpEngine } } as const;
const ajv07 = new Ajv(opts);
const ajv2020 = new Ajv2020(opts);

/**
 * Accepts a target schema only if it is a usable JSON Schema: an object schema with properties,
 * no '.' in property names (paths use dots), bounded depth and size, patterns the linear-time
 * engine can run (no lookaround or backreferences: the 422 names the pattern). Returns it with
 * the spec's required-reduction rule applied.
 */
export function checkTargetSchema(
  raw: Record<string, unknown>,
  loc: (string | number)[] = ['body', 'schema'],
): JsonSchema {
  let fields = 0;
  const stack: [unknown, (string | number)[]][] = [[raw, loc]];
  while (stack.length) {
    const [node, at] = stack.pop()!;
    if (at.length - loc.length > MAX_DEPTH * 2)
      throw new FieldError(loc, `is nested deeper than ${MAX_DEPTH} levels`);
    if (node === null || typeof node !== 'object') continue;
    const props = (node as JsonSchema).properties;
    if (props && typeof props === 'object' && !Array.isArray(props)) {
      for (const name of Object.keys(props)) {
        if (name.includes('.'))
          throw new FieldError([...at, 'properties', name], "property names may not contain '.'");
        if (++fields > MAX_FIELDS) throw new FieldError(loc, `has more than ${MAX_FIELDS} fields`);
      }
    }
    for (const [k, v] of Object.entries(node)) if (v && typeof v === 'object') stack.push([v, [...at, k]]);
  }
  if (raw.type !== 'object' && !(Array.isArray(raw.type) && raw.type.includes('object'))) {
    throw new FieldError(loc, 'must be an object schema ("type": "object") with properties');
  }
  if (!raw.properties || typeof raw.properties !== 'object' || Array.isArray(raw.properties)) {
    throw new FieldError([...loc, 'properties'], 'must be an object of field schemas');
  }
  const [bad] = patternProblems(raw);
  if (bad) throw new FieldError([...loc, ...bad.path], bad.reason);
  const draft2020 = typeof raw.$schema === 'string' && raw.$schema.includes('2020-12');
  try {
    (draft2020 ? ajv2020 : ajv07).compile(raw);
  } catch (err) {
    throw new FieldError(loc, `is not a valid JSON Schema: ${(err as Error).message}`);
  }
  return normalizeTargetSchema(raw as JsonSchema);
}
