import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client.ts';
import { importChunks, imports, organizations } from '../src/db/schema.ts';
import { createLocalBlobStore } from '../src/lib/blob-store.ts';
import { createCsvLineScanner, linesOfRows } from '../src/modules/datasets/csv-lines.ts';
import {
  createRecordWriter,
  DatasetCorruptError,
  type DatasetCtx,
  findDataset,
  forgetVerifiedFiles,
  importCsvDataset,
  readDatasetRows,
} from '../src/modules/datasets/datasets.service.ts';
import { importRowRange } from '../src/modules/imports/imports.service.ts';

describe('datasets', () => {
  let dir: string;
  let database: Database;
  let ctx: DatasetCtx;
  let orgId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mw-datasets-'));
    database = await openPglite(join(dir, 'pg'));
    await database.migrate();
    ctx = { db: database.db, blobs: createLocalBlobStore(join(dir, 'blobs')), config: { DATA_DIR: dir } };
    const [org] = await database.db.insert(organizations).values({ name: 'datasets' }).returning();
    orgId = org!.id;
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const csv = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('keeps the exact source line of every row and problem: blank lines, quoted newlines, bad rows', async () => {
    // line:     1     2      3-4          5        6  7        8    9          10-11
    const text = 'a,b\n1,2\n"x\ny",3\n4,5,6\n\n7,""\n9\n10,a"b\n"un\nterminated,1\n';
    const r = await importCsvDataset(ctx, {
      orgId,
      path: csv('lines.csv', text),
      names: ['a', 'b'],
      header: true,
      delimiter: ',',
      quote: '"',
      maxProblems: 10,
    });
    expect(r.rowCount).toBe(4);
    expect(r.problems.map((p) => [p.line, p.reason])).toEqual([
      [5, 'expected 2 fields, found 3'],
      [8, 'expected 2 fields, found 1'],
      [10, 'Value with unterminated quote found.'],
    ]);
    const ds = (await findDataset(ctx.db, orgId, r.datasetId))!;
    expect(await readDatasetRows(ctx, ds, 0, 10)).toEqual([
      { index: 0, line: 2, record: { a: '1', b: '2' } },
      { index: 1, line: 3, record: { a: 'x\ny', b: '3' } },
      { index: 2, line: 7, record: { a: '7', b: null } },
      { index: 3, line: 9, record: { a: '10', b: 'a"b' } },
    ]);
    // a page in the middle maps its lines the same way
    expect((await readDatasetRows(ctx, ds, 2, 3)).map((x) => x.line)).toEqual([7]);
  });

  it('cuts a file into pieces at record boundaries without changing a row, a line or a problem', async () => {
    const piece = '1,2\n"x\ny",3\n4,5,6\n\n7,""\n9\n10,a"b\n"q,""uo""\nted",8\n';
    const text = `a,b\n${piece.repeat(40)}`;
    const path = csv('pieces.csv', text);
    const opts = {
      orgId,
      path,
      names: ['a', 'b'],
      header: true,
      delimiter: ',',
      quote: '"',
      maxProblems: 500,
    };
    const whole = await importCsvDataset(ctx, opts);
    const cut = await importCsvDataset(ctx, { ...opts, segmentBytes: 16 });
    const wholeDs = (await findDataset(ctx.db, orgId, whole.datasetId))!;
    const cutDs = (await findDataset(ctx.db, orgId, cut.datasetId))!;
    expect(wholeDs.files).toHaveLength(1);
    expect(cutDs.files.length).toBeGreaterThan(20);
    expect(cut.rowCount).toBe(40 * 5);
    expect(cut.rowCount).toBe(whole.rowCount);
    expect(cut.problems).toEqual(whole.problems);
    expect(cut.problems.slice(0, 2).map((p) => p.line)).toEqual([5, 8]);
    expect(cut.problems).toHaveLength(80);
    const rows = await readDatasetRows(ctx, cutDs, 0, 1000);
    expect(rows).toEqual(await readDatasetRows(ctx, wholeDs, 0, 1000));
    // the last row: a piece is 10 lines; the 40th starts after line 1 + 39 × 10, its last record 9 lines in
    expect(rows.at(-1)).toEqual({ index: 199, line: 1 + 39 * 10 + 9, record: { a: 'q,"uo"\nted', b: '8' } });
  });

  it('maps row indexes to lines without storing a line per row', () => {
    const s = createCsvLineScanner(';', '"', false);
    const text = 'a;1\n\n"b\n\nc";2\nd;3\r\n\r\ne;4\n';
    // push byte by byte: state must survive any chunk boundary
    for (const b of Buffer.from(text)) s.push(Uint8Array.of(b));
    const map = s.end();
    expect(linesOfRows(map, 0, 4)).toEqual([1, 3, 6, 8]);
    expect(linesOfRows(map, 3, 1)).toEqual([8]);
  });

  it('stores records with keys like __proto__ as data and reads any range back in order', async () => {
    const w = await createRecordWriter(ctx, { orgId, kind: 'test' });
    for (let i = 0; i < 2500; i++) await w.append(i + 1, { i, nested: { tab: 'a\tb', nl: 'x\ny' } });
    await w.append(9999, JSON.parse('{"__proto__": {"polluted": true}}'));
    const ds = await w.finish();
    expect(ds.rowCount).toBe(2501);
    const page = await readDatasetRows(ctx, ds, 1998, 2002);
    expect(page.map((r) => r.record.i)).toEqual([1998, 1999, 2000, 2001]);
    expect(page[0]!.record.nested).toEqual({ tab: 'a\tb', nl: 'x\ny' });
    const [last] = await readDatasetRows(ctx, ds, 2500, 2501);
    expect(last!.line).toBe(9999);
    expect(Object.getOwnPropertyNames(last!.record)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports a truncated or altered file as corrupt, never as fewer rows', async () => {
    const w = await createRecordWriter(ctx, { orgId, kind: 'test' });
    for (let i = 0; i < 1000; i++) await w.append(i, { i });
    const ds = await w.finish();
    const path = (await ctx.blobs.localPath!(ds.files[0]!.sha256))!;
    const good = readFileSync(path);

    forgetVerifiedFiles();
    truncateSync(path, good.length - 100);
    await expect(readDatasetRows(ctx, ds, 0, 10)).rejects.toThrow(DatasetCorruptError);
    await expect(readDatasetRows(ctx, ds, 0, 10)).rejects.toThrow(/corrupt or truncated/);

    forgetVerifiedFiles();
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    writeFileSync(path, flipped);
    await expect(readDatasetRows(ctx, ds, 0, 10)).rejects.toThrow(/does not match its checksum/);

    forgetVerifiedFiles();
    writeFileSync(path, good);
    expect(await readDatasetRows(ctx, ds, 998, 1000)).toHaveLength(2);
  });

  it("does not find another organization's dataset", async () => {
    const w = await createRecordWriter(ctx, { orgId, kind: 'test' });
    await w.append(1, { a: 1 });
    const ds = await w.finish();
    const [other] = await database.db.insert(organizations).values({ name: 'other' }).returning();
    expect(await findDataset(ctx.db, other!.id, ds.id)).toBeUndefined();
    expect(await findDataset(ctx.db, orgId, ds.id)).toBeDefined();
  });

  it('reads an import stored before datasets (rows in import_chunks) in place', async () => {
    const [imp] = await database.db
      .insert(imports)
      .values({ organizationId: orgId, name: 'old', format: 'csv', status: 'succeeded', rowCount: 600 })
      .returning();
    const rows = Array.from({ length: 600 }, (_, i) => ({ line: i + 2, record: { n: String(i) } }));
    await database.db.insert(importChunks).values([
      { importId: imp!.id, chunkIndex: 0, firstRow: 0, rows: rows.slice(0, 500) },
      { importId: imp!.id, chunkIndex: 1, firstRow: 500, rows: rows.slice(500) },
    ]);
    const page = await importRowRange(ctx, imp!, 498, 502);
    expect(page).toEqual(
      [498, 499, 500, 501].map((i) => ({ index: i, line: i + 2, record: { n: String(i) } })),
    );
  });
});
