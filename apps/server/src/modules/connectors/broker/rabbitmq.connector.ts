import { createHash, randomUUID } from 'node:crypto';
import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import {
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type ConnectorSpec,
  type DestinationConnector,
} from '../contract.ts';
import { networkReason, validateSettings } from '../http-util.ts';
import { guardHost } from './broker-guard.ts';

/*
 * RabbitMQ destination: one persistent JSON message per record on a confirm channel, so `write`
 * resolves only once the broker confirmed every message of the batch (publisher confirms: the
 * broker has taken responsibility, e.g. written it to a durable queue). Messages are published
 * `mandatory`: one no queue receives comes back and fails the write rather than vanishing. Each
 * message id is derived from the run, the stream, the record's position and its content, so a
 * replayed record carries the id it had the first time and consumers can drop the repeat.
 */

interface RabbitSettings {
  host: string;
  port: number;
  vhost: string;
  username: string;
  password: string;
  tls: boolean;
  exchange: string;
  routingKey?: string;
  declareQueue: boolean;
}

export const rabbitmqSpec: ConnectorSpec = {
  type: 'rabbitmq',
  title: 'RabbitMQ',
  description: 'Publishes one persistent message per record, confirmed by the broker.',
  roles: ['destination'],
  secretFields: ['password'],
  writeModes: ['append'],
  settings: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['host', 'username', 'password'],
    additionalProperties: false,
    properties: {
      host: { type: 'string', title: 'Host', minLength: 1 },
      port: { type: 'integer', title: 'Port', minimum: 1, maximum: 65535, default: 5672 },
      vhost: { type: 'string', title: 'Virtual host', default: '/' },
      username: { type: 'string', title: 'User name', minLength: 1 },
      password: { type: 'string', title: 'Password', writeOnly: true },
      tls: { type: 'boolean', title: 'TLS (amqps)', default: false },
      exchange: {
        type: 'string',
        title: 'Exchange',
        description: 'Empty: the default exchange, which routes to the queue named by the routing key',
        default: '',
      },
      routingKey: { type: 'string', title: 'Routing key', description: 'Default: the stream name' },
      declareQueue: {
        type: 'boolean',
        title: 'Create the queue',
        description: 'With the default exchange: declare a durable queue named by the routing key',
        default: true,
      },
    },
  },
};

export function messageId(runId: string, stream: string, seq: number, body: Buffer): string {
  return `${runId}:${stream}:${seq}:${createHash('sha256').update(body).digest('hex').slice(0, 16)}`;
}

/** amqplib's failures in words a user can act on. */
function brokerError(err: unknown, s: RabbitSettings): Error {
  if (err instanceof ConnectorRuntimeError || err instanceof ConnectorSettingsError) return err;
  const msg = (err as Error)?.message ?? String(err);
  if (/ACCESS_REFUSED|403/.test(msg) && /PLAIN|login|username/i.test(msg))
    return new ConnectorRuntimeError(`RabbitMQ refused the user name or password (${s.username})`);
  if (/NOT_FOUND - no exchange/i.test(msg)) return new ConnectorSettingsError('exchange', `RabbitMQ: ${msg}`);
  if (/NOT_FOUND - no queue/i.test(msg)) return new ConnectorSettingsError('routingKey', `RabbitMQ: ${msg}`);
  // a refused virtual host closes the handshake without a reason amqplib passes on
  if (/NOT_ALLOWED|Expected ConnectionOpenOk/i.test(msg))
    return new ConnectorSettingsError(
      'vhost',
      `RabbitMQ refused the virtual host "${s.vhost}" (it does not exist or ${s.username} may not use it)`,
    );
  if ((err as { code?: string })?.code)
    return new ConnectorRuntimeError(
      `RabbitMQ at ${s.host}:${s.port} is not reachable (${networkReason(err)})`,
      true,
    );
  return new ConnectorRuntimeError(`RabbitMQ: ${msg}`, true);
}

async function connect(s: RabbitSettings, ctx: ConnectorContext) {
  const address = await guardHost(ctx, s.host, s.port, 'RabbitMQ host');
  try {
    const conn = await amqp.connect(
      {
        protocol: s.tls ? 'amqps' : 'amqp',
        hostname: address,
        port: s.port,
        vhost: s.vhost,
        username: s.username,
        password: s.password,
        heartbeat: 30,
      },
      { servername: s.host, timeout: 15_000 },
    );
    // an error on an idle connection must not crash the process; the next call reports it
    conn.on('error', (err) => ctx.log('warn', `RabbitMQ connection: ${(err as Error).message}`));
    const ch = await conn.createConfirmChannel();
    ch.on('error', (err) => ctx.log('warn', `RabbitMQ channel: ${(err as Error).message}`));
    return { conn, ch };
  } catch (err) {
    throw brokerError(err, s);
  }
}

async function prepare(ch: ConfirmChannel, s: RabbitSettings, routingKey: string) {
  if (s.exchange) await ch.checkExchange(s.exchange);
  else if (s.declareQueue) await ch.assertQueue(routingKey, { durable: true });
  else await ch.checkQueue(routingKey);
}

const close = async (conn: ChannelModel) => conn.close().catch(() => {});

export const rabbitmqConnector: DestinationConnector = {
  spec: rabbitmqSpec,

  async check(raw, ctx) {
    const s = validateSettings<RabbitSettings>(rabbitmqSpec, raw);
    const { conn, ch } = await connect(s, ctx);
    try {
      if (s.exchange) await ch.checkExchange(s.exchange);
      else if (!s.declareQueue && s.routingKey) await ch.checkQueue(s.routingKey);
    } catch (err) {
      throw brokerError(err, s);
    } finally {
      await close(conn);
    }
  },

  async open(raw, req, ctx) {
    const s = validateSettings<RabbitSettings>(rabbitmqSpec, raw);
    if (req.mode !== 'append') throw new ConnectorSettingsError('mode', 'a message broker only appends');
    const routingKey = s.routingKey || req.stream;
    const { conn, ch } = await connect(s, ctx);
    try {
      await prepare(ch, s, routingKey);
    } catch (err) {
      await close(conn);
      throw brokerError(err, s);
    }
    const runId = req.runId ?? randomUUID();
    let seq = 0;
    let returned: string | undefined;
    ch.on('return', (m) => {
      returned ??= `a message was not routed to any queue (exchange "${s.exchange}", routing key "${m.fields.routingKey}")`;
    });
    return {
      async write(records) {
        try {
          for (const record of records) {
            const body = Buffer.from(JSON.stringify(record));
            const ok = ch.publish(s.exchange, routingKey, body, {
              persistent: true,
              mandatory: true,
              contentType: 'application/json',
              messageId: messageId(runId, req.stream, seq++, body),
              headers: { 'x-mapwright-stream': req.stream },
            });
            // the channel's buffer is full: wait for it to drain (or fail if the channel closes)
            if (!ok)
              await new Promise<void>((resolve, reject) => {
                const closed = () => reject(new Error('the channel closed while publishing'));
                ch.once('close', closed);
                ch.once('drain', () => {
                  ch.off('close', closed);
                  resolve();
                });
              });
          }
          // resolves once the broker confirmed every message published so far; rejects on a nack
          await ch.waitForConfirms();
        } catch (err) {
          throw brokerError(err, s);
        }
        if (returned) throw new ConnectorRuntimeError(`RabbitMQ: ${returned}`);
      },
      commit: () => close(conn),
      abort: () => close(conn),
    };
  },
};
