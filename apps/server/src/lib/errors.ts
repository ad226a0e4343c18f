/** The one error type services throw; the error handler maps it to `{detail}` with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const forbidden = (why = 'You do not have permission to do this') => new AppError(403, why);
export const unauthorized = (why = 'Unauthorized') => new AppError(401, why);
export const conflict = (why: string) => new AppError(409, why);
export const badRequest = (why: string) => new AppError(400, why);

/** A 422 for one field, same shape as schema validation failures. */
export class FieldError extends Error {
  constructor(
    readonly loc: (string | number)[],
    readonly msg: string,
    readonly type = 'value_error',
  ) {
    super(`${loc.join('.')}: ${msg}`);
  }
}
