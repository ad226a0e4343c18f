import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TProject } from '@mapwright/contracts';
import { deletionSummary } from '../lib/deletion.ts';
import './styles.ts';

/** The confirmation says in plain words what goes with the project and what stays. */
export function confirmDeleteProject(project: TProject, onConfirm: () => void) {
  const { deletes, keeps } = deletionSummary(project.counts);
  modals.openConfirmModal({
    title: `Delete the project "${project.name}"?`,
    children: (
      <Stack gap="xs">
        {deletes.length === 0 ? (
          <Text size="sm">The project is empty, so nothing else is deleted.</Text>
        ) : (
          <>
            <Text size="sm">This permanently deletes:</Text>
            <List size="sm" spacing={2} withPadding>
              {deletes.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          </>
        )}
        {keeps.length > 0 && (
          <>
            <Text size="sm">Kept, and moved out of the project:</Text>
            <List size="sm" spacing={2} withPadding>
              {keeps.map((k) => (
                <List.Item key={k}>{k}</List.Item>
              ))}
            </List>
          </>
        )}
        <Text size="sm" fw={600}>
          This cannot be undone.
        </Text>
      </Stack>
    ),
    labels: { confirm: 'Delete project', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
