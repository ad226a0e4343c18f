import { http } from '../../../lib/http.ts';

/** Ends this session server-side (other devices stay signed in); best effort, since logout must work offline too. */
export async function logoutRequest(): Promise<void> {
  try {
    await http.post('/auth/jwt/logout');
  } catch {
    // the token is dropped locally either way
  }
}
