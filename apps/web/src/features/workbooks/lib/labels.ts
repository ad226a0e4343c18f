import type { TReviewStatus, TSheetField } from '@mapwright/contracts';

export const REVIEW_LABELS: Record<TReviewStatus, string> = {
  NOT_REVIEWED: 'Not reviewed',
  FLAGGED: 'Flagged',
  PROPOSED: 'Proposed',
  APPROVED: 'Approved',
};
export const REVIEW_COLORS: Record<TReviewStatus, string> = {
  NOT_REVIEWED: 'gray',
  FLAGGED: 'red',
  PROPOSED: 'blue',
  APPROVED: 'green',
};
export const RUN_LABELS: Record<TSheetField['run_status'], { label: string; color: string }> = {
  not_run: { label: 'Not run', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  ok: { label: 'Passing', color: 'green' },
  dropped: { label: 'Values dropped', color: 'orange' },
  failing: { label: 'Failing', color: 'red' },
};
