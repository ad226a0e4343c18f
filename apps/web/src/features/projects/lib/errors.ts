import { ApiError } from '../../../lib/http.ts';

/** 422 answers name the field: show them as "field: message" so the cause is clear. */
export const describeError = (err: Error) =>
  err instanceof ApiError && Array.isArray(err.detail)
    ? err.detail
        .map((d) => {
          const at = (d.loc ?? []).filter((p) => p !== 'body').join('.');
          return at ? `${at}: ${d.msg}` : d.msg;
        })
        .join('\n')
    : err.message;
