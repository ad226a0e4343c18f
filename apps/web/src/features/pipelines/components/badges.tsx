import { Badge, Tooltip } from '@mantine/core';
import type { TPipeline, TResult } from '@mapwright/contracts';
import { formatPercent } from '../lib/format.ts';
import { BUCKET_COLOR, resultStatusOf } from '../lib/status.ts';

export function PipelineStatusBadge({ pipeline, size = 'md' }: { pipeline: TPipeline; size?: 'sm' | 'md' }) {
  const deployed = pipeline.deployed_mapper_version !== null;
  return (
    <Badge
      variant="light"
      color={deployed ? 'green' : 'gray'}
      size={size}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {deployed ? `Deployed · v${pipeline.deployed_mapper_version}` : 'Draft'}
    </Badge>
  );
}

export function ResultStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' }) {
  const s = resultStatusOf(status);
  return (
    <Badge variant="light" color={s.color} size={size}>
      {s.label}
    </Badge>
  );
}

/** The mean field confidence of a run's mapper, as its bucket with the score on hover. */
export function ConfidenceBadge({ confidence }: { confidence: TResult['confidence'] }) {
  if (!confidence) return null;
  return (
    <Tooltip label={`Mean field confidence ${formatPercent(confidence.score)}`} withArrow>
      <Badge variant="light" color={BUCKET_COLOR[confidence.bucket] ?? 'gray'} size="sm" tabIndex={0}>
        {confidence.bucket} confidence
      </Badge>
    </Tooltip>
  );
}
