import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client.ts';
import { organizations } from '../src/db/schema.ts';
import { createLocalBlobStore } from '../src/lib/blob-store.ts';
import {
  createRecordWriter,
  type DatasetCtx,
  queryDatasets,
  readDatasetRows,
  writeRecordsFromSql,
} from '../src/modules/datasets/datasets.service.ts';
import { recordKeys } from '../src/modules/resolution/golden.service.ts';
import { goldenRecords, type Resolved, type Survivorship } from '../src/modules/resolution/golden.ts';
import {
  clustersOfKeysSql,
  fieldsOfKeyLists,
  goldenSql,
  keyListsSql,
} from '../src/modules/resolution/golden-sql.ts';

/** A small deterministic generator (mulberry32): the cases are the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values chosen to hit the tie and blank rules: repeats, equal lengths, whitespace, astral characters. */
const VALUES: unknown[] = [
  'ab',
  'ba',
  'abc',
  'ab',
  '',
  '  ',
  '\u00a0',
  null,
  'é😀',
  'xyz',
  12,
  12.5,
  true,
  [],
  ['a'],
  { k: 'v' },
  "o'brien",
  'a/b~c',
];
const RULES: Survivorship[] = ['most_frequent', 'longest', 'latest', 'source_priority'];
const FIELDS = ['name', 'city', 'a/b', 'note "x"', 'id'];

describe('golden records in SQL', () => {
  let dir: string;
  let database: Database;
  let ctx: DatasetCtx;
  let orgId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mw-golden-'));
    database = await openPglite(join(dir, 'pg'));
    await database.migrate();
    ctx = { db: database.db, blobs: createLocalBlobStore(join(dir, 'blobs')), config: { DATA_DIR: dir } };
    const [org] = await database.db.insert(organizations).values({ name: 'golden' }).returning();
    orgId = org!.id;
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('chooses what the in-memory rules choose, ties and blanks included, overrides applied after', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = random(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)] as T;
      const linkage = seed % 2 === 0;
      const n = 20 + Math.floor(rnd() * 80);
      const records: Resolved[] = [];
      for (let i = 0; i < n; i++) {
        const r: Resolved = { cluster_id: `c${Math.floor(rnd() * 8)}` };
        if (linkage) r.source = i < n / 2 ? 'left' : 'right';
        // fields appear in varying order and some records lack some fields
        for (const f of FIELDS)
          if (rnd() < 0.85) r[f] = f === 'id' ? (rnd() < 0.1 ? null : `k${i % 30}`) : pick(VALUES);
        records.push(r);
      }
      const rules = Object.fromEntries(FIELDS.map((f) => [f, pick(RULES)]));
      const idColumn = seed % 3 === 0 ? undefined : 'id';
      const keys = recordKeys(records, idColumn);
      const overrides = [
        { recordKey: keys[3] as string, column: 'city', value: 'Override' },
        { recordKey: keys[7] as string, column: 'name', value: null },
        { recordKey: 'nobody', column: 'name', value: 'x' },
      ];
      const expected = goldenRecords(records, rules, overrides, (_, i) => keys[i] as string);

      const w = await createRecordWriter(ctx, { orgId, kind: 'test' });
      for (let i = 0; i < records.length; i++) await w.append(i + 1, records[i]);
      const output = await w.finish();
      const fields = fieldsOfKeyLists(await queryDatasets(ctx, [output], (from) => keyListsSql(from(0))));
      expect(fields).toEqual(expected.fields);
      const clusterOf = new Map(
        (
          await queryDatasets(ctx, [output], (from) =>
            clustersOfKeysSql(
              from(0),
              idColumn,
              overrides.map((o) => o.recordKey),
            ),
          )
        ).map((r) => [String(r[0]), String(r[1])]),
      );
      const ov = overrides
        .filter((o) => clusterOf.has(o.recordKey))
        .map((o) => ({
          cluster: clusterOf.get(o.recordKey)!,
          field: fields.indexOf(o.column),
          value: o.value,
        }));
      const golden = await writeRecordsFromSql(ctx, { orgId, kind: 'test' }, [output], (from) =>
        goldenSql(from(0), { fields, rules, overrides: ov }),
      );
      const got = (await readDatasetRows(ctx, golden, 0, golden.rowCount)).map((r) => r.record);
      expect(got, `seed ${seed}`).toEqual(
        expected.items.map((g) => ({ cluster_id: g.cluster_id, records: g.records, ...g.values })),
      );
      // the stored text keeps the field order too
      expect(got.map((g) => Object.keys(g))).toEqual(
        expected.items.map(() => ['cluster_id', 'records', ...expected.fields]),
      );
    }
  });

  it('an empty output gives no golden records', async () => {
    const w = await createRecordWriter(ctx, { orgId, kind: 'test' });
    const output = await w.finish();
    const golden = await writeRecordsFromSql(ctx, { orgId, kind: 'test' }, [output], (from) =>
      goldenSql(from(0), { fields: [], rules: {}, overrides: [] }),
    );
    expect(golden.rowCount).toBe(0);
  });
});
