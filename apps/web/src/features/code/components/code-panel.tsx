import { Button, Code, CopyButton, Group, Paper, Select, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconBraces, IconBrandTypescript, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { CODE_FORMATS, type TCodeFormat, useMapperCode } from '../api/mapper-code.ts';
import type { TMapperVersion } from '../api/mapper-versions.ts';
import { downloadCode } from '../lib/download.ts';
import { notify } from '../lib/notify.ts';
import { CodeViewer } from './code-viewer.tsx';

const TAB_LABELS: Record<TCodeFormat, string> = { typescript: 'TypeScript', jsonata: 'JSONata' };

const bytes = (n: number) =>
  n < 1024
    ? `${n.toLocaleString()} B`
    : `${(n / 1024).toLocaleString(undefined, { maximumFractionDigits: 1 })} KB`;
const lineCount = (s: string) => s.split('\n').length - (s.endsWith('\n') ? 1 : 0);

function versionLabel(v: TMapperVersion, deployed: number | null) {
  const date = new Date(v.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' });
  const fields = `${v.field_count.toLocaleString()} ${v.field_count === 1 ? 'field' : 'fields'}`;
  return `v${v.version}${v.version === deployed ? ' · deployed' : ''} · ${fields} · ${date}`;
}

/** The TypeScript / JSONata tabs, with the version selector, copy and download of the code shown. */
export function CodePanel({
  pipelineId,
  pipelineName,
  versions,
  deployed,
  version,
  onVersion,
  format,
  onFormat,
}: {
  pipelineId: string;
  pipelineName: string;
  versions: TMapperVersion[];
  deployed: number | null;
  version: number;
  onVersion: (v: number) => void;
  format: TCodeFormat;
  onFormat: (f: TCodeFormat) => void;
}) {
  const code = useMapperCode(pipelineId, format, version);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadCode(pipelineId, format, version);
      notify({ color: 'green', title: 'Download started', message: name });
    } catch (err) {
      notify({ color: 'red', title: 'Could not download the code', message: (err as Error).message });
    } finally {
      setDownloading(false);
    }
  };
  const text = code.data;

  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={format} onChange={(v) => v && onFormat(v as TCodeFormat)} keepMounted={false}>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap" mb="md">
          <Tabs.List>
            <Tabs.Tab value="typescript" leftSection={<IconBrandTypescript size={16} aria-hidden />}>
              TypeScript
            </Tabs.Tab>
            <Tabs.Tab value="jsonata" leftSection={<IconBraces size={16} aria-hidden />}>
              JSONata
            </Tabs.Tab>
          </Tabs.List>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Mapper version"
              data={versions.map((v) => ({ value: String(v.version), label: versionLabel(v, deployed) }))}
              value={String(version)}
              onChange={(v) => v && onVersion(Number(v))}
              allowDeselect={false}
              w={{ base: '100%', xs: 300 }}
            />
            <CopyButton value={text ?? ''} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy to the clipboard'} withArrow>
                  <Button
                    variant="default"
                    disabled={!text}
                    onClick={() => {
                      copy();
                      notify({ color: 'green', message: `${TAB_LABELS[format]} copied to the clipboard` });
                    }}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
            <Button
              onClick={() => void download()}
              loading={downloading}
              disabled={!text}
              leftSection={<IconDownload size={16} />}
            >
              Download .{format === 'typescript' ? 'ts' : 'jsonata'}
            </Button>
          </Group>
        </Group>
        {CODE_FORMATS.map((f) => (
          <Tabs.Panel key={f} value={f}>
            {code.isPending ? (
              <LoadingBlock label={`Writing mapper v${version} as ${TAB_LABELS[f]}…`} />
            ) : code.error ? (
              <ErrorBlock error={code.error} onRetry={() => void code.refetch()} />
            ) : (
              <FormatPanel
                text={text ?? ''}
                format={f}
                label={`${TAB_LABELS[f]} of ${pipelineName}, mapper v${version}`}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

function FormatPanel({ text, format, label }: { text: string; format: TCodeFormat; label: string }) {
  const isAsync = format === 'typescript' && text.includes("import jsonata from 'jsonata'");
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {format === 'typescript' ? (
            <>
              A module with {isAsync ? 'one dependency, the jsonata package' : 'no dependencies'}:{' '}
              <Code>mapRecord(record)</Code> maps one record and <Code>mapRecords(records)</Code> a list
              {isAsync ? ', both async' : ''}, with the same output as the mapper.
            </>
          ) : (
            <>
              One expression with the same output as the mapper: evaluate it per record with any JSONata
              runtime, e.g. <Code>jsonata(expression).evaluate(record)</Code>.
            </>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {lineCount(text).toLocaleString()} lines · {bytes(new Blob([text]).size)}
        </Text>
      </Group>
      <CodeViewer code={text} format={format} label={label} />
    </Stack>
  );
}
