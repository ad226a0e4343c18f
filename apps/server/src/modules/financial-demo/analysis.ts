/**
 * The demo's analysis of mapped transaction summaries (spec §3 "Transactions summary schema"):
 * amounts per currency by merchant, month, status and entity, totals, and anomalies in words.
 * Amounts are never added across currencies: each currency is its own series.
 */
import type { TFinanceAnalysis } from '@mapwright/contracts';

export interface SummaryTransaction {
  transaction_date: string;
  transaction_amount: number;
  transaction_status: string | null;
  currency: string | null;
  merchant?: string | null;
}
export interface Summary {
  id: string;
  transactions: SummaryTransaction[];
  total_transaction_amount: number;
  total_transaction_count: number;
}
export interface SourceTransaction {
  amount: number;
  currency: string;
}

/** Money is summed in cents so that totals compare exactly. */
const cents = (n: number) => Math.round(n * 100);
const money = (c: number) => c / 100;

type Group = { name: string } & Record<string, number>;

function groupBy(
  rows: { key: string; currency: string; cents: number }[],
  currencies: string[],
  order: 'amount' | 'name',
  top?: number,
): Group[] {
  const by = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const g = by.get(r.key) ?? new Map<string, number>();
    g.set(r.currency, (g.get(r.currency) ?? 0) + r.cents);
    by.set(r.key, g);
  }
  const groups = [...by].map(([name, g]) => {
    const out = { name } as Group;
    for (const c of currencies) out[c] = money(g.get(c) ?? 0);
    return { out, size: [...g.values()].reduce((a, b) => a + Math.abs(b), 0) };
  });
  groups.sort((a, b) => (order === 'amount' ? b.size - a.size : a.out.name.localeCompare(b.out.name)));
  return (top ? groups.slice(0, top) : groups).map((g) => g.out);
}

function totals(rows: { currency: string; cents: number }[]) {
  const by = new Map<string, { cents: number; count: number }>();
  for (const r of rows) {
    const t = by.get(r.currency) ?? { cents: 0, count: 0 };
    t.cents += r.cents;
    t.count += 1;
    by.set(r.currency, t);
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => ({ currency, amount: money(t.cents), count: t.count }));
}

/** Tukey's far-out fence (Tukey, Exploratory Data Analysis, 1977): above Q3 + 3 × IQR. */
function farOutFence(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const q = (p: number) => {
    const i = (v.length - 1) * p;
    const lo = Math.floor(i);
    return v[lo]! + (v[Math.ceil(i)]! - v[lo]!) * (i - lo);
  };
  return q(0.75) + 3 * (q(0.75) - q(0.25));
}

const fmt = (c: number, currency: string) =>
  `${currency} ${money(c).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function analyse(
  summaries: Summary[],
  entityNames: Map<string, string>,
  source: SourceTransaction[],
): TFinanceAnalysis {
  const rows = summaries.flatMap((s) =>
    s.transactions.map((t) => ({
      entity: entityNames.get(s.id) ?? s.id,
      currency: t.currency ?? 'unknown',
      cents: cents(t.transaction_amount),
      merchant: t.merchant ?? '(no merchant)',
      month: t.transaction_date.slice(0, 7),
      day: t.transaction_date.slice(0, 10),
      status: t.transaction_status ?? '(no status)',
    })),
  );
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const mapped = totals(rows);
  const pulled = totals(source.map((t) => ({ currency: t.currency, cents: cents(t.amount) })));
  const anomalies: string[] = [];

  // the mapper's own totals must agree with its transactions
  for (const s of summaries) {
    const sum = s.transactions.reduce((a, t) => a + cents(t.transaction_amount), 0);
    if (sum !== cents(s.total_transaction_amount) || s.transactions.length !== s.total_transaction_count)
      anomalies.push(
        `${entityNames.get(s.id) ?? s.id}: the mapped total (${s.total_transaction_amount}, ${s.total_transaction_count} transactions) does not match its transactions (${money(sum)}, ${s.transactions.length}).`,
      );
  }

  // a merchant's month far above its usual months
  const months = new Map<string, { merchant: string; currency: string; byMonth: Map<string, number> }>();
  for (const r of rows) {
    const k = `${r.merchant}\u0000${r.currency}`;
    const m = months.get(k) ?? { merchant: r.merchant, currency: r.currency, byMonth: new Map() };
    m.byMonth.set(r.month, (m.byMonth.get(r.month) ?? 0) + r.cents);
    months.set(k, m);
  }
  const spikes: { text: string; ratio: number }[] = [];
  for (const m of months.values()) {
    const values = [...m.byMonth.values()];
    if (values.length < 6) continue; // too few months to know what is usual
    const fence = farOutFence(values);
    const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const [month, c] of m.byMonth)
      if (c > fence && median > 0)
        spikes.push({
          ratio: c / median,
          text: `${m.merchant} in ${month}: ${fmt(c, m.currency)}, ${(c / median).toFixed(1)} times its usual month (${fmt(median, m.currency)}).`,
        });
  }
  spikes.sort((a, b) => b.ratio - a.ratio);
  anomalies.push(...spikes.slice(0, 8).map((s) => s.text));

  // possible duplicates: same amount, merchant and day
  const seen = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.merchant}\u0000${r.currency}\u0000${r.cents}\u0000${r.day}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const dups = [...seen].filter(([, n]) => n > 1);
  for (const [k, n] of dups.slice(0, 8)) {
    const [merchant, currency, c, day] = k.split('\u0000');
    anomalies.push(
      `Possible duplicate: ${n} transactions of ${fmt(Number(c), currency!)} at ${merchant} on ${day}.`,
    );
  }
  if (dups.length > 8) anomalies.push(`…and ${dups.length - 8} more possible duplicates.`);

  return {
    currencies,
    totals: mapped,
    source_totals: pulled,
    reconciled: JSON.stringify(mapped) === JSON.stringify(pulled),
    by_merchant: groupBy(
      rows.map((r) => ({ key: r.merchant, currency: r.currency, cents: r.cents })),
      currencies,
      'amount',
      10,
    ),
    by_month: groupBy(
      rows.map((r) => ({ key: r.month, currency: r.currency, cents: r.cents })),
      currencies,
      'name',
    ),
    by_status: groupBy(
      rows.map((r) => ({ key: r.status, currency: r.currency, cents: r.cents })),
      currencies,
      'amount',
    ),
    by_entity: groupBy(
      rows.map((r) => ({ key: r.entity, currency: r.currency, cents: r.cents })),
      currencies,
      'amount',
    ),
    anomalies,
  };
}
