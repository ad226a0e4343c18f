import { randomUUID } from 'node:crypto';
import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import {
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type ConnectorSpec,
  type DestinationConnector,
} from '../contract.ts';
import { validateSettings } from '../http-util.ts';
import { guardHost } from './broker-guard.ts';
import { messageId } from './rabbitmq.connector.ts';

/*
 * NATS JetStream destination: one message per record on `<subject>`, each publish acknowledged by
 * the stream (stored), so `write` resolves once every record of the batch was acked. Each
 * message carries a `Nats-Msg-Id` derived from the run, the stream, its position and content:
 * JetStream drops a repeat inside the stream's duplicate window, so a replayed batch is stored once.
 */

interface NatsSettings {
  host: string;
  port: number;
  username?: string;
  password?: string;
  token?: string;
  tls: boolean;
  subject?: string;
  createStream: boolean;
}

export const natsSpec: ConnectorSpec = {
  type: 'nats',
  title: 'NATS JetStream',
  description: 'Publishes one message per record to a JetStream subject, acknowledged and de-duplicated.',
  roles: ['destination'],
  secretFields: ['password', 'token'],
  writeModes: ['append'],
  settings: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['host'],
    additionalProperties: false,
    properties: {
      host: { type: 'string', title: 'Host', minLength: 1 },
      port: { type: 'integer', title: 'Port', minimum: 1, maximum: 65535, default: 4222 },
      username: { type: 'string', title: 'User name' },
      password: { type: 'string', title: 'Password', writeOnly: true },
      token: { type: 'string', title: 'Token', writeOnly: true },
      tls: { type: 'boolean', title: 'TLS', default: false },
      subject: {
        type: 'string',
        title: 'Subject',
        description: 'Default: mapwright.<stream name>',
        pattern: '^[^\\s*>]+$',
      },
      createStream: {
        type: 'boolean',
        title: 'Create a stream for the subject',
        description: 'When no JetStream stream captures the subject yet',
        default: false,
      },
    },
  },
};

const PUBLISH_WINDOW = 256;

function natsError(err: unknown, s: NatsSettings): Error {
  if (err instanceof ConnectorRuntimeError || err instanceof ConnectorSettingsError) return err;
  const e = err as { code?: string; message?: string };
  const msg = e.message ?? String(err);
  if (e.code === 'AUTHORIZATION_VIOLATION' || /authorization/i.test(msg))
    return new ConnectorRuntimeError('NATS refused the credentials');
  if (
    e.code === 'CONNECTION_REFUSED' ||
    e.code === 'ECONNREFUSED' ||
    /CONNECTION_REFUSED|ECONNREFUSED/.test(msg)
  )
    return new ConnectorRuntimeError(`NATS at ${s.host}:${s.port} is not reachable (${msg})`, true);
  if (e.code === '503' || /no responders/i.test(msg))
    return new ConnectorSettingsError(
      'subject',
      'no JetStream stream captures the subject (or JetStream is off)',
    );
  return new ConnectorRuntimeError(`NATS: ${msg}`, true);
}

async function open(s: NatsSettings, ctx: ConnectorContext): Promise<NatsConnection> {
  // TLS verifies the certificate against the name, so only a plain connection is pinned
  const address = await guardHost(ctx, s.host, s.port, 'NATS host');
  try {
    return await connect({
      servers: `${s.tls ? s.host : address}:${s.port}`,
      ...(s.username ? { user: s.username, pass: s.password } : {}),
      ...(s.token ? { token: s.token } : {}),
      ...(s.tls ? { tls: {} } : {}),
      timeout: 15_000,
      reconnect: false,
    });
  } catch (err) {
    throw natsError(err, s);
  }
}

/** The subject's stream must exist (or is created): else publishes would time out. */
async function ensureStream(nc: NatsConnection, s: NatsSettings, subject: string) {
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.streams.find(subject);
  } catch {
    if (!s.createStream)
      throw new ConnectorSettingsError(
        'subject',
        `no JetStream stream captures ${subject}; create one or tick "Create a stream"`,
      );
    await jsm.streams.add({ name: subject.replace(/[.*>]/g, '_'), subjects: [subject] });
  }
}

export const natsConnector: DestinationConnector = {
  spec: natsSpec,

  async check(raw, ctx) {
    const s = validateSettings<NatsSettings>(natsSpec, raw);
    const nc = await open(s, ctx);
    try {
      await nc.jetstreamManager();
      if (s.subject && !s.createStream) await ensureStream(nc, s, s.subject);
    } catch (err) {
      throw natsError(err, s);
    } finally {
      await nc.close();
    }
  },

  async open(raw, req, ctx) {
    const s = validateSettings<NatsSettings>(natsSpec, raw);
    if (req.mode !== 'append') throw new ConnectorSettingsError('mode', 'a message broker only appends');
    const subject = s.subject || `mapwright.${req.stream}`;
    const nc = await open(s, ctx);
    let js: JetStreamClient;
    try {
      await ensureStream(nc, s, subject);
      js = nc.jetstream();
    } catch (err) {
      await nc.close();
      throw natsError(err, s);
    }
    const runId = req.runId ?? randomUUID();
    let seq = 0;
    return {
      async write(records) {
        try {
          for (let i = 0; i < records.length; i += PUBLISH_WINDOW) {
            await Promise.all(
              records.slice(i, i + PUBLISH_WINDOW).map((record) => {
                const body = Buffer.from(JSON.stringify(record));
                return js.publish(subject, body, { msgID: messageId(runId, req.stream, seq++, body) });
              }),
            );
          }
        } catch (err) {
          throw natsError(err, s);
        }
      },
      commit: () => nc.close(),
      abort: () => nc.close(),
    };
  },
};
