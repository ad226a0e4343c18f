/**
 * toJsonata: the whole spec as ONE JSONata expression with the same output as compileSpec
 * (property-tested). It is the throughput benchmark's peer and what the /code screen shows.
 * Helper functions are emitted once at the top, only those the spec uses.
 */
import { parsePath, splitAtFirstArray } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';
import type { DatePattern, DateRole } from './date-layouts.ts';
import { DETECT_EXTRA, isDateOrder, orderPatterns } from './date-patterns.ts';
import { DETECT_LAYOUTS, layoutPattern, tokenizeLayout } from './dates.ts';
import { type ArrayGroup, defaultOf, planFields, readsWholeInput, relativeSource } from './field.ts';
import { HELPERS, withDeps } from './jsonata-helpers.ts';

const KEYWORDS = new Set(['and', 'or', 'in', 'true', 'false', 'null', 'function']);
const name = (k: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && !KEYWORDS.has(k) ? k : `\`${k}\``);
const lit = (v: unknown) => JSON.stringify(v);

class Emitter {
  used = new Set<string>();
  defs: string[] = [];
  private named = new Map<string, string>();
  private depth = 0;

  use(h: string): string {
    this.used.add(h);
    return `$${h}`;
  }

  /** a generated definition (lookup table, date parser/formatter), emitted once under a short name */
  define(key: string, make: (v: string) => string): string {
    let v = this.named.get(key);
    if (!v) {
      v = `$g${this.named.size}`;
      this.named.set(key, v);
      this.defs.push(`${v} := ${make(v)}`);
    }
    return v;
  }

  fresh(): string {
    this.depth++;
    return `$x${this.depth}`;
  }

  layoutParser(layout: string): string {
    if (layout === 'iso') return this.use('parseIso');
    if (layout === 'epoch-ms' || layout === 'epoch-s') {
      const k = layout === 'epoch-s' ? 1000 : 1;
      return this.define(`parse:${layout}`, () => `function($v){ ${this.use('epoch')}($v, ${k}) }`);
    }
    return this.define(`parse:${layout}`, () => {
      const { source, groups } = layoutPattern(layout);
      const last = (toks: string[]) => groups.reduce((at, g, i) => (toks.includes(g) ? i : at), -1);
      const comp = (toks: string[], dflt: number) => {
        const i = last(toks);
        if (i < 0) return String(dflt);
        const g = groups[i] as string;
        if (g === 'YY') return `($yy := $number($g[${i}]); $yy < 70 ? 2000 + $yy : 1900 + $yy)`;
        if (g === 'MMM' || g === 'MMMM') return `${this.use('month')}($g[${i}])`;
        return `$number($g[${i}])`;
      };
      const parts = `{"y": ${comp(['YYYY', 'YY'], 1970)}, "mo": ${comp(['MMMM', 'MMM', 'MM', 'M'], 1)}, "d": ${comp(['DD', 'D'], 1)}, "h": ${comp(['HH'], 0)}, "mi": ${comp(['mm'], 0)}, "s": ${comp(['ss'], 0)}, "frac": "", "zone": ""}`;
      return `function($v){ $type($v) = "string" ? ($m := $match($replace($v, /^\\s+|\\s+$/, ""), /${source}/i); $exists($m) ? ($g := $m.groups; ${this.use('valid')}(${parts}))) }`;
    });
  }

