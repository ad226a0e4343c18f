import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, FieldError } from '../src/lib/errors.ts';
import {
  createRng,
  FINANCE_REFERENCE_DATE,
  financeData,
  generateFinanceData,
  pageFrom,
  SAMPLE_CARD_PROGRAM_NAME,
} from '../src/sample-apps/finance/finance.data.ts';
import {
  ZCardsQuery,
  ZEntitiesQuery,
  ZFinanceCard,
  ZFinanceEntity,
  ZFinanceReimbursement,
  ZFinanceTransaction,
  ZReimbursementsQuery,
  ZTransactionsQuery,
} from '../src/sample-apps/finance/finance.schemas.ts';
import {
  getTransaction,
  listCards,
  listEntities,
  listReimbursements,
  listTransactions,
} from '../src/sample-apps/finance/finance.service.ts';

/** The ids the finance.data.ts comment documents for the sample cards workflow. */
const PRIMARY_ENTITY_ID = '2a17a7e5-98c9-4b50-8f06-a45eaa52af8a';
const EXECUTIVE_TRAVEL_PROGRAM_ID = '6f1c521b-5561-48a1-bf18-0c1ff10cacb5';

const DAY = 86_400_000;
const countBy = <T>(xs: T[], key: (x: T) => string) =>
  xs.reduce<Record<string, number>>((m, x) => {
    m[key(x)] = (m[key(x)] ?? 0) + 1;
    return m;
  }, {});

afterEach(() => vi.restoreAllMocks());

