import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFinanceAnalysis, TFinanceDemoStep } from '@mapwright/contracts';
import { IconAlertTriangle, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { storage } from '../../../lib/storage.ts';
import { useDemo, useRunStep } from '../api.ts';
import { setDemoStep, useDemoStep } from '../store.ts';
import './styles.ts';

const STATUS_COLOR = { todo: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;
const STATUS_LABEL = { todo: 'Not run yet', running: 'Running…', done: 'Done', failed: 'Failed' } as const;
const SERIES_COLORS = ['violet.6', 'teal.6', 'orange.6', 'blue.6'];

/**
 * The demo is switched on by the local `demos.financialAnalysis` flag (spec §3). An organization
 * setting may switch it on too once organizations have feature flags: this is the one place to add it.
 */
function useDemoEnabled() {
  const [on, setOn] = useState(() => storage.getDemos().financialAnalysis);
  return {
    on,
    enable: () => {
      storage.setDemos({ financialAnalysis: true });
      setOn(true);
    },
  };
}

export function FinancialAnalysisScreen() {
  const flag = useDemoEnabled();
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Finance' }, { label: 'Financial analysis' }]}
        title="Financial analysis demo"
        description="The whole product on the sample finance API, one step at a time: connect it, pull the data with a workflow, map it with a pipeline, and analyse the result."
      />
      {flag.on ? (
        <Demo />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <Stack align="flex-start" gap="sm">
            <Title order={2} fz="lg">
              This demo is switched off
            </Title>
            <Text size="sm" c="dimmed">
              Demos are off by default. Switching it on here remembers it in this browser.
            </Text>
            <Button onClick={flag.enable}>Switch the demo on</Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function Demo() {
  const query = useDemo();
  const step = useDemoStep();
  const runStep = useRunStep();
  if (query.isPending) return <LoadingBlock label="Loading the demo…" />;
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  const demo = query.data;
  return (
    <Stack gap="md">
      <Stepper active={step - 1} onStepClick={(i) => setDemoStep(i + 1)} size="sm">
        {demo.steps.map((s) => (
          <Stepper.Step
            key={s.step}
            label={`Step ${s.step}`}
            description={s.title}
            color={s.status === 'failed' ? 'red' : undefined}
          >
            <StepPanel
              step={s}
              previousDone={s.step === 1 || demo.steps[s.step - 2]!.status === 'done'}
              pending={runStep.isPending && runStep.variables === s.step}
              onRun={() =>
                runStep.mutate(s.step, {
                  // a step done at once moves on; queued work (steps 2, 3) waits for "Next step"
                  onSuccess: (d) => {
                    if (s.step < 4 && d.steps[s.step - 1]!.status === 'done') setDemoStep(s.step + 1);
                  },
                })
              }
              onNext={s.step < 4 ? () => setDemoStep(s.step + 1) : undefined}
            />
          </Stepper.Step>
        ))}
      </Stepper>
      {runStep.error && (
        <Alert color="red" role="alert" title="The step did not run">
          {runStep.error.message}
        </Alert>
      )}
      {step === 4 && demo.analysis && <Analysis a={demo.analysis} />}
    </Stack>
  );
}

function StepPanel({
  step,
  previousDone,
  pending,
  onRun,
  onNext,
}: {
  step: TFinanceDemoStep;
  previousDone: boolean;
  pending: boolean;
  onRun: () => void;
  onNext?: (() => void) | undefined;
}) {
  const ran = step.status !== 'todo';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mt="md"
      aria-label={`Step ${step.step}: ${step.title}`}
      component="section"
    >
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Title order={2} fz="md">
            {step.step}. {step.title}
          </Title>
          <Badge color={STATUS_COLOR[step.status]} variant="light" data-testid={`step-${step.step}-status`}>
            {STATUS_LABEL[step.status]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            leftSection={ran ? <IconRefresh size={16} /> : <IconPlayerPlay size={16} />}
            variant={ran ? 'default' : 'filled'}
            loading={pending || step.status === 'running'}
            disabled={!previousDone}
            onClick={onRun}
          >
            {ran ? `Re-run step ${step.step}` : `Run step ${step.step}`}
          </Button>
          {onNext && step.status === 'done' && <Button onClick={onNext}>Next step</Button>}
        </Group>
      </Group>
      {!previousDone && (
        <Text size="sm" c="dimmed">
          Run step {step.step - 1} first.
        </Text>
      )}
      {step.error && (
        <Alert color="red" role="alert" mb="sm" title="This step failed">
          {step.error}
        </Alert>
      )}
      {step.did.length > 0 ? (
        <List size="sm" spacing={4}>
          {step.did.map((d) => (
            <List.Item key={d}>{d}</List.Item>
          ))}
        </List>
      ) : (
        previousDone && (
          <Text size="sm" c="dimmed">
            Nothing done yet: run the step to see what it makes.
          </Text>
        )
      )}
      {step.links.length > 0 && (
        <Group gap="md" mt="sm">
          {step.links.map((l) => (
            <Anchor key={l.href} component={Link} to={l.href} size="sm">
              {l.label}
            </Anchor>
          ))}
        </Group>
      )}
    </Paper>
  );
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const money = (n: number, currency: string) =>
  n.toLocaleString('en-US', { style: 'currency', currency, currencyDisplay: 'code' });

function Analysis({ a }: { a: TFinanceAnalysis }) {
  const series = a.currencies.map((name, i) => ({ name, color: SERIES_COLORS[i % SERIES_COLORS.length]! }));
  const chart = (title: string, data: TFinanceAnalysis['by_month']) => (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-label={title}>
      <Text component="figcaption" fw={600} size="sm" mb="sm">
        {title}
      </Text>
      <BarChart
        h={240}
        data={data}
        dataKey="name"
        series={series}
        withLegend
        tickLine="y"
        valueFormatter={(v) => compact.format(v)}
      />
    </Paper>
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            Totals
          </Title>
          <Badge color={a.reconciled ? 'green' : 'red'} variant="light" data-testid="reconciled">
            {a.reconciled ? 'Reconciled with the source' : 'Does not reconcile'}
          </Badge>
        </Group>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Mapped result</Table.Th>
              <Table.Th ta="right">From the API</Table.Th>
              <Table.Th ta="right">Transactions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.totals.map((t) => {
              const src = a.source_totals.find((s) => s.currency === t.currency);
              return (
                <Table.Tr key={t.currency}>
                  <Table.Td>{t.currency}</Table.Td>
                  <Table.Td ta="right" data-testid={`total-${t.currency}`} data-amount={t.amount}>
                    {money(t.amount, t.currency)}
                  </Table.Td>
                  <Table.Td ta="right">{src ? money(src.amount, t.currency) : '—'}</Table.Td>
                  <Table.Td ta="right" data-testid={`count-${t.currency}`}>
                    {t.count.toLocaleString('en-US')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {chart('Amount by merchant (top 10)', a.by_merchant)}
        {chart('Amount by month', a.by_month)}
        {chart('Amount by status', a.by_status)}
        {chart('Amount by entity', a.by_entity)}
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb="sm">
          Anomalies
        </Title>
        {a.anomalies.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing stands out.
          </Text>
        ) : (
          <List
            size="sm"
            spacing={4}
            icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" />}
          >
            {a.anomalies.map((x) => (
              <List.Item key={x}>{x}</List.Item>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
