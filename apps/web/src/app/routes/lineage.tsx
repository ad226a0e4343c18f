import { LineageScreen } from '../../features/lineage/index.ts';

export function LineageRoute() {
  return <LineageScreen />;
}
