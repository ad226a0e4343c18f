import type { TPage, TWorkshop } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

/** One workshop is enough: only the page's `total` (the workshop count) is shown. */
export const getWorkshopCount = () =>
  http.get<TPage<TWorkshop>>('/workshops', { query: { page: 1, size: 1 } });
