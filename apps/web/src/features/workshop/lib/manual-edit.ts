import type { TFieldMapping, TMapperEdit, TMapperEditTransform } from '@mapwright/contracts';
import type { TManualDraft } from '../stores/workshop-store.ts';
import { parseTyped } from './field-rows.ts';
import { editableText } from './format.ts';

export const TRANSFORM_CHOICES: { value: TMapperEditTransform; label: string }[] = [
  { value: 'auto', label: 'Automatic: whatever fits the target' },
  { value: 'copy', label: 'As is' },
  { value: 'trim', label: 'Trim spaces' },
  { value: 'upper', label: 'UPPER CASE' },
  { value: 'lower', label: 'lower case' },
  { value: 'title', label: 'Title Case' },
  { value: 'number', label: 'Number' },
  { value: 'integer', label: 'Whole number' },
  { value: 'string', label: 'Text' },
  { value: 'boolean', label: 'True / false' },
  { value: 'date', label: 'Date (YYYY-MM-DD)' },
  { value: 'date-time', label: 'Date-time (ISO 8601)' },
];

/** The manual edit a field starts from: its current single source, default and lookup table. */
export function draftFromMapping(target: string, m: TFieldMapping | null): TManualDraft {
  const t = m?.transform as { kind?: string; table?: Record<string, unknown>; steps?: unknown[] } | undefined;
  const lookupStep =
    t?.kind === 'lookup' ? t : (t?.steps as (typeof t)[] | undefined)?.find((s) => s?.kind === 'lookup');
  return {
    targetField: target,
    extract: m && m.sources.length === 1 ? (m.sources[0] as string) : '',
    transform: 'auto',
    defaultText: m?.default === undefined ? '' : editableText(m.default),
    lookup: Object.entries(lookupStep?.table ?? {}).map(([from, to]) => ({ from, to: editableText(to) })),
  };
}

/** The mapper/run edit for a draft, or what is missing; values are typed by the target's types. */
export function manualEditRequest(
  d: TManualDraft,
  types: readonly string[],
): { edit: TMapperEdit } | { error: string; field: 'extract' | 'default' | 'lookup' } {
  const extract = d.extract.trim();
  const transformation: TMapperEdit['transformation'] = {};
  if (extract) transformation.extract = extract;
  if (d.defaultText.trim() !== '') {
    const parsed = parseTyped(d.defaultText, types);
    if ('error' in parsed) return { error: `Default: ${parsed.error.toLowerCase()}`, field: 'default' };
    transformation.default = parsed.value;
  }
  if (!extract && transformation.default === undefined)
    return { error: 'Pick a source path, or give a default', field: 'extract' };
  const rows = d.lookup.filter((r) => r.from.trim() !== '' || r.to.trim() !== '');
  if (rows.length > 0) {
    if (!extract) return { error: 'A lookup table needs a source path', field: 'lookup' };
    const table: Record<string, unknown> = {};
    for (const r of rows) {
      if (r.from.trim() === '') return { error: 'Every lookup row needs a source value', field: 'lookup' };
      const parsed = parseTyped(r.to, types);
      if ('error' in parsed)
        return { error: `Lookup "${r.from}": ${parsed.error.toLowerCase()}`, field: 'lookup' };
      Object.defineProperty(table, r.from, {
        value: parsed.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    transformation.lookup = table;
  }
  if (extract && d.transform !== 'auto') transformation.transform = d.transform;
  return { edit: { targetField: d.targetField, transformation } };
}
