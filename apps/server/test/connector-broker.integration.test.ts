import amqp from 'amqplib';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { natsConnector } from '../src/modules/connectors/broker/nats.connector.ts';
import { rabbitmqConnector } from '../src/modules/connectors/broker/rabbitmq.connector.ts';
import { ConnectorRuntimeError, type ConnectorSettingsError } from '../src/modules/connectors/contract.ts';
import { findConnector } from '../src/modules/connectors/registry.ts';
import { netContext } from './connector-net-helpers.ts';

/* The broker destinations against the machine's RabbitMQ (guest/guest at 127.0.0.1:5672) and NATS (127.0.0.1:4222). */

const ctx = netContext();
const signal = new AbortController().signal;
const queue = `mw-conn-test-${process.pid}-${Date.now()}`;
const base = { host: '127.0.0.1', username: 'guest', password: 'guest' };
const schema = { type: 'object' };
const records = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ id: from + i, v: 'x' }));

/** Every message now in the queue (acknowledged as taken). */
async function drain(name: string) {
  const conn = await amqp.connect('amqp://guest:guest@127.0.0.1:5672');
  const ch = await conn.createChannel();
  const out: { id: number; messageId: string; persistent: boolean }[] = [];
  for (;;) {
    const m = await ch.get(name, { noAck: true });
    if (!m) break;
    out.push({
      id: JSON.parse(m.content.toString()).id,
      messageId: m.properties.messageId,
      persistent: m.properties.deliveryMode === 2,
    });
  }
  await conn.close();
  return out;
}

afterAll(async () => {
  const conn = await amqp.connect('amqp://guest:guest@127.0.0.1:5672');
  const ch = await conn.createChannel();
  await ch.deleteQueue(queue);
  await conn.close();
});

