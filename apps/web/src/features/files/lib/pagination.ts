/** Spec §3 files pagination: page, size (default 10), total and pages. */
export interface TPagination {
  page: number;
  size: number;
  total: number;
  pages: number;
}

export const pagesFor = (total: number, size: number) => (total <= 0 ? 0 : Math.ceil(total / size));

export function paginationOf(page: number, size: number, total: number | undefined): TPagination {
  const t = Math.max(0, total ?? 0);
  return { page, size, total: t, pages: pagesFor(t, size) };
}

/** After a delete empties the last page, step back to the new last page (never below 1). */
export const clampPage = (page: number, pages: number) => Math.max(1, Math.min(page, Math.max(pages, 1)));

/** "11–20 of 23"; "0 files" when empty. */
export function rangeLabel({ page, size, total }: TPagination): string {
  if (total === 0) return 'No files';
  const from = (page - 1) * size + 1;
  const to = Math.min(page * size, total);
  return `${from.toLocaleString()}–${to.toLocaleString()} of ${total.toLocaleString()}`;
}
