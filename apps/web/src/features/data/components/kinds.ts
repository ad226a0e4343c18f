/** How the known kinds of datasets are named; a kind added later shows as it is spelled. */
const KIND_LABELS: Record<string, string> = {
  import: 'Import',
  'job-input': 'Job input',
  result: 'Job result',
  joined: 'Joined data',
  stream: 'Synced stream',
  'entity-resolution': 'Entity resolution',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/[-_]/g, ' ');

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
export function formatBytes(n: number) {
  let i = 0;
  while (n >= 1024 && i < UNITS.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i ? n.toFixed(n < 10 ? 1 : 0) : n} ${UNITS[i]}`;
}

/**
 * What a dataset's columns read as: its fields (for records, the keys found in a sample of the
 * first records, never the storage's `line` and `record`); null when they could not be read.
 */
export function fieldsLabel(fields: { name: string }[] | null) {
  if (!fields) return { count: 'Columns unknown', names: '' };
  const n = fields.length;
  return { count: `${n} ${n === 1 ? 'column' : 'columns'}`, names: fields.map((f) => f.name).join(', ') };
}
