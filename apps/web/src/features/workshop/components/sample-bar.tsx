import { Affix, Anchor, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { formatCount, plural } from '../lib/format.ts';

/**
 * Shown while corrected values wait: preview the mapping change they imply (then apply it), or
 * discard them. Corrections kept on other records are listed to jump back to.
 */
export function SampleBar({
  count,
  recordNumber,
  others,
  disabled,
  onPreview,
  onDiscard,
  onJump,
}: {
  count: number;
  recordNumber: number;
  /** indices of other records with corrections */
  others: number[];
  disabled: boolean;
  onPreview: () => void;
  onDiscard: () => void;
  onJump: (index: number) => void;
}) {
  return (
    // centred at the bottom: notifications own the bottom-right corner
    <Affix position={{ bottom: 20, left: 0, right: 0 }} zIndex={150} style={{ pointerEvents: 'none' }}>
      <Transition mounted={count > 0 || others.length > 0} transition="slide-up">
        {(style) => (
          <Paper
            style={{ ...style, pointerEvents: 'auto' }}
            mx="auto"
            w="fit-content"
            shadow="lg"
            radius="md"
            withBorder
            p="sm"
            maw={560}
            role="region"
            aria-label="Corrected values"
          >
            <Group gap="sm" wrap="wrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {count > 0
                    ? `${plural(count, 'corrected value')} on record ${formatCount(recordNumber)}`
                    : 'Corrections wait on other records'}
                </Text>
                {others.length > 0 && (
                  <Text size="xs" c="dimmed">
                    Also on record{others.length > 1 ? 's' : ''}{' '}
                    {others.slice(0, 5).map((i, n) => (
                      <span key={i}>
                        {n > 0 ? ', ' : ''}
                        <Anchor component="button" type="button" size="xs" onClick={() => onJump(i)}>
                          {formatCount(i + 1)}
                        </Anchor>
                      </span>
                    ))}
                    {others.length > 5 ? ` and ${formatCount(others.length - 5)} more` : ''}
                  </Text>
                )}
              </div>
              {count > 0 && (
                <Group gap={6}>
                  <Button size="sm" variant="default" onClick={onDiscard}>
                    Discard
                  </Button>
                  <Button
                    size="sm"
                    leftSection={<IconWand size={16} />}
                    onClick={onPreview}
                    disabled={disabled}
                  >
                    Preview the change
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
