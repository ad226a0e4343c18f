import { z } from 'zod';

/** `{detail: "..."}` — every non-validation error (spec §8 parses this shape). */
export const ZErrorDetail = z.object({ detail: z.string() });
/** 422 validation error: one entry per bad field; `loc` names where (e.g. ['query', 'page_size']). */
export const ZValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export const ZValidationError = z.object({ detail: z.array(ZValidationIssue) });
export type TErrorDetail = z.infer<typeof ZErrorDetail>;
export type TValidationIssue = z.infer<typeof ZValidationIssue>;
export type TValidationError = z.infer<typeof ZValidationError>;

export const ZUuid = z.uuid();

/** `?page=1&size=50` (size capped at 100). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
export interface TPage<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

/** A partial update must set something: an empty body (or one of unknown fields only) is a 422. */
export function atLeastOne<T extends z.ZodObject>(shape: T) {
  // unknown fields are dropped, so a body of only those changes nothing: say so rather than 200
  const names = Object.keys(shape.shape).join(' or ');
  return shape.refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: `Nothing to change: give ${names}`,
  });
}
