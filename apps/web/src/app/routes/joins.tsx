import { useParams, useSearchParams } from 'react-router';
import { JoinBuilder, JoinedData, JoinNode, JoinsList, JoinTask } from '../../features/joins/index.ts';

export function JoinsRoute() {
  return <JoinsList />;
}
export function JoinBuilderRoute() {
  const { id = '' } = useParams();
  return <JoinBuilder key={id} id={id} />;
}
export function JoinTaskRoute() {
  const { id = '' } = useParams();
  return <JoinTask key={id} id={id} />;
}
export function JoinedDataRoute() {
  const { id = '' } = useParams();
  return <JoinedData key={id} id={id} />;
}
export function JoinNodeRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const side = params.get('side') === 'right' ? 'right' : 'left';
  return <JoinNode key={`${id}-${side}`} id={id} side={side} />;
}
