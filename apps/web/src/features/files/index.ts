export { FileManager } from './components/file-manager.tsx';
export { FileManagerPage } from './components/file-manager-page.tsx';
