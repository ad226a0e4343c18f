import { FileManagerPage } from '../../features/files/index.ts';

export function FileManagerRoute() {
  return <FileManagerPage />;
}
