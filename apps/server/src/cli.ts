import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { closeOnSignals, startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const started = await startServer(config);
  closeOnSignals(started, (m) => started.app.log.info(m));
  const lines = [
    '',
    `  Mapwright is running at ${started.url}`,
    `  API docs:  ${started.url}/api/docs`,
    `  Database:  ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.DATA_DIR}`}`,
    `  Demo login: ${config.SEED_ADMIN_EMAIL} / ${!process.env.SEED_ADMIN_PASSWORD ? config.SEED_ADMIN_PASSWORD : '(the SEED_ADMIN_PASSWORD you set)'}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // a worker's engine threads warm up after it listens (a few hundred ms): say when they are
  if (config.ROLE !== 'web') started.warmed.then(() => process.stdout.write('  Engine threads ready\n'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Mapwright failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
