import { Badge, Button, Drawer, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { TFieldComment } from '@mapwright/contracts';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';

/** A field's comment thread, oldest first, with a box to add one (customers also give a name). */
export function CommentsDrawer({
  title,
  opened,
  onClose,
  comments,
  loading,
  error,
  onAdd,
  askName,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  comments: TFieldComment[] | undefined;
  loading: boolean;
  error: Error | null;
  /** absent: read-only */
  onAdd?: (body: string, author: string) => Promise<unknown>;
  askName?: boolean;
}) {
  const [body, setBody] = useState('');
  const [author, setAuthor] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close comments' }}
    >
      <Stack>
        {loading ? (
          <LoadingBlock label="Loading comments…" />
        ) : error ? (
          <ErrorBlock error={error} />
        ) : comments?.length ? (
          comments.map((c) => (
            <Paper key={c.id} withBorder p="sm" radius="md">
              <Group gap="xs" mb={4}>
                <Text fw={600} size="sm">
                  {c.author}
                </Text>
                {c.customer && (
                  <Badge size="xs" variant="light" color="grape">
                    customer
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {new Date(c.created_at).toLocaleString()}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.body}
              </Text>
            </Paper>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            No comments on this field yet.
          </Text>
        )}
        {onAdd && (
          <Stack gap="xs">
            {askName && (
              <TextInput
                label="Your name"
                value={author}
                onChange={(e) => setAuthor(e.currentTarget.value)}
              />
            )}
            <Textarea
              label="Add a comment"
              autosize
              minRows={2}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={failed}
            />
            <Group justify="flex-end">
              <Button
                loading={busy}
                disabled={!body.trim() || (askName && !author.trim())}
                onClick={async () => {
                  setBusy(true);
                  setFailed(null);
                  try {
                    await onAdd(body.trim(), author.trim());
                    setBody('');
                  } catch (err) {
                    setFailed((err as Error).message);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                Comment
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
