export { CustomerPreview } from './components/customer-preview.tsx';
export { WorkbookDetail } from './components/workbook-detail.tsx';
export { WorkbookOpen } from './components/workbook-open.tsx';
export { WorkbooksList } from './components/workbooks-list.tsx';
