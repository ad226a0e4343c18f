/**
 * A pool of engine threads per process (ENGINE_THREADS, one per core by default). A job part
 * reads its input with DuckDB on the main thread and hands each batch, as JSON text, to the
 * next free thread; mapping, validation and encoding the result rows happen there.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GlobalErrors } from '@mapwright/engine';

export interface BatchRequest {
  id: number;
  /** identifies the spec + schema (a run): threads compile each once */
  key: string;
  spec: unknown;
  schema: unknown;
  /** the index of the batch's first record in the job */
  first: number;
  /** the records, as the text of a JSON array */
  json: string;
}

export interface BatchReply {
  id: number;
  /** the result rows, encoded by `rowEncoder(RESULT_COLUMNS)` */
  text: string;
  rows: number;
  valid: number;
  /** record indices relative to the batch */
  global: GlobalErrors;
  /** source values the transforms could not convert, in all and per target field */
  dropped: number;
  droppedByField: Record<string, number>;
}

type Pending = { req: BatchRequest; resolve: (r: BatchReply) => void; reject: (e: Error) => void };

// The thread is TypeScript like the rest of the server. Node 20 does not apply loader hooks
// given as a worker's --import to its entry file, so a one-line bootstrap registers tsx first.
const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
const tsxApi = pathToFileURL(
  join(
    dirname(tsxPackage),
    JSON.parse(readFileSync(tsxPackage, 'utf8')).exports['./esm/api'].import.default as string,
  ),
).href;
const script = new URL('./engine-thread.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`;

class EnginePool {
  private idle: Worker[] = [];
  private busy = new Map<Worker, Pending>();
  private queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Worker {
    const w = new Worker(bootstrap, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    w.unref();
    w.on('message', (reply: BatchReply & { error?: string }) => {
      const p = this.busy.get(w);
      this.busy.delete(w);
      if (p) {
        if (reply.error !== undefined) p.reject(new Error(reply.error));
        else p.resolve(reply);
      }
      this.release(w);
    });
    // a thread that dies (out of memory, a native crash) fails its batch and is replaced
    w.on('error', (err) => this.lose(w, err));
    w.on('exit', (code) => this.lose(w, new Error(`The engine thread stopped (exit code ${code})`)));
    return w;
  }

  private lose(w: Worker, err: Error) {
    const p = this.busy.get(w);
    const wasKnown = this.busy.delete(w) || this.idle.includes(w);
    this.idle = this.idle.filter((x) => x !== w);
    p?.reject(err);
    if (wasKnown && !this.closed) this.release(this.spawn());
  }

  private release(w: Worker) {
    const next = this.queue.shift();
    if (!next) {
      w.unref();
      this.idle.push(w);
      return;
    }
    this.busy.set(w, next);
    // a thread with work keeps the process alive until it answers
    w.ref();
    w.postMessage(next.req);
  }

  /** Maps and validates one batch; resolves with its encoded result rows. */
  run(req: Omit<BatchRequest, 'id'>): Promise<BatchReply> {
    if (this.closed) return Promise.reject(new Error('The engine pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ req: { ...req, id: this.nextId++ }, resolve, reject });
      const w = this.idle.pop();
      if (w) this.release(w);
    });
  }

  /** Resolves once every thread has booted (they load the engine: a few hundred ms). */
  async warm() {
    const empty = { key: 'warm', spec: { version: 1, fields: [] }, schema: {}, first: 0, json: '[]' };
    await Promise.all(Array.from({ length: this.size }, () => this.run(empty)));
  }

  async close() {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('The engine pool is closed'));
    await Promise.all([...this.idle, ...this.busy.keys()].map((w) => w.terminate()));
  }
}

let pool: EnginePool | null = null;

/** The process's pool, started on first use. */
export function enginePool(size: number) {
  pool ??= new EnginePool(Math.max(1, size));
  return pool;
}

/** Stops the threads (the app's close hook). */
export async function closeEnginePool() {
  const p = pool;
  pool = null;
  await p?.close();
}
