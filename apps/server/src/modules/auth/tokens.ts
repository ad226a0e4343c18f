import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string;
  org: string;
  /** the user's token version at issue time; a bump revokes the token */
  ver: number;
  /** the server-side session (sessions table): logout revokes it, and the token with it */
  sid: string;
  /** impersonation: the staff user really acting */
  imp?: string;
}

export async function issueToken(
  secret: Uint8Array,
  ttlSeconds: number,
  claims: TokenClaims,
): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer('mapwright')
    .setAudience('mapwright:api')
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** Returns the claims of a valid, unexpired token signed by us, or null. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'mapwright',
      audience: 'mapwright:api',
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.org !== 'string' ||
      typeof payload.ver !== 'number' ||
      // tokens issued before sessions existed carry none: they are refused, the user signs in again
      typeof payload.sid !== 'string'
    ) {
      return null;
    }
    return {
      sub: payload.sub,
      org: payload.org,
      ver: payload.ver,
      sid: payload.sid,
      imp: typeof payload.imp === 'string' ? payload.imp : undefined,
    };
  } catch {
    return null;
  }
}
