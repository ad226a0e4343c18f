import { FieldError, notFound } from '../../lib/errors.ts';
import { type FinanceData, type FinancePage, pageFrom } from './finance.data.ts';
import type {
  TCardsQuery,
  TEntitiesQuery,
  TFinanceCard,
  TFinanceEntity,
  TFinanceReimbursement,
  TFinanceTransaction,
  TFinanceTransactionDetail,
  TReimbursementsQuery,
  TTransactionsQuery,
} from './finance.schemas.ts';

/*
 * The sample finance API's use cases: filter, then cursor-paginate. One function per endpoint,
 * taking the dataset explicitly so tests can run them against a freshly generated copy.
 */

function paged<T>(list: readonly T[], idOf: (r: T) => string, start: string | undefined, size: number) {
  const page = pageFrom(list, idOf, start, size);
  if (!page) throw new FieldError(['query', 'start'], 'start is not a record of this list', 'value_error');
  return page;
}

export function listEntities(d: FinanceData, q: TEntitiesQuery): FinancePage<TFinanceEntity> {
  const currency = q.currency?.trim().toUpperCase();
  const name = q.entity_name?.trim().toLowerCase();
  const list = d.entities.filter(
    (e) =>
      (!currency || e.currency === currency) &&
      (!name || e.entity_name.toLowerCase().includes(name)) &&
      (q.is_primary === undefined || e.is_primary === q.is_primary),
  );
  return paged(list, (e) => e.id, q.start, q.page_size);
}

export function listTransactions(d: FinanceData, q: TTransactionsQuery): FinancePage<TFinanceTransaction> {
  // an unknown entity simply has no transactions (the id is well-formed)
  const list = d.transactionsByEntity.get(q.entity_id.toLowerCase()) ?? [];
  return paged(list, (t) => t.id, q.start, q.page_size);
}

export function getTransaction(d: FinanceData, id: string): TFinanceTransactionDetail {
  const t = d.transactionsById.get(id.toLowerCase());
  if (!t) throw notFound('Transaction not found');
  return {
    id: t.id,
    amount: t.amount,
    transaction_date: t.transaction_date,
    merchant_name: t.merchant,
    state: t.transaction_status,
  };
}

export function listCards(d: FinanceData, q: TCardsQuery): FinancePage<TFinanceCard> {
  const entityId = q.entity_id.toLowerCase();
  const programId = q.card_program_id?.toLowerCase();
  const list = d.cards.filter(
    (c) =>
      c.entity_id === entityId &&
      c.is_activated === q.is_activated &&
      (c.card_status === 'TERMINATED') === q.is_terminated &&
      (!programId || c.card_program_id === programId),
  );
  return paged(list, (c) => c.card_id, q.start, q.page_size);
}

export function listReimbursements(
  d: FinanceData,
  q: TReimbursementsQuery,
): FinancePage<TFinanceReimbursement> {
  const userId = q.user_id?.trim().toLowerCase();
  const list = d.reimbursements.filter(
    (r) => (!userId || r.user_id === userId) && (!q.status || r.status === q.status),
  );
  return paged(list, (r) => r.reimbursement_id, q.start, q.page_size);
}
