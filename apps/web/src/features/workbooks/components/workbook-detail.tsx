import { Badge, Button, Group, Modal, Select, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import type { TSheetField } from '@mapwright/contracts';
import { IconCopyPlus, IconPlus, IconShare, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import {
  downloadExport,
  fetchTabPage,
  postEdits,
  postUndo,
  useAddComment,
  useAddTab,
  useComments,
  useEditMapping,
  useFieldSheet,
  useNewVersion,
  useRemoveTab,
  useSetReview,
  useTabSources,
  useWorkbook,
  workbooksKey,
} from '../api/workbooks.ts';
import { CommentsDrawer } from './comments-drawer.tsx';
import { FieldSheet } from './field-sheet.tsx';
import { ShareModal } from './share-modal.tsx';

// the grid (virtualizer and its range logic) loads when a dataset tab is opened
const DataGrid = lazy(async () => ({ default: (await import('./data-grid.tsx')).DataGrid }));

/** `/workbooks/{id}`: the field sheet, then one tab per dataset; versions and customer previews. */
export function WorkbookDetail({ id }: { id: string }) {
  const wb = useWorkbook(id);
  const sheet = useFieldSheet(id);
  const review = useSetReview(id);
  const addComment = useAddComment(id);
  const editMapping = useEditMapping(id);
  const newVersion = useNewVersion(id);
  const removeTab = useRemoveTab(id);
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>('fields');
  const [commentsOf, setCommentsOf] = useState<TSheetField | null>(null);
  const comments = useComments(id, commentsOf?.key ?? null);
  const [sharing, setSharing] = useState(false);
  const [adding, setAdding] = useState(false);

  if (wb.isPending) return <LoadingBlock label="Loading the workbook…" />;
  if (wb.isError) return <ErrorBlock error={wb.error} onRetry={() => wb.refetch()} />;
  const w = wb.data;
  const current = w.tabs.find((t) => t.id === tab);

  return (
    <Stack gap="md">
      <PageHeader
        crumbs={[{ label: 'Combine' }, { label: 'Workbooks', to: '/workbooks' }, { label: w.name }]}
        title={w.name}
        badge={<Badge variant="light">v{w.version}</Badge>}
        description={`Project ${w.project_name}. Review each target field, then check the data tab by tab.`}
        actions={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setSharing(true)}>
              Share a customer preview
            </Button>
            <Tooltip label="Statuses, comments and tabs carry over to the new version">
              <Button
                variant="default"
                leftSection={<IconCopyPlus size={16} />}
                loading={newVersion.isPending}
                onClick={async () => navigate(`/workbooks/${(await newVersion.mutateAsync()).id}`)}
              >
                New version
              </Button>
            </Tooltip>
          </Group>
        }
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Tabs value={tab} onChange={setTab} keepMounted={false} style={{ flex: 1, minWidth: 0 }}>
          <Tabs.List>
            <Tabs.Tab value="fields">Field sheet</Tabs.Tab>
            {w.tabs.map((t) => (
              <Tabs.Tab key={t.id} value={t.id}>
                {t.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {current && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={() => {
              removeTab.mutate(current.id);
              setTab('fields');
            }}
          >
            Remove this tab
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setAdding(true)}
        >
          Add a data tab
        </Button>
      </Group>
      {tab === 'fields' &&
        (sheet.isPending ? (
          <LoadingBlock label="Loading the field sheet…" />
        ) : sheet.isError ? (
          <ErrorBlock error={sheet.error} onRetry={() => sheet.refetch()} />
        ) : (
          <FieldSheet
            fields={sheet.data.fields}
            onReview={(key, status) => review.mutate({ key, status })}
            onComments={setCommentsOf}
            onEditMapping={(f, source) =>
              editMapping.mutateAsync({ workshopId: f.workshop_id!, target: f.target_field, source })
            }
          />
        ))}
      {current && (
        <Suspense fallback={<LoadingBlock label="Loading the grid…" />}>
          <DataGrid
            key={current.id}
            cacheKey={[...workbooksKey, 'tab', id, current.id]}
            label={`${current.title} rows`}
            fetchPage={(offset, limit, view) => fetchTabPage(id, current.id, offset, limit, view)}
            onEdit={(edits) => postEdits(id, current.id, edits)}
            onUndo={() => postUndo(id, current.id)}
            onExport={(view, format) => downloadExport(id, current.id, current.title, view, format)}
          />
        </Suspense>
      )}
      <CommentsDrawer
        title={`Comments on ${commentsOf?.target_field ?? ''}`}
        opened={commentsOf !== null}
        onClose={() => setCommentsOf(null)}
        comments={comments.data?.items}
        loading={comments.isPending && commentsOf !== null}
        error={comments.error}
        onAdd={(body) => addComment.mutateAsync({ key: commentsOf!.key, body })}
      />
      <ShareModal workbook={w} opened={sharing} onClose={() => setSharing(false)} />
      <AddTabModal
        opened={adding}
        onClose={() => setAdding(false)}
        workbookId={id}
        projectId={w.project_id}
        pipelineIds={[...new Set(sheet.data?.fields.map((f) => f.pipeline_id) ?? [])]}
        onAdded={setTab}
      />
    </Stack>
  );
}

function AddTabModal({
  opened,
  onClose,
  workbookId,
  projectId,
  pipelineIds,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  workbookId: string;
  projectId: string;
  pipelineIds: string[];
  onAdded: (tab: string) => void;
}) {
  const sources = useTabSources(projectId, pipelineIds, opened);
  const add = useAddTab(workbookId);
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Add a data tab">
      <Stack>
        <Select
          label="Data"
          description="An import of this project, or the results of one of its pipelines' runs"
          placeholder={sources.isPending ? 'Loading…' : 'Choose data'}
          data={(sources.data ?? []).map((s) => ({ value: `${s.kind}:${s.id}`, label: s.label }))}
          value={choice}
          onChange={setChoice}
          nothingFoundMessage="Nothing to show yet"
        />
        {sources.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            This project has no finished import or run yet.
          </Text>
        )}
        {add.isError && (
          <Text size="sm" c="red" role="alert">
            {add.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!choice}
            loading={add.isPending}
            onClick={async () => {
              const [source, sid] = choice!.split(':');
              const tab = await add.mutateAsync({ source: source!, id: sid! });
              onAdded(tab.id);
              setChoice(null);
              onClose();
            }}
          >
            Add tab
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
