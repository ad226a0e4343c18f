import { useParams } from 'react-router';
import { ImportDetail, ImportsList } from '../../features/imports/index.ts';

export function ImportsRoute() {
  return <ImportsList />;
}

export function ImportRoute() {
  const { id = '' } = useParams();
  return <ImportDetail key={id} id={id} />;
}