  /** A detection pattern's parser (dates.ts partsOf, step for step): its groups may be absent. */
  patternParser(pattern: DatePattern): string {
    return this.define(`pattern:${pattern.groups.join()}:${pattern.flags}:${pattern.source}`, () => {
      const at = (roles: DateRole[]) => pattern.groups.reduce((x, g, i) => (roles.includes(g) ? i : x), -1);
      const g = (i: number) => `$g[${i}]`;
      const num = (roles: DateRole[], dflt: number) => {
        const i = at(roles);
        if (i < 0) return String(dflt);
        const r = pattern.groups[i] as DateRole;
        const v =
          r === 'YY'
            ? `($yy := $number(${g(i)}); $yy < 70 ? 2000 + $yy : 1900 + $yy)`
            : r === 'MMM' || r === 'MMMM'
              ? `${this.use('month')}(${g(i)})`
              : `$number(${g(i)})`;
        return `($exists(${g(i)}) ? ${v} : ${dflt})`;
      };
      const text = (role: DateRole, f: (x: string) => string) => {
        const i = at([role]);
        return i < 0 ? '""' : `($exists(${g(i)}) ? ${f(g(i))} : "")`;
      };
      const ap = at(['ampm']);
      const ampm = ap < 0 ? '""' : `($exists(${g(ap)}) ? $lowercase(${g(ap)}) : "")`;
      const zone = text('zone', (x) => `${this.use('zone')}(${x})`);
      const parts = `{"y": ${num(['YYYY', 'YY'], 1970)}, "mo": ${num(['MMMM', 'MMM', 'MM', 'M'], 1)}, "d": ${num(['DD', 'D'], 1)}, "h": $ap = "" ? $h : $h % 12 + ($ap = "p" ? 12 : 0), "mi": ${num(['mm'], 0)}, "s": ${num(['ss'], 0)}, "frac": ${text('frac', (x) => x)}, "zone": ${zone}}`;
      const body = `$h := ${num(['HH'], 0)}; $ap := ${ampm}; ($ap = "" or ($h >= 1 and $h <= 12)) ? ${this.use('valid')}(${parts})`;
      return `function($v){ $type($v) = "string" ? ($m := $match($replace($v, /^\\s+|\\s+$/, ""), /${pattern.source}/${pattern.flags}); $exists($m) ? ($g := $m.groups; ${body})) }`;
    });
  }

  dateFormatter(to: string): string {
    return this.define(`format:${to}`, () => {
      const pad = this.use('zpad');
      if (to === 'date')
        return `function($p){ ${pad}($p.y, 4) & "-" & ${pad}($p.mo, 2) & "-" & ${pad}($p.d, 2) }`;
      if (to === 'date-time' || to === 'iso') return this.use('isoText');
      if (to === 'epoch-ms') return `function($p){ $toMillis(${this.use('isoText')}($p)) }`;
      if (to === 'epoch-s') return `function($p){ $floor($toMillis(${this.use('isoText')}($p)) / 1000) }`;
      const pieces = tokenizeLayout(to).map((part) => {
        if ('literal' in part) return lit(part.literal);
        const months = this.use('months');
        switch (part.token) {
          case 'YYYY':
            return `${pad}($p.y, 4)`;
          case 'YY':
            return `${pad}($p.y % 100, 2)`;
          case 'MMMM':
            return `${months}[$p.mo - 1]`;
          case 'MMM':
            return `$substring(${months}[$p.mo - 1], 0, 3)`;
          case 'MM':
            return `${pad}($p.mo, 2)`;
          case 'M':
            return '$string($p.mo)';
          case 'DD':
            return `${pad}($p.d, 2)`;
          case 'D':
            return '$string($p.d)';
          case 'HH':
            return `${pad}($p.h, 2)`;
          case 'mm':
            return `${pad}($p.mi, 2)`;
          case 'ss':
            return `${pad}($p.s, 2)`;
        }
        return '""';
      });
      return `function($p){ ${pieces.join(' & ')} }`;
    });
  }

  dateFn(from: string | undefined, to: string): string {
    return this.define(`date:${from ?? '*'}:${to}`, () => {
      const fmt = this.dateFormatter(to);
      let parse: string;
      if (from && !isDateOrder(from)) parse = `${this.layoutParser(from)}($v)`;
      else {
        // an order's shapes, or (no `from`) the old detection list and then every shape
        const tries = (from ? [] : DETECT_LAYOUTS.map((l) => `${this.layoutParser(l)}($v)`)).concat(
          (isDateOrder(from) ? orderPatterns(from) : DETECT_EXTRA).map((p) => `${this.patternParser(p)}($v)`),
        );
        parse = `(${tries.map((t) => `$p := $exists($p) ? $p : ${t}`).join('; ')}; $p)`;
      }
      return `function($v){ ($p := ${parse}; $exists($p) ? ${fmt}($p)) }`;
    });
  }

