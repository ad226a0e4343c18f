import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { readFooter } from '../src/modules/datasets/parquet-pages.ts';
import { type BatchReply, closeEnginePool, enginePool } from '../src/modules/pipelines/engine-pool.ts';
import { WARM_SCHEMA, WARM_SPEC, warmRecordsJson } from '../src/modules/pipelines/engine-warmup.ts';
import { RESULT_COLUMNS } from '../src/modules/pipelines/result-columns.ts';
import { groupCells, scratchCtx } from './row-groups.ts';

const spec = {
  version: 1,
  fields: [
    {
      target: 'name',
      sources: ['n'],
      transform: { kind: 'text', op: 'upper' },
      confidence: 1,
      status: 'edited',
    },
    {
      target: 'slow',
      sources: [],
      // deliberately heavy user JSONata: a sum over 20,000 numbers per record
      transform: { kind: 'jsonata', expression: '$sum([1..20000])' },
      confidence: 1,
      status: 'edited',
    },
  ],
};
const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, slow: { type: 'number' } },
  required: ['name'],
};
/** the result rows of a reply, as DuckDB reads them from the file they are written to */
const rowsOf = (reply: BatchReply) => groupCells(RESULT_COLUMNS, [reply.group]);

describe('engine threads', () => {
  afterAll(() => closeEnginePool());

  it('maps and validates a batch off the main thread, which keeps serving timers meanwhile', async () => {
    const pool = enginePool(2);
    const records = Array.from({ length: 400 }, (_, i) => (i === 7 ? { m: 1 } : { n: `r${i}` }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const reply = await pool.run({ key: 'k1', spec, schema, first: 100, json: JSON.stringify(records) });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
    expect(reply.rows).toBe(400);
    expect(reply.valid).toBe(399);
    const rows = await rowsOf(reply);
    expect(rows[0]!.slice(0, 3)).toEqual(['100', 'true', '{"name":"R0","slow":200010000}']);
    expect(rows[7]![0]).toBe('107');
    expect(rows[7]![1]).toBe('false');
    // global errors (and the record's message) count records in the job
    expect(JSON.stringify(reply.global)).toContain('"error_indices":[107]');
    expect(rows[7]![3]).toContain('"error_indices":[107]');
  });

  it('reads a batch given as the UTF-8 bytes of its JSON text, as a job part hands it on', async () => {
    const pool = enginePool(2);
    const reply = await pool.run({
      key: 'k1',
      spec,
      schema,
      first: 5,
      json: new TextEncoder().encode(JSON.stringify([{ n: 'ünï' }, { n: 'b' }])),
    });
    const rows = await rowsOf(reply);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['5', 'true', '{"name":"ÜNÏ","slow":200010000}'],
      ['6', 'true', '{"name":"B","slow":200010000}'],
    ]);
  });

  it('moves the bytes of a batch to the thread when asked (the caller keeps no copy)', async () => {
    const pool = enginePool(2);
    const json = new TextEncoder().encode(JSON.stringify([{ n: 'moved' }]));
    const reply = await pool.run(
      { key: 'k1', spec, schema, first: 0, json },
      { transfer: [json.buffer as ArrayBuffer] },
    );
    expect(json.byteLength).toBe(0);
    expect((await rowsOf(reply))[0]!.slice(0, 3)).toEqual(['0', 'true', '{"name":"MOVED","slow":200010000}']);
  });

  it('reads a batch from the row groups of a plain records file itself, to the same rows', async () => {
    const s = scratchCtx();
    try {
      const records = Array.from({ length: 2500 }, (_, i) => (i === 2234 ? { m: 1 } : { n: `r${i}` }));
      const path = join(s.dir, 'in.parquet');
      const file = parquetWriteBuffer({
        columnData: [
          { name: 'line', data: records.map((_, i) => BigInt(i + 1)), type: 'INT64' },
          { name: 'record', data: records.map((r) => JSON.stringify(r)), type: 'STRING', encoding: 'PLAIN' },
        ],
        rowGroupSize: 2048,
      });
      writeFileSync(path, new Uint8Array(file));
      const pool = enginePool(2);
      expect(readFooter(path).row_groups.map((g) => Number(g.num_rows))).toEqual([2048, 452]);
      // records 2000..2499: the end of the first row group and the start of the second
      const groups = [
        { path, rowGroup: 0, from: 2000, to: 2048 },
        { path, rowGroup: 1, from: 0, to: 452 },
      ];
      const fromFile = await pool.run({ key: 'k1', spec, schema, first: 2000, groups });
      const fromJson = await pool.run({
        key: 'k1',
        spec,
        schema,
        first: 2000,
        json: JSON.stringify(records.slice(2000)),
      });
      expect(fromFile.rows).toBe(500);
      expect(fromFile.valid).toBe(499);
      expect(JSON.stringify(fromFile.global)).toContain('"error_indices":[2234]');
      const rows = await rowsOf(fromFile);
      expect(rows).toEqual(await rowsOf(fromJson));
      expect(rows[0]!.slice(0, 3)).toEqual(['2000', 'true', '{"name":"R2000","slow":200010000}']);
      expect(rows[234]!.slice(0, 2)).toEqual(['2234', 'false']);
      // past the end of a row group: an error, never fewer records
      await expect(
        pool.run({ key: 'k1', spec, schema, first: 0, groups: [{ path, rowGroup: 1, from: 0, to: 600 }] }),
      ).rejects.toThrow(/holds 452 records, not 600/);
    } finally {
      s.done();
    }
  });

  it('fails a batch it cannot read and goes on with the next', async () => {
    const pool = enginePool(2);
    await expect(pool.run({ key: 'k1', spec, schema, first: 0, json: '[{"n": ' })).rejects.toThrow(/JSON/);
    const ok = await pool.run({ key: 'k1', spec, schema, first: 0, json: '[{"n":"x"}]' });
    expect(ok.valid).toBe(1);
  });

  it('warms each thread with a batch every record of which maps whole and valid', async () => {
    const pool = enginePool(2);
    await pool.warm();
    // the warm-up is worth its time only if it runs the paths a real job does: every transform
    // reading its value (none dropped, no field missing) and the validator passing the record
    const reply = await pool.run({
      key: 'warm-check',
      spec: WARM_SPEC,
      schema: WARM_SCHEMA,
      first: 0,
      json: warmRecordsJson(300),
    });
    expect({ valid: reply.valid, dropped: reply.dropped }).toEqual({ valid: 300, dropped: 0 });
    const rows = await rowsOf(reply);
    const targets = WARM_SPEC.fields.map((f) => f.target).sort();
    for (const r of rows) expect(Object.keys(JSON.parse(String(r[2]))).sort()).toEqual(targets);
    // three date layouts and three amount shapes, all read
    expect(new Set(rows.slice(0, 3).map((r) => JSON.parse(String(r[2])).currency))).toEqual(
      new Set(['USD', 'EUR', 'GBP']),
    );
  });
});
