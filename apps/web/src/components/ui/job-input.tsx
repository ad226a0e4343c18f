import { Anchor, Text } from '@mantine/core';
import type { TJob } from '@mapwright/contracts';
import { Link } from 'react-router';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Where a job's records came from, said the same way on every screen that lists jobs (the jobs
 * list, a pipeline's jobs, a job's page): an import links to it. `long` adds the record count.
 */
export function JobInput({
  job,
  long = false,
}: {
  job: Pick<TJob, 'input_kind' | 'import_id' | 'record_count'>;
  long?: boolean;
}) {
  const n = count(job.record_count);
  if (job.input_kind === 'import' && job.import_id)
    return (
      <Anchor component={Link} to={`/imports/${job.import_id}`} size="sm">
        {long ? `${n} records from an import` : 'Import'}
      </Anchor>
    );
  const text =
    job.input_kind === 'dataset'
      ? long
        ? `${n} records from a dataset`
        : 'Dataset'
      : long
        ? `${n} records sent`
        : 'Records sent';
  return long ? <span>{text}</span> : <Text size="sm">{text}</Text>;
}
