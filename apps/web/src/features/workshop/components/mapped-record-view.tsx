import { Alert, Code, List, ScrollArea, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { jsonLines } from '../lib/json-lines.ts';
import classes from './workshop.module.css';

type TRecordErrors = Record<string, { error_message: string; error_type: string }>;

/** The mapped record as JSON, each failing value highlighted on its own line with the reason beside it. */
export function MappedRecordView({ mapped, message }: { mapped: unknown; message: unknown }) {
  const errors: TRecordErrors =
    message && typeof message === 'object'
      ? ((message as { record_errors?: TRecordErrors }).record_errors ?? {})
      : {};
  const lines = useMemo(() => jsonLines(mapped ?? {}), [mapped]);
  const shown = new Set(lines.map((l) => l.path));
  // a missing required value has no line of its own: listed above the record
  const elsewhere = Object.entries(errors).filter(([field]) => !shown.has(field));
  return (
    <div>
      {elsewhere.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          mb="sm"
          title="Not in the record"
        >
          <List size="sm" spacing={2}>
            {elsewhere.map(([field, e]) => (
              <List.Item key={field}>
                <Code>{field}</Code> {e.error_message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ScrollArea.Autosize mah={560} type="auto">
        <pre
          style={{
            margin: 0,
            fontSize: 12.5,
            lineHeight: 1.6,
            fontFamily: 'var(--mantine-font-family-monospace)',
          }}
        >
          {lines.map((l, i) => {
            const e = l.path ? errors[l.path] : undefined;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of a printed value have no other identity
              <span key={i} className={`${classes.jsonLine} ${e ? classes.jsonLineError : ''}`}>
                {l.text}
                {e && (
                  <Text span size="xs" c="red.9" ml="sm" ff="var(--mantine-font-family)">
                    ← {e.error_type}: {e.error_message}
                  </Text>
                )}
              </span>
            );
          })}
        </pre>
      </ScrollArea.Autosize>
    </div>
  );
}
