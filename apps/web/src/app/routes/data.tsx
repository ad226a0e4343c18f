import { DataPage } from '../../features/data/index.ts';

export function DataRoute() {
  return <DataPage />;
}
