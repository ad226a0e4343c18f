/**
 * Reading dates as people write them: the patterns a `date` transform tries when its `from` is
 * not one layout. `from: 'dmy'` / `from: 'mdy'` read every shape below with numeric dates in that
 * one day/month order — the order is a fact about a column, decided once from its values
 * (dayMonthOrder), never guessed value by value. `from` omitted keeps the old detection (the
 * fixed DETECT_LAYOUTS, US order first) and then tries the same shapes, month first before day
 * first, so stored mappers keep their outputs and read more.
 *
 * The shapes (each with an optional time `HH:mm[:ss[.fff]]`, 12-hour `am/pm`, and zone
 * `Z/UTC/GMT/±HH[:MM]`, after `T`, a space or a comma):
 *   ISO / Y-M-D      2023-10-14, 2023/10/14, 2023-10-14T09:30:00.5+02:00
 *   numeric          14/10/2023, 14.10.2023, 14-10-23 (order from the mode)
 *   Mon D YYYY       Sep 7 2023, September 7, 2023, Thu, Sep 7th 2023 10:15 PM
 *   D Mon YYYY       7 Sep 2023, 07-Sep-2023, 7th of September 2023
 * Month and weekday names are the English ones (as in dates.ts MONTHS). Every pattern is a
 * DatePattern, so the JSONata and TypeScript exports run the very same regular expressions.
 */
import { type DatePattern, layoutPattern, MONTHS } from './date-layouts.ts';

/** The `from` values that mean "any known shape, numeric dates in this day/month order". */
export type DateOrder = 'dmy' | 'mdy';
export const DATE_ORDERS: readonly string[] = ['dmy', 'mdy'];
export const isDateOrder = (from: string | undefined): from is DateOrder => from === 'dmy' || from === 'mdy';

/** Layouts tried first, in order, when a date transform has no `from` (the detection before orders existed). */
export const DETECT_LAYOUTS = [
  'iso',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'M/D/YYYY',
  'D/M/YYYY',
  'DD.MM.YYYY',
  'D.M.YYYY',
  'YYYY/MM/DD',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'YYYYMMDD',
  'D MMM YYYY',
  'D MMMM YYYY',
  'MMM D, YYYY',
  'MMMM D, YYYY',
  'MM/DD/YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm',
  'YYYY-MM-DD HH:mm',
  'M/D/YY',
];

/** "Jan(?:uary)?|…|Sep(?:t(?:ember)?)?|…": a month's three letters, optionally the rest (and "Sept"). */
const MONTH_NAME = `(${MONTHS.map((m) => {
  const head = m.slice(0, 3);
  const tail = m.slice(3);
  if (head === 'Sep') return 'Sep(?:t(?:ember)?)?';
  return tail ? `${head}(?:${tail})?` : head;
}).join('|')})\\.?`;
/** An optional weekday in front ("Thu, ", "Thursday "): read past, not checked against the date. */
const WEEKDAY = '(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\\.?,?\\s+)?';
/** An ordinal ending after a day number: 7th, 1st. */
const ORDINAL = '(?:st|nd|rd|th)?';
/** The optional time: hour, minutes, seconds, fraction, a/p of am/pm, zone. */
const TIME =
  '(?:(?:T|\\s*,\\s*|\\s+(?:at\\s+)?)(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?(?:\\s*([AaPp])\\.?[Mm]\\.?)?(?:\\s*(Z|UTC|GMT|[+-]\\d{2}(?::?\\d{2})?))?)?';
const TIME_ROLES = ['HH', 'mm', 'ss', 'frac', 'ampm', 'zone'] as const;
/** Separators of numeric dates ('/' escaped: the JSONata and TypeScript exports write /…/ literals). */
const SEP = '[-\\/.]';

function pattern(core: string, roles: DatePattern['groups']): DatePattern {
  return { source: `^${WEEKDAY}${core}${TIME}$`, groups: [...roles, ...TIME_ROLES], flags: 'i' };
}

