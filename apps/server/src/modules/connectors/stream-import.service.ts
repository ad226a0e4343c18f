import { Readable } from 'node:stream';
import type { AppContext, Principal } from '../../context.ts';
import { conflict, FieldError } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { createFile } from '../files/files.service.ts';
import { createImport } from '../imports/imports.service.ts';
import { connectorOf, explain, findConnectionRow, settingsOf } from './connections.service.ts';
import { connectorContext } from './context.ts';

/*
 * "Use as a pipeline input": one stream of a source connection, read in full, becomes a JSON
 * Lines file and an import of it — the same file and import any upload makes, so the workshop,
 * jobs and workbooks work on it unchanged. The records stream from the source into the blob store
 * (memory stays flat; the upload size limit applies), and the import parses them in its own task.
 */

export async function importStream(
  ctx: AppContext,
  p: Principal,
  connectionId: string,
  input: { stream: string; projectId?: string },
) {
  const row = await findConnectionRow(ctx, p.orgId, connectionId);
  assertCanWrite(p);
  const c = connectorOf(row.type);
  if (!c.discover || !c.read) throw conflict(`${c.spec.title} is not a source: it has no streams`);
  const settings = settingsOf(ctx, row);
  const cctx = connectorContext(ctx, undefined, p.orgId);
  const failed = (err: unknown) =>
    new FieldError(
      ['body', 'stream'],
      `reading the stream failed: ${explain(ctx, err).message}`,
      'connector_error',
    );
  let streams: Awaited<ReturnType<NonNullable<typeof c.discover>>>;
  try {
    streams = await c.discover(settings, cctx);
  } catch (err) {
    throw failed(err);
  }
  if (!streams.some((s) => s.name === input.stream))
    throw new FieldError(['body', 'stream'], `this connection has no stream ${JSON.stringify(input.stream)}`);

  const read = c.read;
  const stop = new AbortController();
  let records = 0;
  let readError: unknown;
  async function* lines() {
    try {
      for await (const m of read(
        settings,
        { stream: input.stream, syncMode: 'full_refresh', signal: stop.signal },
        cctx,
      )) {
        if (m.type !== 'record') continue;
        records++;
        yield Buffer.from(`${JSON.stringify(m.data)}\n`);
      }
    } catch (err) {
      readError = err;
      throw err;
    }
  }
  let file: Awaited<ReturnType<typeof createFile>>;
  try {
    file = await createFile(ctx, p, {
      projectId: input.projectId,
      name: `${row.name}: ${input.stream}`,
      upload: {
        filename: `${input.stream.replace(/[^\w.-]+/g, '_')}.jsonl`,
        mimetype: 'application/x-ndjson',
        stream: Readable.from(lines()),
      },
    });
  } catch (err) {
    if (readError) throw failed(readError);
    if (records === 0)
      throw new FieldError(['body', 'stream'], `stream ${input.stream} has no records to import`);
    throw err;
  } finally {
    stop.abort();
  }
  return createImport(ctx, p, {
    file_id: file.id,
    format: 'jsonl',
    name: `${input.stream} from ${row.name}`,
    options: {},
  });
}
