import { Button, Menu } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_RECORDS,
  downloadName,
  downloadResult,
  type TDownloadFormat,
  type TDownloadRecords,
} from '../lib/download.ts';
import { formatCount } from '../lib/format.ts';
import { notify } from './notify.ts';

const FORMAT_LABELS: Record<TDownloadFormat, string> = {
  json: 'JSON',
  jsonl: 'JSON Lines',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
};

/** Every format × all / valid / failed records, fetched with the token and saved as a named file. */
export function DownloadsMenu({ run, baseName }: { run: TResult | undefined; baseName: string }) {
  const [busy, setBusy] = useState(false);
  const counts: Record<TDownloadRecords, number> = {
    all: run?.processed ?? 0,
    valid: run?.succeeded ?? 0,
    failed: run?.failed ?? 0,
    dropped: run?.dropped ?? 0,
  };
  const titles: Record<TDownloadRecords, string> = {
    all: `All records (${formatCount(counts.all)})`,
    valid: `Valid records (${formatCount(counts.valid)})`,
    failed: `Failed records (${formatCount(counts.failed)})`,
    dropped: `Records with dropped values (${formatCount(counts.dropped)})`,
  };

  const download = async (format: TDownloadFormat, records: TDownloadRecords) => {
    if (!run) return;
    setBusy(true);
    try {
      await downloadResult(run.id, format, records, downloadName(baseName, records, format));
    } catch (err) {
      notify({ color: 'red', title: 'Download failed', message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          disabled={!run || run.processed === 0}
          loading={busy}
        >
          Downloads
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {DOWNLOAD_RECORDS.map((records, i) => (
          <Fragment key={records}>
            {i > 0 && <Menu.Divider />}
            <Menu.Label>{titles[records]}</Menu.Label>
            {DOWNLOAD_FORMATS.map((format) => (
              <Menu.Item
                key={format}
                disabled={counts[records] === 0}
                onClick={() => void download(format, records)}
                aria-label={`Download ${records} records as ${FORMAT_LABELS[format]}`}
              >
                {FORMAT_LABELS[format]}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