  /** JSONata for transform `t` applied to the value of expression `input` */
  transform(t: Transform, input: string): string {
    const each = (body: (x: string) => string) => {
      const x = this.fresh();
      return `${this.use('each')}(${input}, function(${x}){ ${body(x)} })`;
    };
    switch (t.kind) {
      case 'copy':
        return input;
      case 'constant':
        return '$undefined';
      case 'cast': {
        const h = { string: 'text', number: 'num', integer: 'int', boolean: 'bool' }[t.to];
        if (t.decimalComma && (t.to === 'number' || t.to === 'integer'))
          return each((x) => `${this.use(h)}(${x}, true)`);
        return `${this.use('each')}(${input}, ${this.use(h)})`;
      }
      case 'currency':
        return `${this.use('each')}(${input}, ${this.use('currency')})`;
      case 'date':
        return `${this.use('each')}(${input}, ${this.dateFn(t.from, t.to)})`;
      case 'text': {
        const text = this.use('text');
        if (t.op === 'trim') return each((x) => `$trim(${text}(${x}))`);
        if (t.op === 'upper') return each((x) => `$uppercase(${text}(${x}))`);
        if (t.op === 'lower') return each((x) => `$lowercase(${text}(${x}))`);
        return each((x) => `${this.use('title')}(${text}(${x}))`);
      }
      case 'split':
        return each((x) => {
          const idx = t.index < 0 ? `$count($p) + (${t.index})` : String(t.index);
          return `($p := $split(${this.use('text')}(${x}), ${lit(t.separator)}); $i := ${idx}; ($i >= 0 and $i < $count($p)) ? $p[$i])`;
        });
      case 'lookup': {
        const table: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(t.table)) {
          const key = t.caseInsensitive ? k.toLowerCase() : k;
          delete table[key];
          table[key] = v;
        }
        const tv = this.define(`table:${lit(table)}`, () => lit(table));
        return each((x) => {
          const key = t.caseInsensitive ? `$lowercase($k)` : '$k';
          const miss = (t.fallback ?? 'keep') === 'keep' ? ` : ${x}` : '';
          return `($k := ${this.use('text')}(${x}); $r := $exists($k) ? $lookup(${tv}, ${key}); $exists($r) ? $r${miss})`;
        });
      }
      case 'round': {
        const f = lit(10 ** t.decimals);
        return each(
          (x) =>
            `($n := ${this.use('num')}(${x}); $exists($n) ? ($r := $floor($n * ${f} + 0.5) / ${f}; $r = 0 ? 0 : $r))`,
        );
      }
      case 'name':
        return each((x) => `${this.use('nameParts')}(${x}).${t.part}`);
      case 'phone':
        return each(
          (x) =>
            `${this.use('phone')}(${x}, ${lit(t.to)}, ${lit(t.countryCode ?? '1')}, ${lit(t.nationalLength ?? 10)})`,
        );
      case 'arithmetic':
        return each((x) => `($n := ${this.use('num')}(${x}); $exists($n) ? $n ${t.op} (${lit(t.operand)}))`);
      case 'aggregate': {
        const l = `${this.use('list')}(${input})`;
        if (t.fn === 'count') return `$count(${l})`;
        if (t.fn === 'earliest' || t.fn === 'latest')
          return `${this.use('extremeText')}(${input}, ${t.fn === 'latest'})`;
        if (t.fn === 'first') return `${l}[0]`;
        if (t.fn === 'last') return `${l}[-1]`;
        if (t.fn === 'join') return `$join([$map(${l}, ${this.use('text')})], ${lit(t.separator ?? ', ')})`;
        const nums = `[$map(${l}, ${this.use('num')})]`;
        return `$${t.fn === 'avg' ? 'average' : t.fn}(${nums})`;
      }
      case 'concat':
        return `${this.use('concat')}([${input}], ${lit(t.separator)})`;
      case 'jsonata':
        return `$eval(${lit(t.expression)}, ${input})`;
      case 'chain': {
        const x = this.fresh();
        const present = this.use('present');
        const steps = t.steps.map((s, i) =>
          i === 0
            ? `${x} := ${this.transform(s, input)}`
            : `${x} := ${present}(${x}) ? ${this.transform(s, x)}`,
        );
        return `(${steps.join('; ')}; ${x})`;
      }
    }
  }

  source(path: string, driver: string | undefined): string {
    const rel = relativeSource(path, driver);
    const base = rel.fromElement ? '$e' : '$record';
    if (rel.path === '') return base;
    const expr = `${base}.${(parsePath(rel.path) ?? []).map((s) => name(s.key)).join('.')}`;
    return splitAtFirstArray(rel.path) ? `${this.use('many')}(${expr})` : expr;
  }

  field(f: FieldMapping, driver: string | undefined): string {
    let input: string;
    if (readsWholeInput(f)) input = driver === undefined ? '$record' : '$e';
    else if (f.sources.length === 1) input = this.source(f.sources[0] as string, driver);
    else {
      const first = f.transform.kind === 'chain' ? f.transform.steps[0] : f.transform;
      const values = f.sources.map((s) => this.source(s, driver));
      if (first?.kind === 'concat') input = values.join(', ');
      else {
        const present = this.use('present');
        input = values.reduceRight((rest, v) => `($c := ${v}; ${present}($c) ? $c : ${rest})`, '$undefined');
      }
    }
    const body =
      f.transform.kind === 'jsonata' && driver === undefined
        ? `(${f.transform.expression})`
        : this.transform(f.transform, input);
    const fallback = defaultOf(f);
    const dflt = fallback === undefined ? '' : ` : ${lit(fallback)}`;
    if (f.transform.kind === 'constant') return fallback === undefined ? '$undefined' : lit(fallback);
    return `($v := ${body}; $v != null ? $v${dflt})`;
  }
}

