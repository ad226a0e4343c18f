export { DashboardPage } from './components/dashboard-page.tsx';
export { OverviewPage } from './components/overview-page.tsx';
