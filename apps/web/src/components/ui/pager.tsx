import { Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Mantine's Pagination with names on its arrow controls (icon-only buttons need one). */
export function Pager(props: PaginationProps) {
  return <Pagination getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })} {...props} />;
}
