import { Anchor, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import type { TFieldMapping } from '@mapwright/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPercent, formatValue, plural } from '../lib/format.ts';
import { lookupEntries, reasonWords, type TSuggestionState } from '../lib/suggestion.ts';
import classes from './workshop.module.css';

/** Reasons longer than this start folded to two lines. */
const LONG_REASON = 140;
/** Lookup pairs shown before "and N more" (unsure ones come first). */
const SHOWN_PAIRS = 6;

/** Why the engine suggested this mapping: its evidence, folded to two lines when long. */
export function SuggestionReason({ target, reason }: { target: string; reason: string }) {
  const [open, setOpen] = useState(false);
  const text = reasonWords(reason, target);
  const long = text.length > LONG_REASON;
  return (
    <div className={classes.reason}>
      <Text
        size="xs"
        c="gray.8"
        lineClamp={long && !open ? 2 : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        <Text span fw={600} size="xs">
          Why:{' '}
        </Text>
        {text}
      </Text>
      {long && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={(e) => {
            e.stopPropagation();
            setOpen((o) => !o);
          }}
          aria-expanded={open}
          aria-label={open ? `Show less of why ${target}` : `Show all of why ${target}`}
        >
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </div>
  );
}

/** A suggested lookup's table: source value → target value, the unsure pairs first and flagged. */
export function LookupPairs({ mapping }: { mapping: TFieldMapping }) {
  const entries = lookupEntries(mapping);
  if (!entries || entries.length === 0) return null;
  const unsure = entries.filter((e) => e.unsure).length;
  const shown = entries.slice(0, SHOWN_PAIRS);
  return (
    <div className={classes.pairs}>
      <Text size="xs" fw={600} c={unsure ? 'orange.9' : 'gray.8'}>
        {unsure
          ? `${plural(unsure, 'unsure pair')} to check before accepting:`
          : `Lookup table (${plural(entries.length, 'value')}):`}
      </Text>
      <ul aria-label={`Lookup table of ${mapping.target}`}>
        {shown.map((e) => (
          <li key={e.source} data-unsure={e.unsure || undefined}>
            <Text span size="xs" ff="monospace">
              {e.source}
            </Text>
            <Text span size="xs" c="dimmed" aria-hidden>
              {' → '}
            </Text>
            <Text span size="xs" ff="monospace" aria-label={`becomes ${formatValue(e.target)}`}>
              {formatValue(e.target)}
            </Text>
            {e.confidence !== undefined &&
              (e.unsure ? (
                <Tooltip label={e.rule} disabled={!e.rule} withArrow multiline w={260}>
                  <Badge size="xs" variant="light" color="orange" tt="none" ml={6}>
                    unsure · {formatPercent(e.confidence)}
                  </Badge>
                </Tooltip>
              ) : (
                <Text span size="xs" c="dimmed" ml={6}>
                  {formatPercent(e.confidence)}
                </Text>
              ))}
            {e.unsure && e.rule && (
              <Text size="xs" c="dimmed">
                {e.rule}
              </Text>
            )}
          </li>
        ))}
      </ul>
      {entries.length > shown.length && (
        <Text size="xs" c="dimmed">
          and {plural(entries.length - shown.length, 'more value')}
        </Text>
      )}
    </div>
  );
}

/** Accept (approve) or reject (no source) a suggestion; after the decision, what it was. */
export function SuggestionActions({
  target,
  state,
  canAccept,
  canReject,
  tabIndex,
  onAccept,
  onReject,
}: {
  target: string;
  state: TSuggestionState;
  canAccept: boolean;
  canReject: boolean;
  tabIndex: number;
  onAccept: () => void;
  onReject: () => void;
}) {
  if (state !== 'suggested') return null;
  return (
    <Group gap={6} mt={6} wrap="wrap">
      <Button
        size="compact-xs"
        variant="light"
        color="green"
        leftSection={<IconCheck size={12} />}
        disabled={!canAccept}
        tabIndex={tabIndex}
        aria-label={`Accept the suggestion for ${target}`}
        onClick={(e) => {
          e.stopPropagation();
          onAccept();
        }}
      >
        Accept
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        leftSection={<IconX size={12} />}
        disabled={!canReject}
        tabIndex={tabIndex}
        aria-label={`Reject the suggestion for ${target}`}
        onClick={(e) => {
          e.stopPropagation();
          onReject();
        }}
      >
        Reject
      </Button>
    </Group>
  );
}
