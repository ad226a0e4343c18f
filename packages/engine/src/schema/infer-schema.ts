import type { FieldProfile } from '../profile/types.ts';
import type { JsonSchema } from './target-schema.ts';

/** JSON Schema type and format for one profiled field (strings that hold numbers become numbers). */
function leafSchema(f: FieldProfile): JsonSchema {
  switch (f.format) {
    case 'integer-string':
      return { type: 'integer' };
    case 'number-string':
    case 'currency':
    case 'percent':
      return { type: 'number' };
    case 'boolean-string':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'date-time':
      return { type: 'string', format: 'date-time' };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'url':
      return { type: 'string', format: 'uri' };
  }
  if (f.type === 'object' || f.type === 'array') return { type: f.type };
  return { type: f.type === 'null' ? 'string' : f.type };
}

/** Splits `a.b[*].c` into segments, `[*]` marking an array step. */
function segments(path: string): string[] {
  return path.split('.').flatMap((seg) => (seg.endsWith('[*]') ? [seg.slice(0, -3), '[*]'] : [seg]));
}

/**
 * A target schema that accepts the profiled data: nested objects and arrays from the paths,
 * types and formats from the values, `required` for fields that are never empty, and
 * `enum` for low-cardinality text fields when asked.
 */
export function schemaFromProfile(
  fields: FieldProfile[],
  opts: { title?: string; enums?: boolean } = {},
): JsonSchema {
  const root: JsonSchema = { type: 'object', properties: {}, required: [] };
  if (opts.title) root.title = opts.title;
  for (const f of fields) {
    const segs = segments(f.path);
    let node = root;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      const last = i === segs.length - 1;
      if (seg === '[*]') {
        node.type = 'array';
        delete node.properties;
        delete node.required;
        node.items ??= last ? leafSchema(f) : { type: 'object', properties: {}, required: [] };
        node = node.items;
        continue;
      }
      // property names may not contain '.' (api-pipelines.md); a profile never produces one
      node.properties ??= {};
      const props = node.properties;
      if (!Object.hasOwn(props, seg)) {
        const next = segs[i + 1];
        Object.defineProperty(props, seg, {
          value: last
            ? leafSchema(f)
            : next === '[*]'
              ? { type: 'array' }
              : { type: 'object', properties: {}, required: [] },
          enumerable: true,
          writable: true,
          configurable: true,
        });
        if (last && f.nullRate === 0 && !f.inArray) {
          node.required ??= [];
          node.required.push(seg);
        }
        if (
          last &&
          opts.enums &&
          f.type === 'string' &&
          !f.format &&
          f.distinct &&
          f.distinct.length <= 12 &&
          f.count >= 20
        ) {
          props[seg]!.enum = f.distinct.map((d) => d.value);
        }
      }
      node = props[seg]!;
    }
  }
  return root;
}
