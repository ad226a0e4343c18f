import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export async function forgotPassword(email: string): Promise<{ detail: string } | undefined> {
  return http.post<{ detail: string }>('/auth/forgot-password', { email });
}
export async function resetPassword(input: { token: string; password: string }) {
  return http.post<{ detail: string }>('/auth/reset-password', input);
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
