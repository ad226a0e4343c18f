import type {
  TFinanceAccount,
  TFinanceCard,
  TFinanceCardHolder,
  TFinanceEntity,
  TFinanceReimbursement,
  TFinanceTransaction,
} from './finance.schemas.ts';

/*
 * The sample finance API's data: generated in memory from a fixed seed, so every machine, every
 * restart and every day serves the same records (workflows and tests can point at real ids).
 * Nothing here reads the clock or Math.random.
 */

export const FINANCE_SEED = 0x5eed_f1a7;
/** Transactions cover the 24 months before this instant; fixed so the data never changes. */
export const FINANCE_REFERENCE_DATE = '2026-07-01T00:00:00.000Z';

/**
 * The card program the spec's sample cards workflow reads (spec §3 "Workflow", §9). Its default
 * cards query returns exactly two cards, monthly limits 10000 and 20000 (total 30000):
 *
 *   GET /api/v1/cards?entity_id=2a17a7e5-98c9-4b50-8f06-a45eaa52af8a
 *                    &card_program_id=6f1c521b-5561-48a1-bf18-0c1ff10cacb5
 *
 * (entity "Northwind Holdings Inc.", the primary one; is_activated=true, is_terminated=false by
 * default). The ids follow from FINANCE_SEED; finance-data.test.ts pins them.
 */
export const SAMPLE_CARD_PROGRAM_NAME = 'Executive Travel';

export interface FinanceCardProgram {
  id: string;
  entity_id: string;
  name: string;
}

export interface FinanceUser {
  id: string;
  first_name: string;
  last_name: string;
  address: TFinanceCardHolder['address'];
}

export interface FinanceData {
  entities: TFinanceEntity[];
  /** all entities, newest first (ties broken by id) */
  transactions: TFinanceTransaction[];
  cardPrograms: FinanceCardProgram[];
  cards: TFinanceCard[];
  users: FinanceUser[];
  reimbursements: TFinanceReimbursement[];
  transactionsById: Map<string, TFinanceTransaction>;
  transactionsByEntity: Map<string, TFinanceTransaction[]>;
}

// ---------- seeded randomness ----------

