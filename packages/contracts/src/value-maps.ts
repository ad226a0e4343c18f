import { z } from 'zod';

/*
 * The Excel value-mapper (demo flag `avionteExcel`): per target field of a pipeline, the source
 * values its jobs have seen with the engine's suggested target, applied as the field's lookup.
 */

const ZTable = z.record(z.string().max(1000), z.string().max(1000));

export const ZValueMapSuggestRequest = z.object({
  field: z.string().min(1, 'choose a target field').max(500),
  table: ZTable.optional().describe('pairs from an uploaded workbook; they win over suggestions'),
});
export const ZValueMapApplyRequest = z.object({
  field: ZValueMapSuggestRequest.shape.field,
  table: ZTable.refine((t) => Object.keys(t).length > 0, 'map at least one value'),
});
export const ZValueMapRow = z.object({
  source: z.string(),
  count: z.number().int().describe('records with this value in the pipeline jobs read'),
  target: z.string().nullable(),
  confidence: z.number(),
  reason: z.string().describe('exact, case, abbreviation, spelling, another notation, or given by the user'),
});
export const ZValueMapSuggestion = z.object({
  field: z.string(),
  source_field: z.string(),
  targets: z.array(z.string()).describe("the field's enum and the workbook's target values"),
  rows: z.array(ZValueMapRow),
  unmapped: z.array(z.object({ source: z.string(), count: z.number().int() })),
});
export type TValueMapSuggestion = z.infer<typeof ZValueMapSuggestion>;
export const ZValueTable = z.object({
  sheet: z.string(),
  field: z.string(),
  pairs: z.array(z.object({ source: z.string(), target: z.string() })),
});
export type TValueTable = z.infer<typeof ZValueTable>;
export const ZValueMapExportRequest = z.object({
  field: ZValueMapSuggestRequest.shape.field,
  rows: z
    .array(
      z.object({
        source: z.string().max(1000),
        target: z.string().max(1000).nullable(),
        count: z.number().int().optional(),
      }),
    )
    .max(50_000),
});
