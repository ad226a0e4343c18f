import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { TShare, TWorkbook } from '@mapwright/contracts';
import { useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field.tsx';
import { useCreateShare, useRevokeShare, useShares } from '../api/workbooks.ts';

const stateOf = (s: TShare) =>
  s.revoked_at
    ? ['Revoked', 'gray']
    : new Date(s.expires_at) <= new Date()
      ? ['Expired', 'gray']
      : ['Active', 'green'];

/** Make a customer preview link (tabs chosen now, expiry, optional feedback) and revoke old ones. */
export function ShareModal({
  workbook,
  opened,
  onClose,
}: {
  workbook: TWorkbook;
  opened: boolean;
  onClose: () => void;
}) {
  const shares = useShares(workbook.id, opened);
  const create = useCreateShare(workbook.id);
  const revoke = useRevokeShare(workbook.id);
  const [tabs, setTabs] = useState<string[]>(['fields']);
  const [days, setDays] = useState<number>(14);
  const [feedback, setFeedback] = useState(true);
  const [label, setLabel] = useState('');
  const [made, setMade] = useState<TShare | null>(null);
  const choices = [{ id: 'fields', title: 'Field sheet' }, ...workbook.tabs];
  return (
    <Modal opened={opened} onClose={onClose} title="Share a customer preview" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Anyone with the link sees the chosen tabs of this version, read-only, without signing in, until it
          expires or you revoke it.
        </Text>
        <Checkbox.Group label="Tabs to show" value={tabs} onChange={setTabs}>
          <Stack gap={6} mt={6}>
            {choices.map((t) => (
              <Checkbox key={t.id} value={t.id} label={t.title} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group grow>
          <NumberInput
            label="Expires after (days)"
            min={1}
            max={90}
            value={days}
            onChange={(v) => setDays(Number(v) || 1)}
          />
          <TextInput
            label="Label (for you)"
            placeholder="e.g. Acme review"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
        </Group>
        <Switch
          label="The customer may comment on fields and approve or flag them"
          checked={feedback}
          onChange={(e) => setFeedback(e.currentTarget.checked)}
        />
        {create.isError && (
          <Alert color="red" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            disabled={tabs.length === 0}
            loading={create.isPending}
            onClick={async () =>
              setMade(
                await create.mutateAsync({ tabs, expires_in_days: days, allow_feedback: feedback, label }),
              )
            }
          >
            Create link
          </Button>
        </Group>
        {made?.url && (
          <Alert color="green" title="Link created: copy it now, it is shown only once">
            <CopyField value={`${window.location.origin}${made.url}`} label="Preview link" />
          </Alert>
        )}
        {shares.data && shares.data.length > 0 && (
          <Table verticalSpacing="xs" fz="sm" aria-label="Preview links">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Link</Table.Th>
                <Table.Th>Tabs</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.data.map((s) => {
                const [state, color] = stateOf(s);
                return (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.label || s.id.slice(0, 8)}</Table.Td>
                    <Table.Td>{s.tabs.length}</Table.Td>
                    <Table.Td>{new Date(s.expires_at).toLocaleDateString()}</Table.Td>
                    <Table.Td>
                      <Badge color={color} variant="light">
                        {state}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {state === 'Active' && (
                        <Button
                          size="compact-xs"
                          color="red"
                          variant="light"
                          onClick={() => revoke.mutate(s.id)}
                          loading={revoke.isPending}
                        >
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
