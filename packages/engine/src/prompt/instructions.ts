import { conceptOf, splitWords } from '../match/names.ts';
import type { FieldProfile } from '../profile/types.ts';
import { bucketOf, type FieldMapping, type Transform } from '../spec/types.ts';

/**
 * The built-in prompt generator: understands short instructions for one target field without an
 * LLM ("concatenate first and last name", "use the date as YYYY-MM-DD", "uppercase the city",
 * "default to USD", "sum of items price") and says plainly when it cannot.
 */
export interface PromptOutcome {
  target: string;
  understood: boolean;
  mapping?: FieldMapping;
  message: string;
}

const LAYOUT_RE = /\b((?:YYYY|YY|MM|M|DD|D|MMM|MMMM)(?:[-/. ](?:YYYY|YY|MM|M|DD|D|MMM|MMMM)){1,2})\b/;
const NUMBER_RE = /-?\d+(?:\.\d+)?/;

/** Source fields named in the text, best match first, each word used once. */
export function fieldsMentioned(text: string, fields: FieldProfile[]): FieldProfile[] {
  const words = splitWords(text).map(conceptOf);
  const scored = fields
    .filter((f) => f.type !== 'object' && f.type !== 'array')
    .map((f) => {
      const name = splitWords(f.name).map(conceptOf);
      const hits = name.filter((w) => words.includes(w)).length;
      const first = Math.min(
        ...name.map((w) => words.indexOf(w)).filter((i) => i >= 0),
        Number.POSITIVE_INFINITY,
      );
      return { f, score: hits / name.length, hits, first };
    })
    .filter((s) => s.hits > 0 && s.score >= 0.5);
  // order of mention matters for concat ("first and last name")
  return scored.sort((a, b) => a.first - b.first || b.score - a.score).map((s) => s.f);
}

const mapping = (
  target: string,
  sources: string[],
  transform: Transform,
  reason: string,
  extra: Partial<FieldMapping> = {},
): FieldMapping => ({
  target,
  sources,
  transform,
  confidence: 0.8,
  bucket: bucketOf(0.8),
  reason,
  status: 'edited',
  ...extra,
});

