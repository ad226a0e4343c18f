import { FinancialAnalysisScreen } from '../../features/finance/index.ts';

export function FinancialAnalysisRoute() {
  return <FinancialAnalysisScreen />;
}
