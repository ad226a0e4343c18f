import type { TTokenResponse } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

/** Spec §8: a verification failure is logged and re-thrown to the caller. */
export async function verifyImpersonation(input: {
  email: string;
  impersonate_email: string;
  reason: string;
}): Promise<TTokenResponse> {
  try {
    return required(await http.post<TTokenResponse>('/auth/jwt/impersonate/verify', input));
  } catch (err) {
    console.error('Impersonation verification failed:', err);
    throw err;
  }
}
