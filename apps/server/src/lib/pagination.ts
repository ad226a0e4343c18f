import type { TPage } from '@mapwright/contracts';

export function pageOf<T>(items: T[], total: number, page: number, size: number): TPage<T> {
  return { items, total, page, size, pages: Math.max(1, Math.ceil(total / size)) };
}

export const offsetOf = (page: number, size: number) => (page - 1) * size;
