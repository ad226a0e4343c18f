export { DataPage } from './components/data-page.tsx';