const YMD = pattern(`(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})`, ['YYYY', 'M', 'D']);
const NAMED_MDY = pattern(`${MONTH_NAME}\\s*(\\d{1,2})${ORDINAL},?\\s+(\\d{4})`, ['MMM', 'D', 'YYYY']);
const NAMED_DMY = pattern(`(\\d{1,2})${ORDINAL}[\\s-]+(?:of\\s+)?${MONTH_NAME},?[\\s-]+(\\d{4})`, [
  'D',
  'MMM',
  'YYYY',
]);
const NUMERIC: Record<DateOrder, DatePattern[]> = {
  dmy: [
    pattern(`(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})`, ['D', 'M', 'YYYY']),
    pattern(`(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{2})`, ['D', 'M', 'YY']),
  ],
  mdy: [
    pattern(`(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})`, ['M', 'D', 'YYYY']),
    pattern(`(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{2})`, ['M', 'D', 'YY']),
  ],
};

/** The patterns for one day/month order, in the order they are tried. */
export function orderPatterns(order: DateOrder): DatePattern[] {
  return [YMD, ...NUMERIC[order], NAMED_MDY, NAMED_DMY];
}

/** What `from` omitted tries after DETECT_LAYOUTS: every shape, month first before day first. */
export const DETECT_EXTRA: DatePattern[] = [YMD, ...NUMERIC.mdy, ...NUMERIC.dmy, NAMED_MDY, NAMED_DMY];

/** A layout string's pattern (not 'iso'/'epoch-*'/an order). */
export function layoutDatePattern(layout: string): DatePattern {
  const { source, groups } = layoutPattern(layout);
  return { source, groups, flags: 'i' };
}

export interface DayMonthOrder {
  /** the order the column's numeric dates are in; 'mdy' when nothing tells (see `ambiguous`) */
  order: DateOrder;
  /** true when no value tells the order (every part ≤ 12) or values tell both orders */
  ambiguous: boolean;
  /** numeric dates seen (a/b/year with a, b ≤ 2 digits) */
  numeric: number;
  /** a value whose first part is above 12 (so day first), and one whose second is */
  dayFirst?: string;
  monthFirst?: string;
  /** how many values say each order */
  dayFirstCount: number;
  monthFirstCount: number;
}

const NUMERIC_PARTS = /^\s*(?:[A-Za-z]+\.?,?\s+)?(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:\D|$)/;

/**
 * The day/month order of a column, from its values: a first part above 12 can only be a day
 * (14/10/2023: day first), a second part above 12 only a day (10/14/2023: month first). When
 * values say both, the order more values say wins and the column is ambiguous; when none says
 * either (03/10/2023 only), it is ambiguous and month first, the order US exports use.
 */
export function dayMonthOrder(values: readonly string[]): DayMonthOrder {
  const out: DayMonthOrder = {
    order: 'mdy',
    ambiguous: true,
    numeric: 0,
    dayFirstCount: 0,
    monthFirstCount: 0,
  };
  for (const v of values) {
    const m = NUMERIC_PARTS.exec(v);
    if (!m) continue;
    out.numeric++;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) {
      out.dayFirstCount++;
      out.dayFirst ??= v.trim();
    } else if (b > 12 && a <= 12) {
      out.monthFirstCount++;
      out.monthFirst ??= v.trim();
    }
  }
  const { dayFirstCount: d, monthFirstCount: m } = out;
  out.order = d > m ? 'dmy' : 'mdy';
  out.ambiguous = d > 0 === m > 0;
  return out;
}

/** The evidence of an order in words: "day first: 14/10/2023", or why the column is ambiguous. */
export function describeOrder(o: DayMonthOrder): string {
  const first = o.order === 'dmy' ? 'day first' : 'month first';
  if (!o.ambiguous)
    return `${first}: ${o.order === 'dmy' ? o.dayFirst : o.monthFirst} (no value reads the other way)`;
  if (o.dayFirstCount > 0)
    return `ambiguous day/month order: ${o.dayFirst} is day first but ${o.monthFirst} is month first; read ${first} (${Math.max(o.dayFirstCount, o.monthFirstCount)} of ${o.dayFirstCount + o.monthFirstCount} values that tell), the others are reported`;
  return `ambiguous day/month order: no value has a part above 12, read ${first}; check a known date`;
}
