import { Badge, Button, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconClock, IconSparkles } from '@tabler/icons-react';
import { useGenerateConfidence } from '../api/generate-confidence.ts';
import { useNow } from '../hooks/use-now.ts';
import { cooldownOf } from '../lib/cooldown.ts';
import { formatClock, formatWait, plural } from '../lib/format.ts';
import { hasOutput } from '../lib/status.ts';
import {
  confidenceCooldown,
  triggerConfidenceGeneration,
  usePipelinesListInputs,
} from '../stores/pipelines-list-store.ts';
import { notify } from './notify.ts';

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { timeStyle: 'short' });

/**
 * Recomputes confidence on the latest run of every listed pipeline. Guarded by a cool-down kept in
 * localStorage: a second press inside it is refused with the time it can run again.
 */
export function GenerateConfidenceButton({ results }: { results: TResult[] }) {
  const { lastTriggeredConfidenceGeneration: last } = usePipelinesListInputs();
  const cooling = !cooldownOf(last, Date.now()).ready;
  const now = useNow(cooling);
  const cd = cooldownOf(last, now);
  const generate = useGenerateConfidence();
  const eligible = results.filter((r) => hasOutput(r.status));

  const run = () => {
    const state = confidenceCooldown();
    if (!state.ready) {
      notify({
        color: 'yellow',
        title: 'Confidence was generated recently',
        message: `It can run again at ${timeOf(state.readyAt ?? Date.now())} (in ${formatWait(state.remainingMs)}).`,
      });
      return;
    }
    if (eligible.length === 0) {
      notify({
        color: 'gray',
        title: 'Nothing to score yet',
        message: 'None of the listed pipelines has a finished run. Run a job first.',
      });
      return;
    }
    if (!triggerConfidenceGeneration()) return;
    generate.mutate(
      eligible.map((r) => r.id),
      {
        onSuccess: (out) =>
          notify({
            color: out.failed ? 'orange' : 'green',
            title: out.failed ? 'Confidence generated, with problems' : 'Confidence generated',
            message: out.failed
              ? `${plural(out.succeeded, 'run')} scored; ${plural(out.failed, 'run')} failed: ${out.firstError}`
              : `Scored the latest ${plural(out.succeeded, 'run')} of the listed pipelines.`,
          }),
      },
    );
  };

  return (
    <Tooltip
      label={
        cd.ready
          ? `Score the latest run of the ${plural(eligible.length, 'listed pipeline')} with one`
          : `Generated at ${timeOf(last ?? now)}; available again in ${formatWait(cd.remainingMs)}`
      }
      withArrow
      multiline
      maw={280}
    >
      <Button
        variant="default"
        leftSection={<IconSparkles size={16} />}
        loading={generate.isPending}
        onClick={run}
        data-cooling={cd.ready ? undefined : 'true'}
        rightSection={
          cd.ready ? undefined : (
            <Badge variant="light" color="gray" size="sm" leftSection={<IconClock size={12} />}>
              <VisuallyHidden>available again in </VisuallyHidden>
              {formatClock(cd.remainingMs)}
            </Badge>
          )
        }
      >
        Generate confidence
      </Button>
    </Tooltip>
  );
}
