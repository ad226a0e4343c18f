import type { TTokenResponse } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export interface TLoginInput {
  email: string;
  password: string;
  token?: string;
}

export async function login({ email, password, token }: TLoginInput): Promise<TTokenResponse> {
  return required(
    await http.postForm<TTokenResponse>('/auth/jwt/login', { username: email, password, token }),
  );
}

export const useLogin = () => useMutation({ mutationFn: login });
