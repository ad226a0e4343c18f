import { Group, SegmentedControl, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TPipelineStatusFilter } from '../lib/status.ts';
import {
  setIdFilter,
  setNameFilter,
  setStatusFilter,
  usePipelinesListInputs,
} from '../stores/pipelines-list-store.ts';

/** Name, id and status filters; every change goes back to the first page. */
export function PipelineFilters() {
  const { nameFilter, idFilter, statusFilter } = usePipelinesListInputs();
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Name"
        placeholder="Filter by name"
        leftSection={<IconSearch size={16} />}
        value={nameFilter}
        onChange={(e) => setNameFilter(e.currentTarget.value)}
        w={{ base: '100%', xs: 240 }}
      />
      <TextInput
        label="ID"
        placeholder="Starts with…"
        value={idFilter}
        onChange={(e) => setIdFilter(e.currentTarget.value)}
        w={{ base: '100%', xs: 180 }}
      />
      <div>
        <VisuallyHidden id="status-filter-label">Status</VisuallyHidden>
        <SegmentedControl
          aria-labelledby="status-filter-label"
          value={statusFilter || 'all'}
          onChange={(v) => setStatusFilter(v === 'all' ? '' : (v as TPipelineStatusFilter))}
          data={[
            { value: 'all', label: 'All' },
            { value: 'draft', label: 'Draft' },
            { value: 'deployed', label: 'Deployed' },
          ]}
        />
      </div>
    </Group>
  );
}
