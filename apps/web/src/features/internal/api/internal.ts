import type { TAuditEntry, TInternalMember, TInternalOrg, TOrgSettings, TPage } from '@mapwright/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const ORGS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;

export const useInternalOrgs = (page: number, q: string) =>
  useQuery({
    queryKey: ['internal', 'orgs', page, q],
    queryFn: async () =>
      required(
        await http.get<TPage<TInternalOrg>>('/internal/orgs', {
          query: { page, size: ORGS_PAGE_SIZE, ...(q ? { q } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useOrgMembers = (orgId: string | null) =>
  useQuery({
    queryKey: ['internal', 'members', orgId],
    queryFn: async () =>
      required(await http.get<{ items: TInternalMember[] }>(`/internal/orgs/${orgId}/members`)),
    enabled: !!orgId,
  });

export const useAuditTrail = (page: number, orgId: string | null) =>
  useQuery({
    queryKey: ['internal', 'audit', page, orgId],
    queryFn: async () =>
      required(
        await http.get<TPage<TAuditEntry>>('/internal/audit', {
          query: { page, size: AUDIT_PAGE_SIZE, ...(orgId ? { org_id: orgId } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useUpdateOrgSettings(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (patch: { demos?: Partial<TOrgSettings['demos']>; projects_landing?: boolean }) =>
      required(await http.patch<TOrgSettings>(`/internal/orgs/${orgId}/settings`, patch)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['internal'] }),
  });
}