/** Reads one instruction for `target`; `current` is the field's present mapping, if any. */
export function interpretInstruction(
  target: string,
  instruction: string,
  fields: FieldProfile[],
  current?: FieldMapping,
): PromptOutcome {
  const text = instruction.trim();
  const lower = text.toLowerCase();
  const named = fieldsMentioned(text, fields);
  const base = named[0]?.path ?? current?.sources[0];
  const done = (m: FieldMapping, message: string): PromptOutcome => ({
    target,
    understood: true,
    mapping: m,
    message,
  });

  const quoted = /["'“”‘’]([^"'“”‘’]*)["'“”‘’]/.exec(text)?.[1];
  const constant = /\b(?:default(?:s)? to|always|set (?:it )?to|constant)\s+(.+)$/i.exec(text)?.[1]?.trim();
  if (constant !== undefined && !/\b(when|if)\b/i.test(lower)) {
    const raw = quoted ?? constant.replace(/[.]$/, '');
    const value =
      NUMBER_RE.test(raw) && Number(raw).toString() === raw
        ? Number(raw)
        : raw === 'true' || raw === 'false'
          ? raw === 'true'
          : raw;
    if (/\bdefault/i.test(lower) && base)
      return done(
        mapping(
          target,
          [base],
          current?.transform ?? { kind: 'copy' },
          `Uses ${base}, "${value}" when it is empty (as asked).`,
          { default: value },
        ),
        `default ${JSON.stringify(value)}`,
      );
    return done(
      mapping(target, [], { kind: 'constant' }, `Always "${value}" (as asked).`, { default: value }),
      `always ${JSON.stringify(value)}`,
    );
  }
  if (
    /\b(concat\w*|combine|join|merge|full name)\b/.test(lower) ||
    (/\band\b/.test(lower) && named.length >= 2)
  ) {
    if (named.length < 2)
      return {
        target,
        understood: false,
        message: `Found ${named.length} of the fields to combine in "${text}"; name them as they appear in the source.`,
      };
    const separator =
      quoted ??
      (/\bcomma\b/.test(lower)
        ? ', '
        : /\b(dash|hyphen)\b/.test(lower)
          ? '-'
          : /\bno space\b/.test(lower)
            ? ''
            : ' ');
    const sources = named.slice(0, 4).map((f) => f.path);
    return done(
      mapping(
        target,
        sources,
        { kind: 'concat', separator },
        `Joins ${sources.join(', ')} with "${separator}" (as asked).`,
      ),
      `concat(${sources.join(', ')})`,
    );
  }
  const layout = LAYOUT_RE.exec(text)?.[1];
  if (layout || /\b(iso date|date only|as a date)\b/.test(lower)) {
    const dateField =
      named.find((f) => f.format === 'date' || f.format === 'date-time') ??
      fields.find((f) => f.path === base);
    if (!dateField && !base)
      return {
        target,
        understood: false,
        message: 'Which source field holds the date? Name it in the instruction.',
      };
    const to = layout ?? 'date';
    const from = dateField?.layout;
    return done(
      mapping(
        target,
        [dateField?.path ?? base!],
        { kind: 'date', ...(from ? { from } : {}), to },
        `Re-formats ${dateField?.path ?? base} as ${to} (as asked).`,
      ),
      `date → ${to}`,
    );
  }
  const textOp = /\b(upper\s*case|uppercase|capitals)\b/.test(lower)
    ? 'upper'
    : /\blower\s*case|lowercase\b/.test(lower)
      ? 'lower'
      : /\btitle\s*case|capitali[sz]e\b/.test(lower)
        ? 'title'
        : /\btrim\b/.test(lower)
          ? 'trim'
          : undefined;
  if (textOp) {
    if (!base)
      return {
        target,
        understood: false,
        message: 'Which source field should be changed? Name it in the instruction.',
      };
    return done(
      mapping(target, [base], { kind: 'text', op: textOp }, `${textOp} of ${base} (as asked).`),
      `${textOp}(${base})`,
    );
  }
  const agg = /\b(count|number of|sum|total|average|avg|min(?:imum)?|max(?:imum)?)\b/.exec(lower)?.[1];
  const arrayField =
    named.find((f) => f.inArray) ??
    fields.find((f) => f.inArray && lower.includes(f.path.split('[*]')[0]!.toLowerCase()));
  if (agg && arrayField) {
    const fn =
      agg === 'count' || agg === 'number of'
        ? 'count'
        : agg === 'sum' || agg === 'total'
          ? 'sum'
          : agg.startsWith('av')
            ? 'avg'
            : agg.startsWith('min')
              ? 'min'
              : 'max';
    return done(
      mapping(
        target,
        [arrayField.path],
        { kind: 'aggregate', fn },
        `${fn} over ${arrayField.path} (as asked).`,
      ),
      `${fn}(${arrayField.path})`,
    );
  }
  const arith = /\b(multiply|times|divide|divided|plus|add|minus|subtract)\b.*?(-?\d+(?:\.\d+)?)/.exec(lower);
  if (arith && base) {
    const op = /multiply|times/.test(arith[1]!)
      ? '*'
      : /divide/.test(arith[1]!)
        ? '/'
        : /plus|add/.test(arith[1]!)
          ? '+'
          : '-';
    return done(
      mapping(
        target,
        [base],
        { kind: 'arithmetic', op, operand: Number(arith[2]) },
        `${base} ${op} ${arith[2]} (as asked).`,
      ),
      `${base} ${op} ${arith[2]}`,
    );
  }
  const part = /\b(first|last|second)\s+(word|part)\b/.exec(lower);
  if (part && base) {
    const index = part[1] === 'first' ? 0 : part[1] === 'second' ? 1 : -1;
    const separator = quoted ?? (/\bcomma\b/.test(lower) ? ',' : ' ');
    return done(
      mapping(
        target,
        [base],
        { kind: 'split', separator, index },
        `${part[1]} ${part[2]} of ${base} (as asked).`,
      ),
      `split(${base})[${index}]`,
    );
  }
  if (/\b(use|from|copy|take|map)\b/.test(lower) && named[0]) {
    return done(
      mapping(target, [named[0].path], { kind: 'copy' }, `Takes ${named[0].path} (as asked).`),
      `copy(${named[0].path})`,
    );
  }
  return {
    target,
    understood: false,
    message: `The built-in generator did not understand "${text}". It knows: combine/concatenate fields, format a date (e.g. YYYY-MM-DD), upper/lower/title case, trim, default to or always a value, count/sum/average over a list, multiply/divide by a number, first/last word, or "use <field>". Configure an LLM for anything else.`,
  };
}
