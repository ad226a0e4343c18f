export { MigratePage } from './components/migrate-page.tsx';
