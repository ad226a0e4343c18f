import type { TImpersonation, TPage, TUser } from '@mapwright/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const updateMe = async (input: { name: string }) => required(await http.patch<TUser>('/me', input));
export const changePassword = (input: { current_password: string; new_password: string }) =>
  http.post<void>('/me/password', input);
export const setupTotp = async () =>
  required(await http.post<{ secret: string; otpauth_url: string }>('/me/totp/setup'));
export const enableTotp = (token: string) => http.post<void>('/me/totp/enable', { token });
export const disableTotp = (token: string) => http.post<void>('/me/totp/disable', { token });

export const useUpdateMe = () => useMutation({ mutationFn: updateMe });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useSetupTotp = () => useMutation({ mutationFn: setupTotp });
export const useEnableTotp = () => useMutation({ mutationFn: enableTotp });
export const useDisableTotp = () => useMutation({ mutationFn: disableTotp });

export const IMPERSONATIONS_PAGE_SIZE = 10;
export const getImpersonations = async (page: number) =>
  required(
    await http.get<TPage<TImpersonation>>('/me/impersonations', {
      query: { page, size: IMPERSONATIONS_PAGE_SIZE },
    }),
  );
export const useImpersonations = (page: number) =>
  useQuery({
    queryKey: ['me', 'impersonations', page],
    queryFn: () => getImpersonations(page),
    placeholderData: keepPreviousData,
  });
