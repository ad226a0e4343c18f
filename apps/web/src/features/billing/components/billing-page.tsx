import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TUsageReport } from '@mapwright/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { downloadUsageCsv, type TRange, useUsageReport } from '../api/usage.ts';
import { formatCount, KIND_LABELS, lastDays, shareUsed } from '../lib/usage.ts';
import { UsagePerDay, UsageTable } from './usage-charts.tsx';

function Limits({ report }: { report: TUsageReport }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {report.limits.map((l) => {
        const share = shareUsed(l.used, l.limit);
        return (
          <Paper key={l.name} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {l.label}
            </Text>
            <Text fw={700} fz="xl">
              {formatCount(l.used)}
              <Text span c="dimmed" fz="sm" fw={400}>
                {l.limit === null ? ' · no limit on this plan' : ` of ${formatCount(l.limit)}`}
              </Text>
            </Text>
            {l.limit !== null && (
              <>
                <Progress
                  mt="xs"
                  value={share}
                  color={share >= 90 ? 'red' : share >= 75 ? 'orange' : 'violet'}
                  aria-label={`${l.label}: ${share}% of the plan used`}
                />
                <Text size="xs" c="dimmed" mt={4}>
                  {share}% used
                </Text>
              </>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** Settings → Billing: the plan's limits with the share used, and usage over a date range. */
export function BillingPage() {
  const [range, setRange] = useState<TRange>(() => lastDays(30));
  const usage = useUsageReport(range);
  const [downloading, setDownloading] = useState(false);
  const setDay = (k: keyof TRange) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    if (v) setRange((r) => ({ ...r, [k]: v }));
  };
  const badRange = range.from > range.to;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadUsageCsv(range);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Download failed', message: (err as Error).message });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            Usage and billing
          </Title>
          <Text size="sm" c="dimmed">
            Counted as the work happens. Limits come from your plan.
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          {[7, 30, 90].map((d) => (
            <Button key={d} size="xs" variant="default" onClick={() => setRange(lastDays(d))}>
              {d} days
            </Button>
          ))}
          <TextInput type="date" size="xs" label="From" value={range.from} onChange={setDay('from')} />
          <TextInput
            type="date"
            size="xs"
            label="To"
            value={range.to}
            onChange={setDay('to')}
            error={badRange ? 'Before “From”' : undefined}
          />
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={download}
            loading={downloading}
            disabled={badRange}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {usage.isPending ? (
        <LoadingBlock label="Loading usage…" />
      ) : usage.isError ? (
        <ErrorBlock error={usage.error} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <Limits report={usage.data} />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(['records_processed', 'job_runs', 'pipelines_created', 'workflow_runs'] as const).map((k) => (
              <Paper key={k} withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {KIND_LABELS[k]}
                </Text>
                <Text fw={700} fz="xl">
                  {formatCount(usage.data.totals[k] ?? 0)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {!usage.data.llm_configured && (
            <Text size="xs" c="dimmed">
              No language model is configured, so no LLM calls or tokens are counted.
            </Text>
          )}
          <UsagePerDay report={usage.data} />
          <UsageTable
            title="Per pipeline"
            llm={usage.data.llm_configured}
            empty="No pipeline had any activity in this range."
            rows={usage.data.by_pipeline.map((p) => ({ id: p.pipeline_id, name: p.name, counts: p.counts }))}
          />
          <UsageTable
            title="Per user"
            llm={usage.data.llm_configured}
            empty="Nobody did any counted work in this range."
            rows={usage.data.by_user.map((u) => ({ id: u.user_id, name: u.name, counts: u.counts }))}
          />
        </>
      )}
    </Stack>
  );
}
