import { z } from 'zod';

/*
 * The financial-analysis demo (/financial_analysis): numbered steps that run the product on the
 * sample finance API — connect it, pull entities and their transactions with a workflow, map
 * them onto the transactions summary schema with a pipeline, analyse the mapped result.
 */

export const FINANCE_DEMO_STEPS = [1, 2, 3, 4] as const;
export const ZFinanceDemoStepParams = z.object({
  step: z.coerce
    .number()
    .int()
    .refine(
      (n) => (FINANCE_DEMO_STEPS as readonly number[]).includes(n),
      'must be a step number from 1 to 4',
    ),
});

export const ZFinanceDemoStep = z.object({
  step: z.number().int(),
  title: z.string(),
  status: z.enum(['todo', 'running', 'done', 'failed']),
  did: z.array(z.string()).describe('what the step did, in words'),
  error: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), href: z.string() })),
});
export type TFinanceDemoStep = z.infer<typeof ZFinanceDemoStep>;

/** one bar group: its name, and the amount per currency (`{name: 'Uber', USD: 120.5, EUR: 30}`) */
const ZGroup = z.object({ name: z.string() }).catchall(z.number());
const ZTotal = z.object({ currency: z.string(), amount: z.number(), count: z.number().int() });

export const ZFinanceAnalysis = z.object({
  currencies: z.array(z.string()),
  totals: z.array(ZTotal).describe('of the mapped result, per currency'),
  source_totals: z.array(ZTotal).describe('of the transactions pulled from the API, per currency'),
  reconciled: z.boolean(),
  by_merchant: z.array(ZGroup),
  by_month: z.array(ZGroup),
  by_status: z.array(ZGroup),
  by_entity: z.array(ZGroup),
  anomalies: z.array(z.string()),
});
export type TFinanceAnalysis = z.infer<typeof ZFinanceAnalysis>;

export const ZFinanceDemo = z.object({
  steps: z.array(ZFinanceDemoStep),
  analysis: ZFinanceAnalysis.nullable(),
});
export type TFinanceDemo = z.infer<typeof ZFinanceDemo>;
