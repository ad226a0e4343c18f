import { Select, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { useDatasets } from '../api/datasets.ts';
import { useProjectChoices } from '../api/projects.ts';
import { formatCount, formatDate } from '../lib/format.ts';
import { fieldsOfImport, type TSource } from '../lib/source.ts';

const ALL = '__all__';

/** A finished import (dataset), narrowed by project. */
export function DatasetSource({
  value,
  onChange,
  defaultProjectId,
}: {
  value: Extract<TSource, { kind: 'dataset' }> | null;
  onChange: (s: TSource | null) => void;
  /** the project the wizard was opened from: its datasets first */
  defaultProjectId?: string;
}) {
  const [projectId, setProjectId] = useState<string>(value?.projectId ?? defaultProjectId ?? ALL);
  const projects = useProjectChoices(true);
  const project = projectId === ALL ? null : projectId;
  const datasets = useDatasets(project, true);
  const items = datasets.data ?? [];

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Select
        label="Project"
        value={projectId}
        onChange={(v) => {
          setProjectId(v ?? ALL);
          onChange(null);
        }}
        data={[
          { value: ALL, label: 'All projects' },
          ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
        ]}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No project has that name"
        error={projects.error?.message}
      />
      <Select
        label="Dataset"
        placeholder={
          datasets.isPending ? 'Loading datasets…' : items.length ? 'Pick an import' : 'No finished imports'
        }
        value={value?.importId ?? null}
        onChange={(id) => {
          const imp = items.find((i) => i.id === id);
          onChange(
            imp
              ? {
                  kind: 'dataset',
                  importId: imp.id,
                  name: imp.name,
                  rows: imp.row_count,
                  projectId: imp.project_id,
                  fields: fieldsOfImport(imp),
                }
              : null,
          );
        }}
        data={items.map((i) => ({
          value: i.id,
          label: `${i.name} · ${formatCount(i.row_count)} rows · ${formatDate(i.finished_at ?? i.created_at)}`,
        }))}
        searchable
        disabled={items.length === 0}
        error={datasets.error?.message}
        description={
          !datasets.isPending && items.length === 0 ? (
            <Text span size="xs">
              Import a file on the Imports screen, or upload one here instead.
            </Text>
          ) : undefined
        }
      />
    </SimpleGrid>
  );
}
