/** Keys of a JSON Schema that describe it without constraining any value. */
const NOT_CHECKS = new Set([
  'type',
  'properties',
  '$schema',
  '$id',
  'title',
  'description',
  '$comment',
  'examples',
]);

/**
 * Whether a final node's schema checks anything: a field, or a constraint on the whole output. The
 * default `{type: "object", properties: {}}` accepts every object, so "the output is valid" would
 * say nothing: the screens then show nothing about validity.
 */
export function hasSchemaToCheck(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return false;
  const s = schema as Record<string, unknown>;
  const props = s.properties;
  if (props && typeof props === 'object' && Object.keys(props).length > 0) return true;
  return Object.entries(s).some(([k, v]) => !NOT_CHECKS.has(k) && v !== undefined);
}

/** The schema of a workflow's final node (none when it has no final node). */
export function finalSchemaOf(nodes: readonly { type: string; data: unknown }[] | undefined): unknown {
  const final = nodes?.find((n) => n.type === 'final');
  return (final?.data as { finalSchema?: unknown } | undefined)?.finalSchema;
}
