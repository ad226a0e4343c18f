import { z } from 'zod';

/*
 * The sample finance API's contract (spec §3 "Sample API entities", §5, §7). The routes validate
 * with these schemas and the OpenAPI catalogue is generated from them, so the two cannot drift.
 */

// ---------- records ----------

export const TRANSACTION_TYPES = [
  'ASSET',
  'CREDCARD',
  'EQUITY',
  'EXPENSE',
  'LIABILITY',
  'REVENUE',
  'UNKNOWN',
] as const;
export const TRANSACTION_STATUSES = ['CLEARED', 'PENDING', 'DECLINED'] as const;
export const CARD_STATUSES = ['ACTIVE', 'SUSPENDED', 'TERMINATED'] as const;
export const CARD_TYPES = ['PHYSICAL', 'VIRTUAL'] as const;
export const REIMBURSEMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'REIMBURSED'] as const;
export const ACCOUNT_CLASSIFICATIONS = ['ASSET', 'LIABILITY', 'EQUITY', 'REVENUE', 'EXPENSE'] as const;

const money = z.number().describe('Amount in the record currency, two decimals');
const currency = z.string().length(3).describe('ISO 4217 currency code');

export const ZFinanceAccount = z
  .object({
    classification: z.enum(ACCOUNT_CLASSIFICATIONS),
    created_at: z.iso.datetime(),
    external_id: z.string().describe('Account number in the general ledger'),
    external_name: z.string(),
    internal_id: z.uuid(),
    usage_type: z.string(),
  })
  .meta({ title: 'Account' });

export const ZFinanceEntity = z
  .object({
    id: z.uuid(),
    entity_name: z.string(),
    currency,
    is_primary: z.boolean(),
    location_ids: z.array(z.uuid()),
    accounts: z.array(ZFinanceAccount),
  })
  .meta({ title: 'Entity' });

export const ZFinanceTransaction = z
  .object({
    id: z.uuid(),
    entity_id: z.uuid(),
    amount: money,
    transaction_date: z.iso.datetime(),
    transaction_type: z.enum(TRANSACTION_TYPES),
    transaction_status: z.enum(TRANSACTION_STATUSES),
    merchant: z.string(),
    currency,
  })
  .meta({ title: 'Transaction' });

export const ZFinanceTransactionDetail = z
  .object({
    id: z.uuid(),
    amount: money,
    transaction_date: z.iso.datetime(),
    merchant_name: z.string(),
    state: z.enum(TRANSACTION_STATUSES),
  })
  .meta({ title: 'TransactionDetail' });

export const ZFinanceAddress = z
  .object({
    line1: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string().length(2).describe('ISO 3166-1 alpha-2'),
  })
  .meta({ title: 'Address' });

export const ZFinanceCardHolder = z
  .object({
    user_id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    address: ZFinanceAddress,
  })
  .meta({ title: 'CardHolder' });

export const ZFinanceCard = z
  .object({
    card_id: z.uuid(),
    card_name: z.string(),
    card_holder: ZFinanceCardHolder,
    card_status: z.enum(CARD_STATUSES),
    is_activated: z.boolean().describe('false for a physical card issued but not yet activated'),
    limit: money.describe('Monthly spending limit'),
    last_four: z.string().regex(/^\d{4}$/),
    card_type: z.enum(CARD_TYPES),
    expiration_date: z.iso.date(),
    entity_id: z.uuid(),
    card_program_id: z.uuid(),
  })
  .meta({ title: 'Card' });

export const ZFinanceReimbursement = z
  .object({
    reimbursement_id: z.uuid(),
    user_id: z.uuid(),
    amount: money,
    currency,
    status: z.enum(REIMBURSEMENT_STATUSES),
    created_at: z.iso.datetime(),
  })
  .meta({ title: 'Reimbursement' });

export type TFinanceEntity = z.infer<typeof ZFinanceEntity>;
export type TFinanceAccount = z.infer<typeof ZFinanceAccount>;
export type TFinanceTransaction = z.infer<typeof ZFinanceTransaction>;
export type TFinanceTransactionDetail = z.infer<typeof ZFinanceTransactionDetail>;
export type TFinanceCard = z.infer<typeof ZFinanceCard>;
export type TFinanceCardHolder = z.infer<typeof ZFinanceCardHolder>;
export type TFinanceReimbursement = z.infer<typeof ZFinanceReimbursement>;

// ---------- lists ----------

export const ZFinancePageLink = z.object({
  next: z
    .url()
    .nullable()
    .describe('Absolute URL of the next page (cursor in `start`), null on the last page'),
});

function financeList<T extends z.ZodType>(item: T, title: string) {
  return z.object({ data: z.array(item), page: ZFinancePageLink }).meta({ title });
}

export const ZFinanceEntityList = financeList(ZFinanceEntity, 'EntityList');
export const ZFinanceTransactionList = financeList(ZFinanceTransaction, 'TransactionList');
export const ZFinanceCardList = financeList(ZFinanceCard, 'CardList');
export const ZFinanceReimbursementList = financeList(ZFinanceReimbursement, 'ReimbursementList');

// ---------- errors ----------

export const ZFinanceDetail = z.object({ detail: z.string() }).meta({ title: 'Error' });
export const ZFinanceValidationError = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  })
  .meta({ title: 'ValidationError' });

// ---------- query parameters ----------

/** Query strings carry text: accept true/false and 1/0, anything else is a 422. */
const queryBool = () => z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalBool = () => queryBool().optional();
const boolDefault = (dflt: 'true' | 'false') => queryBool().prefault(dflt);

const pageSize = (min: number, max: number, dflt: number) =>
  z.coerce.number().int().min(min).max(max).default(dflt).describe(`Records per page (${min}–${max})`);

const cursor = z.uuid().optional().describe('Cursor: id of the first record of the page (from `page.next`)');

export const ZEntitiesQuery = z.object({
  start: cursor,
  page_size: pageSize(2, 10_000, 1000),
  currency: z.string().max(3).optional().describe('Only entities with this currency (ISO 4217)'),
  entity_name: z.string().max(200).optional().describe('Only entities whose name contains this text'),
  is_primary: optionalBool().describe('Only the primary entity (true) or only the others (false)'),
});

export const ZTransactionsQuery = z.object({
  entity_id: z.uuid().describe('The entity whose transactions to list'),
  page_size: pageSize(2, 10_000, 1000),
  start: cursor,
});

export const ZTransactionParams = z.object({ transaction_id: z.uuid() });

export const ZCardsQuery = z.object({
  page_size: pageSize(1, 100, 50),
  start: cursor,
  entity_id: z.uuid().describe('The entity whose cards to list'),
  is_activated: boolDefault('true').describe(
    'Activated cards (true) or issued-but-not-activated ones (false)',
  ),
  is_terminated: boolDefault('false').describe('Terminated cards (true) or all others (false)'),
  card_program_id: z.uuid().optional().describe('Only cards of this card program'),
});

export const ZReimbursementsQuery = z.object({
  user_id: z.string().max(100).optional().describe('Only reimbursements of this user'),
  status: z.enum(REIMBURSEMENT_STATUSES).optional(),
  page_size: pageSize(1, 100, 50),
  start: cursor,
});

export type TEntitiesQuery = z.infer<typeof ZEntitiesQuery>;
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;
export type TCardsQuery = z.infer<typeof ZCardsQuery>;
export type TReimbursementsQuery = z.infer<typeof ZReimbursementsQuery>;