describe('seeded PRNG', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 50 }, () => c.next())).not.toEqual(sa);
    expect(sa.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('makes RFC 9562 version-4 uuids', () => {
    const rng = createRng(7);
    for (let i = 0; i < 200; i++) {
      expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe('finance dataset', () => {
  const d = generateFinanceData();

  it('is identical when generated twice (a restart), and never reads the clock or Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const now = vi.spyOn(Date, 'now');
    const again = generateFinanceData();
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
    expect(again).toEqual(d);
    expect(JSON.stringify(again.transactions)).toBe(JSON.stringify(d.transactions));
    // a different seed gives different data, so the equality above is not vacuous
    expect(generateFinanceData(1).entities[0]!.id).not.toBe(d.entities[0]!.id);
  });

  it('pins the documented ids (changing the generator changes them: update the docs too)', () => {
    const primary = d.entities.find((e) => e.is_primary)!;
    expect(primary.id).toBe(PRIMARY_ENTITY_ID);
    const program = d.cardPrograms.find((p) => p.name === SAMPLE_CARD_PROGRAM_NAME)!;
    expect(program.id).toBe(EXECUTIVE_TRAVEL_PROGRAM_ID);
    expect(program.entity_id).toBe(PRIMARY_ENTITY_ID);
  });

  it('serves the cached dataset, equal to a fresh one', () => {
    expect(financeData()).toBe(financeData());
    expect(financeData()).toEqual(d);
  });

  it('has 3 entities, exactly one primary, each with locations and accounts', () => {
    expect(d.entities).toHaveLength(3);
    expect(d.entities.filter((e) => e.is_primary)).toHaveLength(1);
    for (const e of d.entities) {
      expect(ZFinanceEntity.parse(e)).toEqual(e);
      expect(e.location_ids.length).toBeGreaterThan(0);
      expect(e.accounts.length).toBeGreaterThan(5);
      expect(new Set(e.accounts.map((a) => a.classification))).toEqual(
        new Set(['ASSET', 'LIABILITY', 'EQUITY', 'REVENUE', 'EXPENSE']),
      );
    }
  });

  it('has a few thousand transactions in the 24 months before the reference date', () => {
    expect(d.transactions.length).toBeGreaterThanOrEqual(2000);
    expect(d.transactions.length).toBeLessThanOrEqual(10_000);
    const ref = Date.parse(FINANCE_REFERENCE_DATE);
    const entityIds = new Set(d.entities.map((e) => e.id));
    for (const t of d.transactions) {
      expect(entityIds.has(t.entity_id)).toBe(true);
      const at = Date.parse(t.transaction_date);
      expect(at).toBeLessThan(ref);
      expect(at).toBeGreaterThanOrEqual(ref - 731 * DAY);
      expect(Number.isInteger(Math.round(t.amount * 100))).toBe(true);
      expect(Math.abs(t.amount * 100 - Math.round(t.amount * 100))).toBeLessThan(1e-6);
    }
    for (const t of d.transactions.slice(0, 50)) expect(ZFinanceTransaction.parse(t)).toEqual(t);
    // spread over both years
    const years = countBy(d.transactions, (t) => t.transaction_date.slice(0, 4));
    expect(Object.keys(years).sort()).toEqual(['2024', '2025', '2026']);
    // the mix the spec's summary schema describes: mostly EXPENSE, CLEARED/PENDING, USD
    const types = countBy(d.transactions, (t) => t.transaction_type);
    expect(Object.keys(types).sort()).toEqual([
      'ASSET',
      'CREDCARD',
      'EQUITY',
      'EXPENSE',
      'LIABILITY',
      'REVENUE',
      'UNKNOWN',
    ]);
    expect(types.EXPENSE! / d.transactions.length).toBeGreaterThan(0.6);
    const statuses = countBy(d.transactions, (t) => t.transaction_status);
    expect(statuses.CLEARED! + statuses.PENDING!).toBeGreaterThan(d.transactions.length * 0.9);
    expect(statuses.DECLINED).toBeGreaterThan(0);
    const currencies = countBy(d.transactions, (t) => t.currency);
    expect(currencies.USD! / d.transactions.length).toBeGreaterThan(0.6);
  });

  it('keeps ids unique and the lookup maps consistent', () => {
    expect(new Set(d.transactions.map((t) => t.id)).size).toBe(d.transactions.length);
    expect(new Set(d.cards.map((c) => c.card_id)).size).toBe(d.cards.length);
    expect(new Set(d.reimbursements.map((r) => r.reimbursement_id)).size).toBe(d.reimbursements.length);
    expect(d.transactionsById.size).toBe(d.transactions.length);
    const perEntity = [...d.transactionsByEntity.values()].reduce((s, l) => s + l.length, 0);
    expect(perEntity).toBe(d.transactions.length);
  });

  it('has dozens of cards per entity over 3–4 card programs, with a mix of statuses and types', () => {
    const programs = new Map(d.cardPrograms.map((p) => [p.id, p]));
    for (const e of d.entities) {
      const own = d.cardPrograms.filter((p) => p.entity_id === e.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(d.cards.filter((c) => c.entity_id === e.id).length).toBeGreaterThanOrEqual(24);
    }
    for (const c of d.cards) {
      expect(ZFinanceCard.parse(c)).toEqual(c);
      // the program belongs to the card's entity
      expect(programs.get(c.card_program_id)?.entity_id).toBe(c.entity_id);
      expect(c.card_name.startsWith(programs.get(c.card_program_id)!.name)).toBe(true);
    }
    expect(Object.keys(countBy(d.cards, (c) => c.card_status)).sort()).toEqual([
      'ACTIVE',
      'SUSPENDED',
      'TERMINATED',
    ]);
    expect(Object.keys(countBy(d.cards, (c) => c.card_type)).sort()).toEqual(['PHYSICAL', 'VIRTUAL']);
    expect(d.cards.some((c) => !c.is_activated)).toBe(true);
  });

  it('has reimbursements in several statuses across a dozen users', () => {
    expect(d.users).toHaveLength(12);
    const userIds = new Set(d.users.map((u) => u.id));
    for (const r of d.reimbursements) {
      expect(ZFinanceReimbursement.parse(r)).toEqual(r);
      expect(userIds.has(r.user_id)).toBe(true);
    }
    expect(new Set(d.reimbursements.map((r) => r.user_id)).size).toBe(12);
    expect(Object.keys(countBy(d.reimbursements, (r) => r.status)).sort()).toEqual([
      'APPROVED',
      'PENDING',
      'REIMBURSED',
      'REJECTED',
    ]);
  });
});

describe('sample cards workflow (spec §3 Workflow, §9)', () => {
  it('the default cards query of the Executive Travel program gives 10000 + 20000 = 30000', () => {
    const q = ZCardsQuery.parse({
      entity_id: PRIMARY_ENTITY_ID,
      card_program_id: EXECUTIVE_TRAVEL_PROGRAM_ID,
    });
    expect(q).toMatchObject({ is_activated: true, is_terminated: false, page_size: 50 });
    const { data, nextStart } = listCards(financeData(), q);
    expect(nextStart).toBeNull();
    expect(data.map((c) => c.limit).sort((a, b) => a - b)).toEqual([10000, 20000]);
    expect(data.reduce((s, c) => s + c.limit, 0)).toBe(30000);
    // the program has other cards: the default filters are what make it exactly two
    expect(financeData().cards.filter((c) => c.card_program_id === EXECUTIVE_TRAVEL_PROGRAM_ID).length).toBe(
      4,
    );
  });
});

describe('finance service', () => {
  const d = financeData();
  const primary = d.entities.find((e) => e.is_primary)!;

  it('filters entities by currency, name and primary flag', () => {
    const q = (x: Record<string, string>) => listEntities(d, ZEntitiesQuery.parse(x)).data;
    expect(q({})).toHaveLength(3);
    expect(q({ currency: 'eur' }).map((e) => e.currency)).toEqual(['EUR']);
    expect(q({ currency: 'USD' })).toHaveLength(2);
    expect(q({ entity_name: 'LABS' }).map((e) => e.entity_name)).toEqual(['Northwind Labs LLC']);
    expect(q({ is_primary: 'true' }).map((e) => e.id)).toEqual([primary.id]);
    expect(q({ is_primary: '0' })).toHaveLength(2);
    expect(q({ currency: 'GBP' })).toEqual([]);
  });

  it('lists only the entity transactions, newest first', () => {
    const { data } = listTransactions(
      d,
      ZTransactionsQuery.parse({ entity_id: primary.id, page_size: '10000' }),
    );
    expect(data.length).toBe(d.transactionsByEntity.get(primary.id)!.length);
    expect(data.every((t) => t.entity_id === primary.id)).toBe(true);
    for (let i = 1; i < data.length; i++) {
      expect(data[i - 1]!.transaction_date >= data[i]!.transaction_date).toBe(true);
    }
  });

  it('maps a transaction to its detail, case-insensitively, and 404s unknown ids', () => {
    const t = d.transactions[5]!;
    expect(getTransaction(d, t.id.toUpperCase())).toEqual({
      id: t.id,
      amount: t.amount,
      transaction_date: t.transaction_date,
      merchant_name: t.merchant,
      state: t.transaction_status,
    });
    expect(() => getTransaction(d, '00000000-0000-4000-8000-000000000000')).toThrow(AppError);
  });

  it('rejects a start cursor from another list', () => {
    const other = d.reimbursements[0]!.reimbursement_id;
    expect(() => listCards(d, ZCardsQuery.parse({ entity_id: primary.id, start: other }))).toThrow(
      FieldError,
    );
    const reimb = listReimbursements(d, ZReimbursementsQuery.parse({ status: 'PENDING' }));
    expect(reimb.data.every((r) => r.status === 'PENDING')).toBe(true);
  });
});

describe('pageFrom', () => {
  const list = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
  const idOf = (r: { id: string }) => r.id;
  it('pages by cursor', () => {
    expect(pageFrom(list, idOf, undefined, 2)).toEqual({ data: [{ id: 'a' }, { id: 'b' }], nextStart: 'c' });
    expect(pageFrom(list, idOf, 'c', 2)).toEqual({ data: [{ id: 'c' }, { id: 'd' }], nextStart: 'e' });
    expect(pageFrom(list, idOf, 'e', 2)).toEqual({ data: [{ id: 'e' }], nextStart: null });
    expect(pageFrom(list, idOf, undefined, 5)).toEqual({ data: list, nextStart: null });
    expect(pageFrom([], idOf, undefined, 5)).toEqual({ data: [], nextStart: null });
  });
  it('returns undefined for a cursor that is not in the list', () => {
    expect(pageFrom(list, idOf, 'z', 2)).toBeUndefined();
  });
});
