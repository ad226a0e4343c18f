import { Badge, Button, Code, Group, Paper, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { TInternalOrg } from '@mapwright/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { useAuditTrail, useInternalOrgs } from '../api/internal.ts';
import { OrgDrawer } from './org-drawer.tsx';

function Organizations() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const orgs = useInternalOrgs(page, q);
  // the drawer shows the freshest row (flags change while it is open)
  const open: TInternalOrg | null = orgs.data?.items.find((o) => o.id === openId) ?? null;
  return (
    <Stack gap="sm">
      <TextInput
        aria-label="Search organizations"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} />}
        maw={320}
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(1);
        }}
      />
      {orgs.isPending ? (
        <LoadingBlock label="Loading organizations…" />
      ) : orgs.isError ? (
        <ErrorBlock error={orgs.error} onRetry={() => void orgs.refetch()} />
      ) : orgs.data.total === 0 ? (
        <Text size="sm" c="dimmed">
          No organization matches “{q}”.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Organization</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                  <Table.Th ta="right">Records this month</Table.Th>
                  <Table.Th ta="right">Job runs</Table.Th>
                  <Table.Th>Flags on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orgs.data.items.map((o) => {
                  const on = Object.entries(o.settings.demos)
                    .filter(([, v]) => v)
                    .map(([k]) => k);
                  if (o.settings.projects_landing) on.unshift('projects landing');
                  return (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpenId(o.id)}>
                          {o.name}
                        </Button>
                      </Table.Td>
                      <Table.Td ta="right">{formatCount(o.member_count)}</Table.Td>
                      <Table.Td ta="right">{formatCount(o.usage.records_processed)}</Table.Td>
                      <Table.Td ta="right">{formatCount(o.usage.job_runs)}</Table.Td>
                      <Table.Td>
                        {on.length ? (
                          <Group gap={4}>
                            {on.map((f) => (
                              <Badge key={f} size="xs" variant="light">
                                {f}
                              </Badge>
                            ))}
                          </Group>
                        ) : (
                          <Text size="xs" c="dimmed">
                            None
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {orgs.data.pages > 1 && (
            <Group justify="flex-end" p="sm">
              <Pager total={orgs.data.pages} value={page} onChange={setPage} />
            </Group>
          )}
        </Paper>
      )}
      <OrgDrawer org={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

type TSettingsSnapshot = { demos?: Record<string, boolean>; projects_landing?: boolean };

/** An audit entry's details in words: the reason, the flags that changed, or the raw details. */
export function describeDetails(d: Record<string, unknown>): string {
  if (typeof d.reason === 'string') return `Reason: ${d.reason}`;
  if (d.before && d.after) {
    const before = d.before as TSettingsSnapshot;
    const after = d.after as TSettingsSnapshot;
    const changes = Object.entries(after.demos ?? {})
      .filter(([k, v]) => before.demos?.[k] !== v)
      .map(([k, v]) => `${k} ${v ? 'on' : 'off'}`);
    if (before.projects_landing !== after.projects_landing)
      changes.push(`projects landing ${after.projects_landing ? 'on' : 'off'}`);
    return changes.length ? `Changed: ${changes.join(', ')}` : 'No change';
  }
  return Object.keys(d).length ? JSON.stringify(d) : '—';
}

function AuditTrail() {
  const [page, setPage] = useState(1);
  const audit = useAuditTrail(page, null);
  if (audit.isPending) return <LoadingBlock label="Loading the audit trail…" />;
  if (audit.isError) return <ErrorBlock error={audit.error} onRetry={() => void audit.refetch()} />;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {audit.data.items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Table.Td>
                <Table.Td>
                  <Code>{e.action}</Code>
                </Table.Td>
                <Table.Td>
                  {e.actor_email ?? '—'}
                  {e.impersonator_email && (
                    <Text size="xs" c="orange.9">
                      impersonated by {e.impersonator_email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={360}>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {typeof e.details.reason === 'string'
                      ? `Reason: ${e.details.reason}`
                      : JSON.stringify(e.details)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {audit.data.pages > 1 && (
        <Group justify="flex-end" p="sm">
          <Pager total={audit.data.pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Paper>
  );
}

/** Settings → Internal (staff): every organization with members, usage and flags; the audit trail. */
export function InternalPage() {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Internal
        </Title>
        <Text size="sm" c="dimmed">
          Every organization, its members, this month’s usage and its feature flags. Changes are audited.
        </Text>
      </div>
      <Tabs defaultValue="orgs" keepMounted={false} variant="pills">
        <Tabs.List>
          <Tabs.Tab value="orgs">Organizations</Tabs.Tab>
          <Tabs.Tab value="audit">Audit trail</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orgs" pt="md">
          <Organizations />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditTrail />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
