import type { TOrganization, TPage, TRole, TUser } from '@mapwright/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ROLES_PAGE_SIZE } from '../../../config/index.ts';
import { http, required } from '../../../lib/http.ts';

/** Query keys shared with other screens so one URL is never fetched twice concurrently. */
export const sessionKeys = {
  me: ['me'] as const,
  org: ['org'] as const,
  roles: ['roles', 1, ROLES_PAGE_SIZE] as const,
};

export const getMe = () => http.get<TUser>('/me');
export const getOrg = () => http.get<TOrganization>('/org');
export const getRoles = () => http.get<TPage<TRole>>('/roles', { query: { page: 1, size: ROLES_PAGE_SIZE } });

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.roles,
    queryFn: async () => required(await getRoles()),
    staleTime: 300_000,
  });