type Node = Map<string, Node | string>;

function insert(root: Node, keys: string[], expr: string) {
  let node = root;
  for (const k of keys.slice(0, -1)) {
    let next = node.get(k);
    if (!(next instanceof Map)) {
      next = new Map();
      node.set(k, next);
    }
    node = next;
  }
  node.set(keys[keys.length - 1] as string, expr);
}

function render(node: Node, indent: string, top: boolean): string {
  const inner = `${indent}  `;
  const entries = [...node].map(
    ([k, v]) => `${inner}${lit(k)}: ${typeof v === 'string' ? v : render(v, inner, false)}`,
  );
  const obj = `{\n${entries.join(',\n')}\n${indent}}`;
  return top ? obj : `$ne(${obj})`;
}

function groupExpr(em: Emitter, g: ArrayGroup): string {
  const el: Node = new Map();
  for (const { field, rest } of g.fields) insert(el, rest.split('.'), em.field(field, g.driver));
  const obj = render(el, '    ', true);
  if (g.driver === undefined) return `($e := $record; $o := ${obj}; $count($keys($o)) > 0 ? [$o])`;
  const els = em.source(g.driver, undefined);
  return `($els := ${els}; $f := function($e){ ${obj} }; $type($els) = "array" ? [$map($els, $f)] : $type($els) = "object" ? [$f($els)])`;
}

export function toJsonata(spec: MappingSpec): string {
  const em = new Emitter();
  const root: Node = new Map();
  const { plain, groups } = planFields(spec.fields);
  for (const f of plain) insert(root, f.target.split('.'), em.field(f, undefined));
  for (const g of groups) insert(root, g.targetPrefix.split('.'), groupExpr(em, g));
  const body = render(root, '  ', true);
  if (body.includes('$ne(')) em.use('ne');
  const helpers = withDeps(em.used).map((h) => `  $${h} := ${HELPERS[h]?.code}`);
  return `(\n  $record := $;\n${[...helpers, ...em.defs.map((d) => `  ${d}`)].join(';\n')}${helpers.length + em.defs.length ? ';\n' : ''}  ${body}\n)`;
}
