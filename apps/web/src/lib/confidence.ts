/** The confidence buckets of spec.md (the engine's bucketOf): ≥ 0.9 Very High … < 0.25 Very Low. */
export function bucketOf(c: number): string {
  if (c >= 0.9) return 'Very High';
  if (c >= 0.75) return 'High';
  if (c >= 0.5) return 'Medium';
  if (c >= 0.25) return 'Low';
  return 'Very Low';
}
