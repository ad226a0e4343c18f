import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, FieldError } from '../lib/errors.ts';

const LOCATION: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

interface ZodIssueLike {
  instancePath: string;
  keyword: string;
  message?: string;
}

function toIssue(context: string, v: ZodIssueLike) {
  const path = v.instancePath.split('/').filter(Boolean);
  const missing = v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '');
  return {
    loc: [LOCATION[context] ?? context, ...path],
    msg: missing ? 'Field required' : (v.message ?? 'Invalid value'),
    type: missing ? 'missing' : v.keyword,
  };
}

/** busboy (under @fastify/multipart) reports a broken upload with plain errors, told apart by text. */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/;

/**
 * One error handler for the whole API, producing the two shapes the spec's client parses:
 * `{detail: "..."}` and, for validation, 422 `{detail: [{loc, msg, type}]}`. Anything unexpected
 * is logged and answered 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = err.validationContext ?? 'body';
      return reply.code(422).send({ detail: err.validation.map((v) => toIssue(context, v as ZodIssueLike)) });
    }
    if (err instanceof FieldError) {
      return reply.code(422).send({ detail: [{ loc: err.loc, msg: err.msg, type: err.type }] });
    }
    if (err instanceof AppError) return reply.code(err.statusCode).send({ detail: err.detail });
    if (!err.statusCode && MALFORMED_MULTIPART.test(err.message))
      return reply.code(422).send({
        detail: [{ loc: ['body'], msg: `Malformed multipart body: ${err.message}`, type: 'value_error' }],
      });
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ detail: 'Too many requests, try again later' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ detail: 'Request body is too large' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content type, empty body...
      return reply
        .code(status === 400 ? 422 : status)
        .send(
          status === 400
            ? { detail: [{ loc: ['body'], msg: err.message, type: 'value_error' }] }
            : { detail: err.message },
        );
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}
