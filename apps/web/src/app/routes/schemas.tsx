import { useParams } from 'react-router';
import { SchemaDetail, SchemasList } from '../../features/schemas/index.ts';

export function SchemasRoute() {
  return <SchemasList />;
}

export function SchemaRoute() {
  const { id = '' } = useParams();
  return <SchemaDetail key={id} id={id} />;
}
