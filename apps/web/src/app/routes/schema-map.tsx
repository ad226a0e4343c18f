import { useParams } from 'react-router';
import { SchemaMap } from '../../features/schemas/index.ts';

export function SchemaMapRoute() {
  const { id = '' } = useParams();
  return <SchemaMap key={id} id={id} />;
}
