import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DataDirLockedError } from '../src/db/client.ts';
import { startServer } from '../src/server.ts';

describe('startup on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mw-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_ADMIN_EMAIL: 'boss@example.com',
    SEED_ADMIN_PASSWORD: 'boss-harbour-lantern',
    SEED_SAMPLE_DATA: 'false',
  });

  it('migrates and seeds on first start, keeps data across restarts, and refuses a second process on the same data dir', async () => {
    const first = await startServer(config);
    expect(first.seeded).toBe(true);
    await expect(startServer(config)).rejects.toBeInstanceOf(DataDirLockedError);
    const login = await fetch(`${first.url}/api/auth/jwt/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'boss@example.com', password: 'boss-harbour-lantern' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const orgBefore = await (
      await fetch(`${first.url}/api/org`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json();
    await first.close();

    const second = await startServer(config);
    expect(second.seeded).toBe(false);
    // same data, and the generated JWT secret survived too: the old token still works
    const orgAfter = await (
      await fetch(`${second.url}/api/org`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json();
    expect(orgAfter).toEqual(orgBefore);
    await second.close();
  }, 60_000);
});
