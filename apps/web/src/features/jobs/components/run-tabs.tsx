import { Badge, Tabs } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconAlertTriangle, IconShieldX, IconTable } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatCount } from '../lib/format.ts';
import { ErrorGroups } from './error-groups.tsx';
import { MappedGrid } from './mapped-grid.tsx';
import { QuarantineList } from './quarantine-list.tsx';

const TABS = ['errors', 'data', 'quarantine'] as const;
type TTab = (typeof TABS)[number];

/** Errors, mapped data and quarantined records of one run; the open tab lives in the URL. */
export function RunTabs({ run, jobId }: { run: TResult; jobId: string }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TTab | null;
  const tab: TTab = asked && TABS.includes(asked) ? asked : run.failed > 0 ? 'errors' : 'data';
  // the quarantine can show one error's records only: ?error_type=…&field=…
  const errorType = params.get('error_type');
  const errorField = params.get('field');
  const error = errorType && errorField ? { type: errorType, field: errorField } : undefined;
  const select = (v: string | null, filter?: { type: string; field: string }) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', v ?? 'errors');
        if (filter) {
          next.set('error_type', filter.type);
          next.set('field', filter.field);
        } else {
          next.delete('error_type');
          next.delete('field');
        }
        return next;
      },
      { replace: true },
    );
  const count = (n: number, color: string) => (
    <Badge size="sm" variant="light" color={color}>
      {formatCount(n)}
    </Badge>
  );

  return (
    <Tabs value={tab} onChange={(v) => select(v)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab
          value="errors"
          leftSection={<IconAlertTriangle size={16} />}
          rightSection={count(run.failed, run.failed ? 'red' : 'gray')}
        >
          Errors
        </Tabs.Tab>
        <Tabs.Tab
          value="data"
          leftSection={<IconTable size={16} />}
          rightSection={count(run.processed, 'gray')}
        >
          Mapped data
        </Tabs.Tab>
        <Tabs.Tab
          value="quarantine"
          leftSection={<IconShieldX size={16} />}
          rightSection={count(run.failed, run.failed ? 'red' : 'gray')}
        >
          Quarantined records
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="errors" pt="md">
        <ErrorGroups run={run} onShowRecords={(filter) => select('quarantine', filter)} />
      </Tabs.Panel>
      <Tabs.Panel value="data" pt="md">
        <MappedGrid run={run} jobId={jobId} />
      </Tabs.Panel>
      <Tabs.Panel value="quarantine" pt="md">
        <QuarantineList run={run} jobId={jobId} error={error} onClearError={() => select('quarantine')} />
      </Tabs.Panel>
    </Tabs>
  );
}
