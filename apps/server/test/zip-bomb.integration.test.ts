import { Readable } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema.ts';
import { XLSX_LIMITS } from '../src/modules/imports/parsers/excel.ts';
import { parseFile, UnreadableFileError } from '../src/modules/imports/parsers/index.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

/*
 * Issue 23 point 7: a ~1 MB .xlsx whose zip directory declares a 4 KB shared-strings entry that
 * really inflates to 1 GiB (one enormous string). Reading it must stop early with a clear error,
 * once (not retried), without the memory the payload would take.
 */

const MiB = 1024 ** 2;

/**
 * Raw deflate of `head`, `times` copies of `unit`, then `tail`, built without deflating it all:
 * after a full flush a block refers to nothing before it, so the compressed `unit` block can be
 * repeated as often as wanted (1 GiB of text costs ~1 MB and a millisecond).
 */
function repeatedDeflate(head: string, unit: Buffer, times: number, tail: string): Buffer {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const start = deflateRawSync(Buffer.from(head), flush);
  const block = deflateRawSync(unit, flush);
  const end = deflateRawSync(Buffer.from(tail));
  return Buffer.concat([start, ...new Array(times).fill(block), end]);
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** what the headers claim it inflates to */
  declaredSize: number;
}

/** A zip by hand: local headers and central directory both declare `declaredSize` (crc left 0). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const honest = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data: deflateRawSync(data), declaredSize: data.length };
};

/** A minimal workbook whose shared strings are one string of `mib` MiB, declared as 4 KB. */
function lyingWorkbook(mib: number): Buffer {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const bomb = repeatedDeflate(
    `<?xml version="1.0"?><sst ${ns} count="1" uniqueCount="1"><si><t>`,
    Buffer.alloc(MiB, 'a'),
    mib,
    '</t></si></sst>',
  );
  return zip([
    honest(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    honest(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    honest(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    { name: 'xl/sharedStrings.xml', data: bomb, declaredSize: 4096 },
    honest(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0"?><worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
    ),
  ]);
}

/**
 * Runs `fn`, sampling the process's RSS: how far it rose above its level at the start, and what
 * `fn` threw (or undefined).
 */
async function watchRss(fn: () => Promise<unknown>): Promise<{ error: unknown; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);
  let error: unknown;
  try {
    await fn();
  } catch (err) {
    error = err;
  } finally {
    clearInterval(timer);
    sample();
  }
  return { error, growth: peak - before };
}

const ERROR =
  /^This workbook inflates past .+, the most allowed for a .+ file \(a zip bomb\?\); it was not read$/;

describe('a lying zip bomb (the .xlsx parser)', () => {
  it('stops at the inflated bound with a clear error, without the memory the payload needs', async () => {
    const buf = lyingWorkbook(1024);
    expect(buf.length).toBeLessThan(2 * MiB);
    const { error, growth } = await watchRss(async () => {
      const { items } = await parseFile(
        'xlsx',
        async () => Readable.from([buf]),
        {},
        () => {},
      );
      for await (const _ of items);
    });
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toMatch(ERROR);
    // 200 times its ~1 MB (above the 64 MB floor, below the 1 GiB limit)
    expect((error as Error).message).toMatch(/past 20\d MB, the most allowed for a 1 MB file/);
    // wide margin: the payload is 1 GiB of text, which took over 2 GB when it was read
    expect(growth).toBeLessThan(300 * MiB);
  });

  it('follows the ratio above the floor, and the absolute limit above both', async () => {
    const saved = { ...XLSX_LIMITS };
    try {
      XLSX_LIMITS.minBoundBytes = 0;
      const run = async (buf: Buffer) => {
        const { items } = await parseFile(
          'xlsx',
          async () => Readable.from([buf]),
          {},
          () => {},
        );
        for await (const _ of items);
      };
      // 8 MiB of text, ~8 KB compressed: fine at 2000×, refused at 200×
      XLSX_LIMITS.maxRatio = 2000;
      await run(lyingWorkbook(8));
      XLSX_LIMITS.maxRatio = 200;
      await expect(run(lyingWorkbook(8))).rejects.toThrow(ERROR);
      XLSX_LIMITS.maxRatio = 2000;
      XLSX_LIMITS.maxUncompressedBytes = 4 * MiB;
      await expect(run(lyingWorkbook(8))).rejects.toThrow(/inflates past 4 MB/);
    } finally {
      Object.assign(XLSX_LIMITS, saved);
    }
  });
});

describe.each(DATABASES)('a lying zip bomb imported (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  it('fails the import once with the clear error (not retried) and memory stays flat', async () => {
    const buf = lyingWorkbook(1024);
    const file = (
      await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart('bomb.xlsx', buf) })
    ).json();
    let imp: { status: string; error: string; id: string } | undefined;
    const { growth } = await watchRss(async () => {
      const created = await t.as(u.token, {
        method: 'POST',
        url: '/api/imports',
        payload: { file_id: file.id },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      imp = await eventually(async () => {
        const r = (await t.as(u.token, { method: 'GET', url: `/api/imports/${id}` })).json();
        return ['succeeded', 'failed', 'cancelled'].includes(r.status) && r;
      }, 60_000);
    });
    if (!imp) throw new Error('the import did not finish');
    const id = imp.id;
    expect(imp.status).toBe('failed');
    expect(imp.error).toMatch(ERROR);
    const task = await eventually(async () => {
      const [row] = await t.app.ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.kind, 'import.run'), sql`${tasks.payload}->>'importId' = ${id}`));
      return row && row.status !== 'running' && row.status !== 'queued' ? row : null;
    });
    expect(task.attempts).toBe(1);
    expect(task.status).toBe('failed');
    expect(growth).toBeLessThan(300 * MiB);
  });
});
