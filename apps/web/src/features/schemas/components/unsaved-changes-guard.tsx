import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the page with unsaved changes: in-app navigation gets a dialog, closing or
 * reloading the tab the browser's own prompt. `allow()` lets one deliberate navigation through.
 */
export function UnsavedChangesGuard({ when, allow }: { when: boolean; allow: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !allow() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Text size="sm">Your changes to this schema are not saved. They are lost if you leave now.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay here
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave and discard
        </Button>
      </Group>
    </Modal>
  );
}
