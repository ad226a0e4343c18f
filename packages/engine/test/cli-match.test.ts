import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../bench/schema-matching.ts';
import { readRecords, readTarget } from '../src/cli/load.ts';

const engineDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(engineDir, 'src/cli/match.ts');
const tsx = join(engineDir, '../../node_modules/.bin/tsx');

function run(args: string[], cwd: string) {
  // like `npm run match`, which runs inside packages/engine with INIT_CWD set to the user's directory
  return spawnSync(tsx, [cli, ...args], {
    cwd: engineDir,
    env: { ...process.env, INIT_CWD: cwd },
    encoding: 'utf8',
  });
}

describe('match CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mw-match-'));
  writeFileSync(
    join(dir, 'people.csv'),
    'Full Name,E-mail,Birth Date,__proto__\n"Lee, Ann",ann@x.io,14.03.1990,x\nBob Ray,bob@y.com,25.12.1985,y\n',
  );
  writeFileSync(
    join(dir, 'target.json'),
    JSON.stringify({
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        dob: { type: 'string', format: 'date' },
      },
    }),
  );
  writeFileSync(join(dir, 'target.csv'), 'email_address,date_of_birth\nx@y.io,1999-01-01\n');
  writeFileSync(join(dir, 'people.jsonl'), '{"mail":"a@b.io"}\n{"mail":"c@d.io"}\n');

  it('prints ranked candidates and a spec for a JSON Schema target, with paths relative to INIT_CWD', () => {
    const r = run(['people.csv', 'target.json'], dir);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.recordCount).toBe(2);
    expect(out.fields.map((f: { target: string }) => f.target)).toEqual(['name', 'email', 'dob']);
    for (const f of out.fields) {
      for (const c of f.candidates) {
        expect(c).toEqual({
          sources: expect.any(Array),
          score: expect.any(Number),
          reason: expect.any(String),
          transform: expect.any(Object),
        });
      }
    }
    const dob = out.spec.fields.find((f: { target: string }) => f.target === 'dob');
    expect(dob.sources).toEqual(['Birth Date']);
    expect(dob.transform).toEqual({ kind: 'date', from: 'DD.MM.YYYY', to: 'date' });
    expect(out.spec.fields.find((f: { target: string }) => f.target === 'email').sources).toEqual(['E-mail']);
    expect(out.spec.version).toBe(1);
  });

  it('accepts a CSV of example values as the target and JSONL sources', () => {
    const r = run(['people.jsonl', 'target.csv'], dir);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.spec.fields.find((f: { target: string }) => f.target === 'email_address').sources).toEqual([
      'mail',
    ]);
  });

  it('fails clearly on usage errors and missing files', () => {
    const usage = run([], dir);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage/);
    const missing = run(['nope.csv', 'target.json'], dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/nope\.csv/);
  });

  it('reads CSV keys such as __proto__ as data, and CSV targets as examples', () => {
    const recs = readRecords(join(dir, 'people.csv')) as Record<string, unknown>[];
    expect(Object.keys(recs[0]!)).toContain('__proto__');
    expect(Object.getPrototypeOf(recs[0])).toBe(Object.prototype);
    expect(recs[0]!['Full Name']).toBe('Lee, Ann');
    const t = readTarget(join(dir, 'target.csv'));
    expect(t.properties?.date_of_birth).toMatchObject({ format: 'date', examples: ['1999-01-01'] });
  });
});

describe('schema-matching bench metric', () => {
  it('computes Recall@GT over the top |GT| pairs and top-1 per source column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mw-bench-'));
    writeFileSync(join(dir, 's.csv'), 'surname,mail,colour\nLee,a@b.io,red\nRay,c@d.io,blue\n');
    writeFileSync(join(dir, 't.csv'), 'last_name,email,hue\nLee,a@b.io,red\nOz,e@f.io,green\n');
    writeFileSync(join(dir, 'gt.csv'), 'source,target\nsurname,last_name\nmail,email\ncolour,hue\n');
    const r = evaluate({
      group: 'wikidata',
      name: 'tiny',
      source: join(dir, 's.csv'),
      target: join(dir, 't.csv'),
      truth: join(dir, 'gt.csv'),
    });
    expect(r.gt).toBe(3);
    expect(r.recallAtGt).toBeCloseTo(1);
    expect(r.top1).toBeCloseTo(1);
    writeFileSync(join(dir, 'gt2.csv'), 'source,target\nsurname,email\nmail,last_name\n');
    const wrong = evaluate({
      group: 'wikidata',
      name: 'tiny',
      source: join(dir, 's.csv'),
      target: join(dir, 't.csv'),
      truth: join(dir, 'gt2.csv'),
    });
    expect(wrong.recallAtGt).toBe(0);
    expect(wrong.top1).toBe(0);
  });
});