describe('RabbitMQ destination', () => {
  it('is registered', () => {
    expect(findConnector('rabbitmq')?.spec.roles).toEqual(['destination']);
  });

  it('every record arrives exactly once per confirmed write, persistent, with its own message id', async () => {
    const w = await rabbitmqConnector.open(
      { ...base, routingKey: queue },
      { stream: 'people', mode: 'append', jsonSchema: schema, signal, runId: 'run-1' },
      ctx,
    );
    for (let b = 0; b < 10; b++) await w.write(records(b * 500, (b + 1) * 500));
    await w.commit();
    const got = await drain(queue);
    expect(got.map((m) => m.id)).toEqual(records(0, 5000).map((r) => r.id));
    expect(new Set(got.map((m) => m.messageId)).size).toBe(5000);
    expect(got.every((m) => m.persistent)).toBe(true);
  });

  it('a replayed batch carries the message ids it had the first time', async () => {
    const once = async () => {
      const w = await rabbitmqConnector.open(
        { ...base, routingKey: queue },
        { stream: 'people', mode: 'append', jsonSchema: schema, signal, runId: 'run-2' },
        ctx,
      );
      await w.write(records(0, 20));
      await w.commit();
      return (await drain(queue)).map((m) => m.messageId);
    };
    expect(await once()).toEqual(await once());
  });

  it('a message no queue receives fails the write instead of vanishing', async () => {
    const w = await rabbitmqConnector.open(
      { ...base, exchange: 'amq.direct', routingKey: `nowhere-${queue}` },
      { stream: 'people', mode: 'append', jsonSchema: schema, signal },
      ctx,
    );
    await expect(w.write(records(0, 3))).rejects.toThrow(/not routed to any queue/);
    await w.abort();
  });

  it('check: fields named, wrong password and unreachable or private hosts readable', async () => {
    const field = async (s: Record<string, unknown>) =>
      ((await rabbitmqConnector.check(s, ctx).catch((e) => e)) as ConnectorSettingsError).field;
    expect(await field({ username: 'guest', password: 'guest' })).toBe('host');
    expect(await field({ ...base, port: 'five' })).toBe('port');
    expect(await field({ ...base, exchange: `no-such-exchange-${queue}` })).toBe('exchange');
    expect(await field({ ...base, vhost: 'no-such-vhost' })).toBe('vhost');
    expect(await field({ ...base, declareQueue: false, routingKey: `no-such-queue-${queue}` })).toBe(
      'routingKey',
    );
    await expect(rabbitmqConnector.check(base, ctx)).resolves.toBeUndefined();
    const wrong = await rabbitmqConnector.check({ ...base, password: 'nope' }, ctx).catch((e) => e);
    expect(wrong).toBeInstanceOf(ConnectorRuntimeError);
    expect(wrong.message).toBe('RabbitMQ refused the user name or password (guest)');
    const down = await rabbitmqConnector.check({ ...base, port: 1 }, ctx).catch((e) => e);
    expect(down).toBeInstanceOf(ConnectorRuntimeError);
    expect(down.message).toMatch(/RabbitMQ at 127.0.0.1:1 is not reachable \(.*ECONNREFUSED/);
    const ssrf = await rabbitmqConnector.check({ ...base, host: '10.9.8.7' }, ctx).catch((e) => e);
    expect(ssrf.message).toMatch(/RabbitMQ host: refused: 10.9.8.7 resolves to a private address/);
  });
});

describe('NATS JetStream destination', () => {
  const subject = `mwtest.conn${process.pid}x${Date.now()}`;
  const streamName = subject.replace(/[.*>]/g, '_');
  const natsBase = { host: '127.0.0.1', subject };

  afterAll(async () => {
    const nc = await connect({ servers: '127.0.0.1:4222' });
    await (await nc.jetstreamManager()).streams.delete(streamName).catch(() => {});
    await nc.close();
  });

  const stored = async () => {
    const nc = await connect({ servers: '127.0.0.1:4222' });
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(streamName);
    const ids: number[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++)
      ids.push((await jsm.streams.getMessage(streamName, { seq })).json<{ id: number }>().id);
    await nc.close();
    return ids;
  };

  it('every record is stored once per acknowledged write; a replay is de-duplicated by its message id', async () => {
    const write = async (from: number, to: number, runId: string) => {
      const w = await natsConnector.open(
        { ...natsBase, createStream: true },
        { stream: 'people', mode: 'append', jsonSchema: schema, signal, runId },
        ctx,
      );
      for (let b = from; b < to; b += 400) await w.write(records(b, Math.min(to, b + 400)));
      await w.commit();
    };
    await write(0, 2000, 'run-n1');
    expect(await stored()).toEqual(records(0, 2000).map((r) => r.id));
    // the same run sends the same records again (a resumed sync): JetStream keeps one of each
    await write(0, 2000, 'run-n1');
    expect(await stored()).toHaveLength(2000);
  });

  it('check: a subject without a stream is named; unreachable and private hosts are readable', async () => {
    const field = async (s: Record<string, unknown>) =>
      ((await natsConnector.check(s, ctx).catch((e) => e)) as ConnectorSettingsError).field;
    expect(await field({})).toBe('host');
    expect(await field({ host: '127.0.0.1', subject: 'has space' })).toBe('subject');
    expect(await field({ host: '127.0.0.1', subject: `nobody.listens.${subject}` })).toBe('subject');
    await expect(natsConnector.check(natsBase, ctx)).resolves.toBeUndefined();
    const down = await natsConnector.check({ host: '127.0.0.1', port: 1 }, ctx).catch((e) => e);
    expect(down).toBeInstanceOf(ConnectorRuntimeError);
    expect(down.message).toMatch(/NATS at 127.0.0.1:1 is not reachable/);
    const ssrf = await natsConnector.check({ host: '192.168.7.7' }, ctx).catch((e) => e);
    expect(ssrf.message).toMatch(/NATS host: refused: 192.168.7.7 resolves to a private address/);
  });
});
