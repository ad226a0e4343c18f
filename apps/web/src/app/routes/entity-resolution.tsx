import { useParams } from 'react-router';
import { ResolutionDetail, ResolutionsList } from '../../features/resolution/index.ts';

export function ResolutionsRoute() {
  return <ResolutionsList />;
}

export function ResolutionRoute() {
  const { id = '' } = useParams();
  return <ResolutionDetail key={id} id={id} />;
}
