export { ImportDetail } from './components/import-detail.tsx';
export { ImportsList } from './components/imports-list.tsx';
