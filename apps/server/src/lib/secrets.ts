import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** URL-safe random token with `bytes` of entropy, optionally prefixed (e.g. `mw_` for API keys). */
export const randomToken = (bytes = 32, prefix = '') => prefix + randomBytes(bytes).toString('base64url');
