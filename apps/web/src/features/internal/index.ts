export { InternalPage } from './components/internal-page.tsx';
