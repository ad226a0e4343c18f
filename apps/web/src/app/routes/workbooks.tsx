import { useParams } from 'react-router';
import {
  CustomerPreview,
  WorkbookDetail,
  WorkbookOpen,
  WorkbooksList,
} from '../../features/workbooks/index.ts';

export function WorkbooksRoute() {
  return <WorkbooksList />;
}

export function WorkbookOpenRoute() {
  return <WorkbookOpen />;
}

export function WorkbookRoute() {
  const { id = '' } = useParams();
  return <WorkbookDetail key={id} id={id} />;
}

/** A bare page: no session, shell or banner; the share token in the link is all it needs. */
export function CustomerPreviewRoute() {
  return <CustomerPreview />;
}
