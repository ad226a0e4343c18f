import type { TAuthenticatedApp, TCreateAuthenticatedAppRequest } from '@mapwright/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { authenticatedAppsKey, sourceAppsKey } from './keys.ts';

/** Connected apps; the server never returns their secrets. */
export const getAuthenticatedApps = async () =>
  required(await http.get<{ items: TAuthenticatedApp[] }>('/workflows/authenticated-apps')).items;
export const authenticatedAppsQueryOptions = () =>
  queryOptions({ queryKey: authenticatedAppsKey, queryFn: getAuthenticatedApps });
export const useAuthenticatedApps = () => useQuery(authenticatedAppsQueryOptions());

export const connectApp = async (body: TCreateAuthenticatedAppRequest) =>
  required(await http.post<TAuthenticatedApp>('/workflows/authenticated-apps', body));
export const disconnectApp = async (id: string) => {
  await http.delete(`/workflows/authenticated-apps/${id}`);
};

/** A connected app is also a source app of the builder's palette: refresh both lists. */
function useRefreshApps() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: authenticatedAppsKey }),
      qc.invalidateQueries({ queryKey: sourceAppsKey }),
    ]);
}
export const useConnectApp = () => {
  const refresh = useRefreshApps();
  return useMutation({ mutationFn: connectApp, onSuccess: () => refresh() });
};
export const useDisconnectApp = () => {
  const refresh = useRefreshApps();
  return useMutation({ mutationFn: disconnectApp, onSuccess: () => refresh() });
};
