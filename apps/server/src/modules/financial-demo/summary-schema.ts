/** The transactions summary schema of spec §3, as a JSON Schema. */
export const TRANSACTION_TYPES = [
  'ASSET',
  'CREDCARD',
  'EQUITY',
  'EXPENSE',
  'LIABILITY',
  'REVENUE',
  'UNKNOWN',
] as const;

export const TRANSACTIONS_SUMMARY_SCHEMA = {
  type: 'object',
  title: 'Transactions summary',
  properties: {
    id: { type: 'string' },
    transactions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          transaction_date: { type: 'string' },
          transaction_amount: { type: 'number' },
          transaction_type: { type: ['string', 'null'], enum: [...TRANSACTION_TYPES, null] },
          currency: { type: ['string', 'null'] },
          transaction_status: { type: ['string', 'null'] },
          merchant: { type: ['string', 'null'] },
        },
        required: [
          'transaction_date',
          'transaction_amount',
          'transaction_type',
          'currency',
          'transaction_status',
        ],
      },
    },
    total_transaction_amount: { type: 'number' },
    total_transaction_count: { type: 'number' },
  },
  required: ['id', 'transactions', 'total_transaction_amount', 'total_transaction_count'],
};
