/**
 * Path readers for the compiled mapper: each source path becomes a function that reads exactly
 * what getPath (spec/paths.ts, used by the reference interpreter) reads, with the path work done
 * once and as little allocation per record as possible.
 */
import { type PathSegment, parsePath } from '../spec/paths.ts';

export type Getter = (o: unknown) => unknown;

/**
 * Keys an object may answer from its prototype (or an array from itself or Array.prototype):
 * paths with such a key read every step with hasOwn, as getPath does. Others read directly.
 */
function needsOwnCheck(key: string): boolean {
  return key in Object.prototype || key in Array.prototype || /^\d+$/.test(key);
}

/** A path reader equal to getPath(o, parsePath(path)), specialised once per path. */
export function compileGetter(path: string): Getter {
  if (path === '') return (o) => o;
  const segs = parsePath(path);
  if (!segs) return () => undefined;
  return segs.some((s) => s.each) ? eachGetter(segs) : plainGetter(segs.map((s) => s.key));
}

/** Reads a path of plain keys: one loop rather than a closure per key (fewer calls per record). */
function plainGetter(keys: readonly string[]): Getter {
  if (keys.some(needsOwnCheck)) return (o) => readOwn(o, keys);
  return (o) => {
    let v = o;
    for (let i = 0; i < keys.length; i++) {
      if (v === null || typeof v !== 'object') return undefined;
      v = (v as Record<string, unknown>)[keys[i] as string];
    }
    return v;
  };
}

function readOwn(o: unknown, keys: readonly string[]): unknown {
  let v = o;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * getPath for a path through arrays (`items[*].sku`) without its per-segment lists. The path is
 * cut after each `[*]` into plain stretches; a depth-first walk collects the same values, in the
 * same order (undefined when there are none).
 */
function eachGetter(segs: readonly PathSegment[]): Getter {
  const toArrays: Getter[] = []; // toArrays[i] reads the i-th `[*]` value from the level above
  let from = 0;
  segs.forEach((s, i) => {
    if (!s.each) return;
    toArrays.push(plainGetter(segs.slice(from, i + 1).map((x) => x.key)));
    from = i + 1;
  });
  const rest = segs.slice(from).map((x) => x.key);
  const toLeaf = rest.length ? plainGetter(rest) : undefined;
  // The walk fills one scratch list, reused (it runs no user code, so it is never re-entered),
  // and the values are copied out at their exact size: a fresh list grown by push per call was
  // a main source of garbage.
  const found: unknown[] = [];
  let n = 0;
  const visit = (v: unknown, level: number): void => {
    if (level === toArrays.length) {
      // a missing leaf gives nothing; an array leaf is flattened one level, like a JSONata path
      const leaf = toLeaf ? toLeaf(v) : v;
      if (toLeaf && leaf === undefined) return;
      if (Array.isArray(leaf)) for (let i = 0; i < leaf.length; i++) found[n++] = leaf[i];
      else found[n++] = leaf;
      return;
    }
    // `[*]` walks an array's elements, takes a lone object as one element, and skips anything else
    const many = (toArrays[level] as Getter)(v);
    if (Array.isArray(many)) for (let i = 0; i < many.length; i++) visit(many[i], level + 1);
    else if (many !== null && typeof many === 'object') visit(many, level + 1);
  };
  return (o) => {
    n = 0;
    visit(o, 0);
    if (n === 0) return undefined;
    const out: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = found[i];
      found[i] = undefined; // do not keep the record's values alive
    }
    return out;
  };
}