/** mulberry32: tiny, fast and good enough for sample data; same sequence everywhere. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  /** pick by weight: [[value, weight], ...] */
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of xs) {
      r -= w;
      if (r < 0) return v;
    }
    return xs[xs.length - 1]![0];
  };
  const uuid = () => {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i++) bytes.push(Math.floor(next() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
    bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  const money = (min: number, max: number) => Math.round((min + next() * (max - min)) * 100) / 100;
  return { next, int, pick, weighted, uuid, money };
}
type Rng = ReturnType<typeof createRng>;

// ---------- vocabularies ----------

const ENTITY_SPECS = [
  { name: 'Northwind Holdings Inc.', currency: 'USD', primary: true, share: 0.55, country: 'US' },
  { name: 'Northwind Labs LLC', currency: 'USD', primary: false, share: 0.27, country: 'US' },
  { name: 'Northwind Europe B.V.', currency: 'EUR', primary: false, share: 0.18, country: 'NL' },
] as const;

const ACCOUNTS: readonly (readonly [TFinanceAccount['classification'], string, string, string])[] = [
  ['ASSET', '1000', 'Cash - Operating', 'BANK_ACCOUNT'],
  ['ASSET', '1010', 'Cash - Payroll', 'BANK_ACCOUNT'],
  ['ASSET', '1200', 'Accounts Receivable', 'RECEIVABLE'],
  ['LIABILITY', '2000', 'Accounts Payable', 'PAYABLE'],
  ['LIABILITY', '2100', 'Corporate Card Clearing', 'CREDIT_CARD'],
  ['LIABILITY', '2200', 'Reimbursements Payable', 'REIMBURSEMENT'],
  ['EQUITY', '3000', 'Common Stock', 'EQUITY'],
  ['REVENUE', '4000', 'Subscription Revenue', 'REVENUE'],
  ['REVENUE', '4100', 'Services Revenue', 'REVENUE'],
  ['EXPENSE', '6000', 'Travel', 'EXPENSE_CATEGORY'],
  ['EXPENSE', '6100', 'Meals & Entertainment', 'EXPENSE_CATEGORY'],
  ['EXPENSE', '6200', 'Software & SaaS', 'EXPENSE_CATEGORY'],
  ['EXPENSE', '6300', 'Office Supplies', 'EXPENSE_CATEGORY'],
  ['EXPENSE', '6400', 'Advertising', 'EXPENSE_CATEGORY'],
];

const EXPENSE_MERCHANTS: readonly (readonly [string, number, number])[] = [
  // merchant, min amount, max amount
  ['Delta Air Lines', 180, 1400],
  ['United Airlines', 150, 1250],
  ['Marriott Hotels', 140, 900],
  ['Hilton Hotels', 130, 850],
  ['Uber', 8, 95],
  ['Lyft', 7, 80],
  ['Amazon Web Services', 400, 9500],
  ['Google Cloud', 250, 6000],
  ['GitHub', 21, 2100],
  ['Slack', 80, 1800],
  ['Atlassian', 100, 2400],
  ['Figma', 45, 900],
  ['Zoom', 15, 600],
  ['Staples', 12, 450],
  ['Office Depot', 10, 380],
  ['WeWork', 600, 4800],
  ['Starbucks', 4, 60],
  ['Sweetgreen', 12, 140],
  ['DoorDash', 18, 260],
  ['LinkedIn Ads', 250, 5200],
  ['Google Ads', 300, 7500],
  ['FedEx', 15, 320],
  ['Apple', 99, 3200],
  ['Dell Technologies', 700, 4200],
];
const OTHER_COUNTERPARTIES: Record<string, readonly string[]> = {
  REVENUE: [
    'Acme Corp',
    'Globex Corporation',
    'Initech',
    'Umbrella Health',
    'Stark Industries',
    'Wayne Enterprises',
  ],
  ASSET: ['Internal Transfer', 'Treasury Sweep'],
  LIABILITY: ['American Express', 'Chase Ink Payment', 'Loan Repayment'],
  EQUITY: ['Series A Investors', 'Founder Contribution'],
  CREDCARD: ['Card Settlement', 'Card Rewards'],
  UNKNOWN: ['POS 4481 UNKNOWN', 'ACH DEBIT 99102'],
};

const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Chloe',
  'Lucas',
  'Priya',
  'Mateo',
  'Hana',
  'Omar',
];
const LAST_NAMES = [
  'Chen',
  'Garcia',
  'Patel',
  'Johnson',
  'Nguyen',
  'Okafor',
  'Müller',
  'Rossi',
  'Kim',
  'Dubois',
  'Silva',
  'Haddad',
];
const ADDRESSES: readonly TFinanceCardHolder['address'][] = [
  { line1: '120 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
  { line1: '55 Water St', city: 'New York', state: 'NY', postal_code: '10041', country: 'US' },
  { line1: '800 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
  { line1: '1201 3rd Ave', city: 'Seattle', state: 'WA', postal_code: '98101', country: 'US' },
  { line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
  { line1: '1 Federal St', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US' },
  { line1: '1600 Broadway', city: 'Denver', state: 'CO', postal_code: '80202', country: 'US' },
  { line1: '3100 Peachtree Rd', city: 'Atlanta', state: 'GA', postal_code: '30305', country: 'US' },
  { line1: 'Herengracht 182', city: 'Amsterdam', state: 'NH', postal_code: '1016 BR', country: 'NL' },
  { line1: 'Coolsingel 40', city: 'Rotterdam', state: 'ZH', postal_code: '3011 AD', country: 'NL' },
  { line1: '410 Townsend St', city: 'San Francisco', state: 'CA', postal_code: '94107', country: 'US' },
  { line1: '2 Park Plaza', city: 'Irvine', state: 'CA', postal_code: '92614', country: 'US' },
];

const CARD_PROGRAMS: Record<string, readonly string[]> = {
  'Northwind Holdings Inc.': [
    SAMPLE_CARD_PROGRAM_NAME,
    'Engineering Tools',
    'Marketing Events',
    'Office Supplies',
  ],
  'Northwind Labs LLC': ['Research Travel', 'Cloud & Software', 'Team Meals'],
  'Northwind Europe B.V.': ['EU Travel', 'EU Software', 'EU Office'],
};
const LIMITS = [500, 1000, 2000, 2500, 5000, 7500, 10000, 15000, 25000];

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// ---------- generation ----------

/** Builds the whole dataset; pure: the same seed always gives deep-equal data. */
export function generateFinanceData(seed = FINANCE_SEED): FinanceData {
  const rng = createRng(seed);
  const ref = Date.parse(FINANCE_REFERENCE_DATE);

  const entities: TFinanceEntity[] = ENTITY_SPECS.map((spec) => ({
    id: rng.uuid(),
    entity_name: spec.name,
    currency: spec.currency,
    is_primary: spec.primary,
    location_ids: Array.from({ length: rng.int(1, 3) }, () => rng.uuid()),
    accounts: ACCOUNTS.map(([classification, number, name, usage]) => ({
      classification,
      created_at: iso(ref - 900 * DAY + rng.int(0, 60) * DAY + rng.int(0, 86_399) * 1000),
      external_id: number,
      external_name: name,
      internal_id: rng.uuid(),
      usage_type: usage,
    })),
  }));

  const users: FinanceUser[] = FIRST_NAMES.map((first, i) => ({
    id: rng.uuid(),
    first_name: first,
    last_name: LAST_NAMES[i]!,
    address: ADDRESSES[i]!,
  }));

  const transactions = generateTransactions(rng, entities, ref);
  const { cardPrograms, cards } = generateCards(rng, entities, users);
  const reimbursements = generateReimbursements(rng, users, ref);

  const transactionsByEntity = new Map<string, TFinanceTransaction[]>(entities.map((e) => [e.id, []]));
  for (const t of transactions) transactionsByEntity.get(t.entity_id)!.push(t);
  return {
    entities,
    transactions,
    cardPrograms,
    cards,
    users,
    reimbursements,
    transactionsById: new Map(transactions.map((t) => [t.id, t])),
    transactionsByEntity,
  };
}

function generateTransactions(rng: Rng, entities: TFinanceEntity[], ref: number): TFinanceTransaction[] {
  const TOTAL = 3200;
  const span = 730 * DAY; // the 24 months before the reference date
  const out: TFinanceTransaction[] = [];
  entities.forEach((entity, i) => {
    const n = Math.round(TOTAL * ENTITY_SPECS[i]!.share);
    for (let k = 0; k < n; k++) {
      const type = rng.weighted<TFinanceTransaction['transaction_type']>([
        ['EXPENSE', 80],
        ['REVENUE', 7],
        ['CREDCARD', 4],
        ['LIABILITY', 3],
        ['ASSET', 3],
        ['EQUITY', 1],
        ['UNKNOWN', 2],
      ]);
      // whole seconds, strictly before the reference date
      const at = ref - 1000 - Math.floor(rng.next() * (span / 1000)) * 1000;
      // recent transactions may still be pending; older ones have settled
      const recent = ref - at < 10 * DAY;
      const status = rng.weighted<TFinanceTransaction['transaction_status']>([
        ['CLEARED', recent ? 40 : 96],
        ['PENDING', recent ? 58 : 1],
        ['DECLINED', 2],
      ]);
      let merchant: string;
      let amount: number;
      if (type === 'EXPENSE') {
        const [name, min, max] = rng.pick(EXPENSE_MERCHANTS);
        merchant = name;
        amount = rng.money(min, max);
      } else {
        merchant = rng.pick(OTHER_COUNTERPARTIES[type]!);
        amount = type === 'EQUITY' ? rng.money(50_000, 500_000) : rng.money(100, 40_000);
      }
      // a foreign entity occasionally pays in dollars
      const txCurrency = entity.currency !== 'USD' && rng.next() < 0.06 ? 'USD' : entity.currency;
      out.push({
        id: rng.uuid(),
        entity_id: entity.id,
        amount,
        transaction_date: iso(at),
        transaction_type: type,
        transaction_status: status,
        merchant,
        currency: txCurrency,
      });
    }
  });
  // newest first; the id breaks ties so the order (and so the cursor) is total
  return out.sort((a, b) =>
    a.transaction_date === b.transaction_date
      ? a.id.localeCompare(b.id)
      : b.transaction_date.localeCompare(a.transaction_date),
  );
}

function generateCards(rng: Rng, entities: TFinanceEntity[], users: FinanceUser[]) {
  const cardPrograms: FinanceCardProgram[] = [];
  const cards: TFinanceCard[] = [];
  const holder = (u: FinanceUser): TFinanceCardHolder => ({
    user_id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    address: u.address,
  });
  const usedLastFour = new Set<string>();
  const lastFour = () => {
    for (;;) {
      const s = String(rng.int(0, 9999)).padStart(4, '0');
      if (!usedLastFour.has(s)) {
        usedLastFour.add(s);
        return s;
      }
    }
  };
  const expiry = () => isoDate(Date.UTC(2026 + rng.int(1, 4), rng.int(0, 11) + 1, 0)); // last day of a month
  const card = (
    entity: TFinanceEntity,
    program: FinanceCardProgram,
    user: FinanceUser,
    fields: Pick<TFinanceCard, 'card_status' | 'is_activated' | 'limit' | 'card_type'>,
  ): TFinanceCard => ({
    card_id: rng.uuid(),
    card_name: `${program.name} – ${user.first_name} ${user.last_name}`,
    card_holder: holder(user),
    ...fields,
    last_four: lastFour(),
    expiration_date: expiry(),
    entity_id: entity.id,
    card_program_id: program.id,
  });

  for (const entity of entities) {
    for (const name of CARD_PROGRAMS[entity.entity_name]!) {
      const program = { id: rng.uuid(), entity_id: entity.id, name };
      cardPrograms.push(program);
      if (entity.is_primary && name === SAMPLE_CARD_PROGRAM_NAME) {
        // Hand-placed so the spec's sample cards workflow output is reproducible: the default
        // query (activated, not terminated) for this program returns exactly the 10000 and
        // 20000 cards, total 30000. The other two show what the filters exclude.
        cards.push(
          card(entity, program, users[0]!, {
            card_status: 'ACTIVE',
            is_activated: true,
            limit: 10000,
            card_type: 'PHYSICAL',
          }),
          card(entity, program, users[1]!, {
            card_status: 'ACTIVE',
            is_activated: true,
            limit: 20000,
            card_type: 'VIRTUAL',
          }),
          card(entity, program, users[2]!, {
            card_status: 'TERMINATED',
            is_activated: true,
            limit: 15000,
            card_type: 'PHYSICAL',
          }),
          card(entity, program, users[3]!, {
            card_status: 'ACTIVE',
            is_activated: false,
            limit: 5000,
            card_type: 'PHYSICAL',
          }),
        );
        continue;
      }
      const n = rng.int(8, 14);
      for (let k = 0; k < n; k++) {
        const cardType = rng.weighted<TFinanceCard['card_type']>([
          ['VIRTUAL', 55],
          ['PHYSICAL', 45],
        ]);
        const status = rng.weighted<TFinanceCard['card_status']>([
          ['ACTIVE', 72],
          ['SUSPENDED', 14],
          ['TERMINATED', 14],
        ]);
        // only physical cards wait for activation (a virtual card is usable when issued)
        const activated = !(cardType === 'PHYSICAL' && status === 'ACTIVE' && rng.next() < 0.25);
        cards.push(
          card(entity, program, rng.pick(users), {
            card_status: status,
            is_activated: activated,
            limit: rng.pick(LIMITS),
            card_type: cardType,
          }),
        );
      }
    }
  }
  return { cardPrograms, cards };
}

function generateReimbursements(rng: Rng, users: FinanceUser[], ref: number): TFinanceReimbursement[] {
  const out: TFinanceReimbursement[] = [];
  for (let k = 0; k < 180; k++) {
    const at = ref - 1000 - Math.floor((rng.next() * (365 * DAY)) / 1000) * 1000;
    const age = ref - at;
    const status = rng.weighted<TFinanceReimbursement['status']>(
      age < 14 * DAY
        ? [
            ['PENDING', 70],
            ['APPROVED', 25],
            ['REJECTED', 5],
          ]
        : [
            ['REIMBURSED', 78],
            ['REJECTED', 10],
            ['APPROVED', 7],
            ['PENDING', 5],
          ],
    );
    const user = rng.pick(users);
    out.push({
      reimbursement_id: rng.uuid(),
      user_id: user.id,
      amount: rng.money(6, 1800),
      currency: user.address.country === 'NL' ? 'EUR' : 'USD',
      status,
      created_at: iso(at),
    });
  }
  return out.sort((a, b) =>
    a.created_at === b.created_at
      ? a.reimbursement_id.localeCompare(b.reimbursement_id)
      : b.created_at.localeCompare(a.created_at),
  );
}

let cached: FinanceData | undefined;
/** The served dataset: generated on first use, then kept for the life of the process. */
export function financeData(): FinanceData {
  cached ??= generateFinanceData();
  return cached;
}

// ---------- cursor pagination ----------

export interface FinancePage<T> {
  data: T[];
  /** id of the record that starts the next page, or null */
  nextStart: string | null;
}

/**
 * Cursor pagination over an already-filtered, stably-ordered list: `start` is the id of the first
 * record of the page. Returns `undefined` when `start` is not a record of this list (a 422).
 */
export function pageFrom<T>(
  list: readonly T[],
  idOf: (r: T) => string,
  start: string | undefined,
  size: number,
): FinancePage<T> | undefined {
  let from = 0;
  if (start !== undefined) {
    const key = start.toLowerCase();
    from = list.findIndex((r) => idOf(r) === key);
    if (from < 0) return undefined;
  }
  const data = list.slice(from, from + size);
  const next = list[from + size];
  return { data, nextStart: next === undefined ? null : idOf(next) };
}
