export { FinancialAnalysisScreen } from './components/financial-analysis-screen.tsx';
