import { MigratePage } from '../../features/migrate/index.ts';

export function MigrateRoute() {
  return <MigratePage />;
}
