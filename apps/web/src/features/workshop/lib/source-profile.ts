/** One profiled source field of a pipeline's `source_schema` (the engine's FieldProfile), read loosely. */
export interface TSourceField {
  path: string;
  type: string;
  format?: string;
  examples: unknown[];
  /** each distinct value, when the field has few */
  distinct?: { value: string | number | boolean; count: number }[];
  nullRate?: number;
}

export function sourceFields(
  sourceSchema: readonly Record<string, unknown>[] | null | undefined,
): TSourceField[] {
  return (sourceSchema ?? [])
    .filter((f) => typeof f.path === 'string')
    .map((f) => ({
      path: f.path as string,
      type: typeof f.type === 'string' ? f.type : 'string',
      format: typeof f.format === 'string' ? f.format : undefined,
      examples: Array.isArray(f.examples) ? f.examples : [],
      distinct: Array.isArray(f.distinct) ? (f.distinct as TSourceField['distinct']) : undefined,
      nullRate: typeof f.nullRate === 'number' ? f.nullRate : undefined,
    }));
}
