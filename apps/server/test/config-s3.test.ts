import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('S3 configuration', () => {
  it('is off by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_PREFIX: '', S3_FORCE_PATH_STYLE: false });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      expect(config[name]).toBeUndefined();
  });

  it('reads every variable; path-style addressing defaults on with a custom endpoint', () => {
    const config = loadConfig({
      S3_BUCKET: 'mapwright.blobs-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod/',
    });
    expect(config).toMatchObject({
      S3_BUCKET: 'mapwright.blobs-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod/',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({ S3_BUCKET: 'abc' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'abc', S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig({ S3_BUCKET: 'abc', S3_FORCE_PATH_STYLE: 'YES' }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(
      loadConfig({ S3_BUCKET: 'abc', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false' })
        .S3_FORCE_PATH_STYLE,
    ).toBe(false);
    expect(
      loadConfig({ S3_BUCKET: 'abc', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: '0' })
        .S3_FORCE_PATH_STYLE,
    ).toBe(false);
    // empty = unset, like every other variable
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '' }).S3_BUCKET).toBeUndefined();
  });

  it.each([
    'ab',
    'a'.repeat(64),
    'My-Bucket',
    'under_score',
    '-leading',
    'trailing.',
    'two..dots',
    '192.168.1.1',
  ])('refuses the bucket name %j', (name) => {
    expect(errorOf({ S3_BUCKET: name })).toMatch(/S3_BUCKET: must be a valid bucket name/);
  });

  it('wants the access key and the secret together', () => {
    expect(errorOf({ S3_BUCKET: 'abc', S3_ACCESS_KEY_ID: 'key' })).toMatch(
      /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/,
    );
    expect(errorOf({ S3_BUCKET: 'abc', S3_SECRET_ACCESS_KEY: 'secret' })).toMatch(
      /S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set/,
    );
  });

  it('wants a bucket when other S3 variables are set, rather than quietly storing on disk', () => {
    expect(errorOf({ S3_ENDPOINT: 'http://minio:9000' })).toMatch(
      /S3_BUCKET: required when other S3_ variables/,
    );
  });

  it('lists every bad variable in one error', () => {
    const message = errorOf({
      PORT: 'abc',
      S3_BUCKET: 'Bad_Bucket',
      S3_ENDPOINT: 'ftp://files.example.com',
      S3_FORCE_PATH_STYLE: 'maybe',
      S3_ACCESS_KEY_ID: 'key',
    });
    for (const name of ['PORT', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_SECRET_ACCESS_KEY'])
      expect(message).toContain(`  ${name}: `);
  });
});
