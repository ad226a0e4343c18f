import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { passwordProblem } from '../src/modules/auth/password-policy.ts';
import { startServer } from '../src/server.ts';

const jane = { email: 'jane.doe@example.com', name: 'Jane Doe', productName: 'Mapwright' };

describe('password policy (NIST SP 800-63B)', () => {
  it('refuses short passwords and accepts long ones up to 256 characters', () => {
    expect(passwordProblem('x7#kQ2', jane)).toBe('Use at least 8 characters');
    const long = Array.from({ length: 64 }, (_, i) => 'harbour lantern maple quartz'.split(' ')[i % 4]).join(
      ' ',
    );
    expect(long.length).toBeGreaterThan(64);
    expect(passwordProblem(long.slice(0, 256), jane)).toBeNull();
    expect(passwordProblem('a'.repeat(257), jane)).toBe('Use at most 256 characters');
  });

  it('refuses repeated characters and common or breached passwords, saying why', () => {
    expect(passwordProblem('aaaaaaaa', jane)).toMatch(/repeated characters/i);
    expect(passwordProblem('password123', jane)).toMatch(/commonly used password/i);
    expect(passwordProblem('qwertyuiop', jane)).toMatch(/frequently used password/i);
    expect(passwordProblem('Password123!', jane)).toMatch(/similar to a commonly used password/i);
  });

  it('refuses passwords built from the user’s email, name or the product’s name', () => {
    expect(passwordProblem('jane.doe@example.com', jane)).toBe(
      'Do not use your email address in your password',
    );
    expect(passwordProblem('my jane.doe@example.com!', jane)).toBe(
      'Do not use your email address in your password',
    );
    expect(passwordProblem('janedoe1', jane)).toMatch(/Do not use your (name|email address)/);
    expect(passwordProblem('mapwright-demo', jane)).toBe(
      'Do not use the name of this application in your password',
    );
  });

  it('accepts passphrases, without composition rules', () => {
    expect(passwordProblem('correct horse battery', jane)).toBeNull();
    expect(
      passwordProblem('demo-harbour-lantern', { email: 'demo@mapwright.dev', productName: 'Mapwright' }),
    ).toBeNull();
    expect(passwordProblem('blue-harbour-lantern', jane)).toBeNull();
  });

  it('refuses to seed an account with a weak password from the environment, naming the variable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mw-seed-'));
    try {
      const config = loadConfig({
        DATA_DIR: dir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        SEED_SAMPLE_DATA: 'false',
        SEED_ADMIN_PASSWORD: 'password123',
      });
      const start = startServer(config);
      await expect(start).rejects.toBeInstanceOf(ConfigError);
      await expect(start).rejects.toThrow(/SEED_ADMIN_PASSWORD: .*commonly used password/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
