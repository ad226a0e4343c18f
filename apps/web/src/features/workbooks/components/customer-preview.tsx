import { Alert, Badge, Box, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TReviewStatus, TSheetField } from '@mapwright/contracts';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingBlock } from '../../../components/ui/query-state.tsx';
import { PreviewError, previewApi } from '../api/preview.ts';
import { CommentsDrawer } from './comments-drawer.tsx';
import { FieldSheet } from './field-sheet.tsx';

const DataGrid = lazy(async () => ({ default: (await import('./data-grid.tsx')).DataGrid }));
const CUSTOMER_STATUSES: TReviewStatus[] = ['APPROVED', 'FLAGGED'];

/**
 * `/workbook/customer-preview?token=…`: what a customer outside the organization sees through a
 * share link, without signing in: the chosen tabs, read-only; comments and approvals when the
 * owner allowed them.
 */
export function CustomerPreview() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const api = previewApi(token);
  const qc = useQueryClient();
  const info = useQuery({
    queryKey: ['preview', token],
    queryFn: api.workbook,
    retry: false,
    enabled: Boolean(token),
  });
  const showFields = info.data?.show_fields ?? false;
  const sheet = useQuery({
    queryKey: ['preview', token, 'fields'],
    queryFn: api.fields,
    enabled: showFields,
    retry: false,
  });
  const [tab, setTab] = useState<string | null>(null);
  const [commentsOf, setCommentsOf] = useState<TSheetField | null>(null);
  const comments = useQuery({
    queryKey: ['preview', token, 'comments', commentsOf?.key],
    queryFn: () => api.comments(commentsOf!.key),
    enabled: commentsOf !== null,
  });
  const review = useMutation({
    mutationFn: (v: { key: string; status: TReviewStatus }) => api.review(v.key, v.status),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['preview', token] }),
  });

  if (!token || info.isError)
    return (
      <Box maw={560} mx="auto" py={80} px="md">
        <Alert color="red" icon={<IconLock size={18} />} title="This preview is not available" role="alert">
          {info.error instanceof PreviewError && info.error.status === 401
            ? 'The link is invalid, has expired or was revoked. Ask the person who shared it for a new one.'
            : (info.error?.message ?? 'The link has no token. Open the full link you were sent.')}
        </Alert>
      </Box>
    );
  if (info.isPending) return <LoadingBlock label="Opening the preview…" />;
  const w = info.data;
  const current = tab ?? (w.show_fields ? 'fields' : (w.tabs[0]?.id ?? null));
  return (
    <Box component="main" p="lg">
      <Stack gap="md" maw={1400} mx="auto">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text size="sm" c="dimmed">
              Shared by {w.organization_name} · preview until {new Date(w.expires_at).toLocaleDateString()}
            </Text>
            <Group gap="xs">
              <Title order={1} size="h2">
                {w.name}
              </Title>
              <Badge variant="light">v{w.version}</Badge>
            </Group>
            <Text size="sm">Project {w.project_name}</Text>
          </div>
          <Badge color={w.allow_feedback ? 'grape' : 'gray'} variant="light" size="lg">
            {w.allow_feedback ? 'You may comment and approve fields' : 'Read-only'}
          </Badge>
        </Group>
        <Tabs value={current} onChange={setTab}>
          <Tabs.List>
            {w.show_fields && <Tabs.Tab value="fields">Field sheet</Tabs.Tab>}
            {w.tabs.map((t) => (
              <Tabs.Tab key={t.id} value={t.id}>
                {t.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {current === 'fields' &&
          (sheet.isPending ? (
            <LoadingBlock label="Loading the field sheet…" />
          ) : sheet.isError ? (
            <Alert color="red" role="alert">
              {sheet.error.message}
            </Alert>
          ) : (
            <FieldSheet
              fields={sheet.data.fields}
              statuses={w.allow_feedback ? CUSTOMER_STATUSES : undefined}
              onReview={w.allow_feedback ? (key, status) => review.mutate({ key, status }) : undefined}
              onComments={setCommentsOf}
            />
          ))}
        {current && current !== 'fields' && (
          <Suspense fallback={<LoadingBlock label="Loading the grid…" />}>
            <DataGrid
              key={current}
              cacheKey={['preview', token, 'tab', current]}
              label={`${w.tabs.find((t) => t.id === current)?.title ?? 'Tab'} rows`}
              fetchPage={(offset, limit, view) => api.rows(current, offset, limit, view)}
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
          askName
          onAdd={
            w.allow_feedback
              ? async (body, author) => {
                  await api.comment(commentsOf!.key, author, body);
                  await qc.invalidateQueries({ queryKey: ['preview', token] });
                }
              : undefined
          }
        />
      </Stack>
    </Box>
  );
}
