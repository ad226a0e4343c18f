import type { TPage, TUser } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const USERS_PAGE_SIZE = 20;
export const usersKey = ['users'] as const;

export const getUsers = async (page: number) =>
  required(await http.get<TPage<TUser>>('/users', { query: { page, size: USERS_PAGE_SIZE } }));

export const usersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...usersKey, page],
    queryFn: () => getUsers(page),
    placeholderData: keepPreviousData,
  });
export const useUsers = (page: number) => useQuery(usersQueryOptions(page));

export interface TInviteInput {
  email: string;
  name: string;
  role_id: string;
}
export const inviteUser = async (input: TInviteInput) =>
  required(await http.post<{ user: TUser; invite_link: string }>('/users', input));
export const updateUser = async ({ id, ...patch }: { id: string; name?: string; role_id?: string }) =>
  required(await http.patch<TUser>(`/users/${id}`, patch));
export const removeUser = (id: string) => http.delete<void>(`/users/${id}`);

function useUsersMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }) });
}
export const useInviteUser = () => useUsersMutation(inviteUser);
export const useUpdateUser = () => useUsersMutation(updateUser);
export const useRemoveUser = () => useUsersMutation(removeUser);
