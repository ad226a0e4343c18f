import {
  ActionIcon,
  Badge,
  Button,
  Group,
  HoverCard,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TReviewStatus, TSheetField } from '@mapwright/contracts';
import { IconListCheck, IconMessage, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import { REVIEW_COLORS, REVIEW_LABELS, RUN_LABELS } from '../lib/labels.ts';

export interface TFieldSheetProps {
  fields: TSheetField[];
  /** absent: the statuses are shown, not changed */
  onReview?: (key: string, status: TReviewStatus) => void;
  /** which statuses may be chosen (a customer may only approve or flag) */
  statuses?: TReviewStatus[];
  onComments: (field: TSheetField) => void;
  onEditMapping?: (field: TSheetField, source: string) => Promise<unknown>;
}

/** The field sheet: one row per target field, with its mapping, run status and review. */
export function FieldSheet({ fields, onReview, statuses, onComments, onEditMapping }: TFieldSheetProps) {
  const [editing, setEditing] = useState<TSheetField | null>(null);
  if (fields.length === 0)
    return (
      <EmptyBlock icon={<IconListCheck size={22} />} title="No target fields yet">
        The project has no pipeline yet. Create a pipeline with a target schema in this project and its fields
        appear here.
      </EmptyBlock>
    );
  const counts: Record<string, number> = {};
  for (const f of fields) counts[f.review_status] = (counts[f.review_status] ?? 0) + 1;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {(Object.keys(REVIEW_LABELS) as TReviewStatus[]).map((s) => (
          <Badge key={s} color={REVIEW_COLORS[s]} variant="light">
            {REVIEW_LABELS[s]}: {counts[s] ?? 0}
          </Badge>
        ))}
      </Group>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table striped verticalSpacing="xs" fz="sm" aria-label="Field sheet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Target field</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Enum</Table.Th>
              <Table.Th>Transform</Table.Th>
              <Table.Th>Confidence</Table.Th>
              <Table.Th>Latest run</Table.Th>
              <Table.Th>Review</Table.Th>
              <Table.Th>Comments</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f.key} data-field={f.target_field}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {f.target_field}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {f.pipeline_name}
                    {f.required ? ' · required' : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <div>
                      <Text size="sm">{f.source_fields.join(' + ') || '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {f.source_table ?? 'no data yet'}
                      </Text>
                    </div>
                    {onEditMapping && f.workshop_id && (
                      <Tooltip label="Change the source field">
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={`Edit mapping of ${f.target_field}`}
                          onClick={() => setEditing(f)}
                        >
                          <IconPencil size={14} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{f.type}</Text>
                  <Text size="xs" c="dimmed">
                    {f.nullable ? 'nullable' : 'not null'}
                  </Text>
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" lineClamp={2}>
                    {f.description ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {f.enum_values.length ? (
                    <HoverCard shadow="md" withinPortal>
                      <HoverCard.Target>
                        <Button size="compact-xs" variant="light">
                          {f.enum_values.length} values
                        </Button>
                      </HoverCard.Target>
                      <HoverCard.Dropdown>
                        <Text size="sm">{f.enum_values.map(String).join(', ')}</Text>
                      </HoverCard.Dropdown>
                    </HoverCard>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" lineClamp={2}>
                    {f.transform}
                  </Text>
                </Table.Td>
                <Table.Td>{f.confidence === null ? '—' : `${Math.round(f.confidence * 100)}%`}</Table.Td>
                <Table.Td miw={120}>
                  <Badge variant="light" color={RUN_LABELS[f.run_status].color}>
                    {RUN_LABELS[f.run_status].label}
                  </Badge>
                  {(f.failed_records > 0 || f.dropped_values > 0) && (
                    <Text size="xs" c="dimmed">
                      {f.failed_records > 0 ? `${f.failed_records} failed` : ''}
                      {f.failed_records > 0 && f.dropped_values > 0 ? ' · ' : ''}
                      {f.dropped_values > 0 ? `${f.dropped_values} dropped` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td miw={150}>
                  {onReview ? (
                    <Select
                      size="xs"
                      aria-label={`Review status of ${f.target_field}`}
                      data={(statuses ?? (Object.keys(REVIEW_LABELS) as TReviewStatus[]))
                        .concat(statuses?.includes(f.review_status) === false ? [f.review_status] : [])
                        .map((s) => ({ value: s, label: REVIEW_LABELS[s] }))}
                      value={f.review_status}
                      allowDeselect={false}
                      onChange={(v) => v && v !== f.review_status && onReview(f.key, v as TReviewStatus)}
                    />
                  ) : (
                    <Badge color={REVIEW_COLORS[f.review_status]} variant="light">
                      {REVIEW_LABELS[f.review_status]}
                    </Badge>
                  )}
                  {f.review_updated_by && (
                    <Text size="xs" c="dimmed">
                      by {f.review_updated_by}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconMessage size={14} />}
                    onClick={() => onComments(f)}
                    aria-label={`Comments on ${f.target_field}: ${f.comment_count}`}
                  >
                    {f.comment_count}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {onEditMapping && (
        <EditMappingModal field={editing} onClose={() => setEditing(null)} onSave={onEditMapping} />
      )}
    </Stack>
  );
}

function EditMappingModal({
  field,
  onClose,
  onSave,
}: {
  field: TSheetField | null;
  onClose: () => void;
  onSave: (field: TSheetField, source: string) => Promise<unknown>;
}) {
  const [source, setSource] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={field !== null} onClose={onClose} title={`Map ${field?.target_field ?? ''}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          The change is made in the pipeline's workshop draft, which runs again on its job's data.
        </Text>
        <TextInput
          label="Source field"
          description="A path in the source records, such as customer.name"
          placeholder={field?.source_fields[0] ?? 'source field'}
          value={source}
          onChange={(e) => setSource(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            disabled={!source.trim()}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onSave(field!, source.trim());
                setSource('');
                onClose();
              } catch (err) {
                setError((err as Error).message);
              } finally {
                setBusy(false);
              }
            }}
          >
            Map and re-run
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
