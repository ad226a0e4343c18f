import { afterAll, describe, expect, it } from 'vitest';
import { closeEnginePool, enginePool } from '../src/modules/pipelines/engine-pool.ts';

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
const rowsOf = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));

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
    const rows = rowsOf(new TextDecoder().decode(reply.rowsText));
    expect(rows[0]!.slice(0, 3)).toEqual(['100', 'true', '{"name":"R0","slow":200010000}']);
    expect(rows[7]![0]).toBe('107');
    expect(rows[7]![1]).toBe('false');
    // global errors count records relative to the batch
    expect(JSON.stringify(reply.global)).toContain('"error_indices":[7]');
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
    const rows = rowsOf(new TextDecoder().decode(reply.rowsText));
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
    expect(rowsOf(new TextDecoder().decode(reply.rowsText))[0]!.slice(0, 3)).toEqual([
      '0',
      'true',
      '{"name":"MOVED","slow":200010000}',
    ]);
  });

  it('fails a batch it cannot read and goes on with the next', async () => {
    const pool = enginePool(2);
    await expect(pool.run({ key: 'k1', spec, schema, first: 0, json: '[{"n": ' })).rejects.toThrow(/JSON/);
    const ok = await pool.run({ key: 'k1', spec, schema, first: 0, json: '[{"n":"x"}]' });
    expect(ok.valid).toBe(1);
  });
});
