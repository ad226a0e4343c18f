import { SchemasList } from '../../features/schemas/index.ts';

export function SchemasRoute() {
  return <SchemasList />;
}
