/**
 * A small pool of worker threads running one TypeScript entry file, each task answered by one
 * message. Work that may run long or run user code (JSONata, mappings) goes here so the event
 * loop keeps answering HTTP and renewing leases. A task may carry a deadline: a thread still
 * busy then is terminated (the only way to stop synchronous JavaScript) and replaced, and the
 * task fails with a `ThreadTimeoutError`. A thread that dies (out of memory under its
 * `resourceLimits`, a native crash) fails its task and is replaced too.
 *
 * The entry file answers `{ id, ...reply }` or `{ id, error }` for every `{ id, ...request }`,
 * and posts `{ ready: true }` once loaded: a deadline counts from then, so a thread that is
 * still booting (loading the engine takes a while on a busy machine) does not eat into it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/** The task ran past its deadline; its thread was stopped. */
export class ThreadTimeoutError extends Error {}
/** The thread ran out of the memory its `resourceLimits` allow. */
export class ThreadMemoryError extends Error {}

// The threads are TypeScript like the rest of the server. Node 20 does not apply loader hooks
// given as a worker's --import to its entry file, so a one-line bootstrap registers tsx first.
const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
const tsxApi = pathToFileURL(
  join(
    dirname(tsxPackage),
    JSON.parse(readFileSync(tsxPackage, 'utf8')).exports['./esm/api'].import.default as string,
  ),
).href;
const bootstrapOf = (script: URL) =>
  `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;

export interface ThreadPoolOptions {
  /** the entry file (a `.ts` URL: `new URL('./x-thread.ts', import.meta.url)`) */
  script: URL;
  size: number;
  resourceLimits?: ResourceLimits;
  /** a V8 flag for the threads' heaps, `--name=value` (v8.setFlagsFromString) */
  v8Flags?: string;
  /** what the task is, for errors: "the mapping" → "the mapping took longer than 10 s" */
  what?: string;
}

export interface RunOptions {
  /** stop the task (and its thread) after this long running; unset = no deadline */
  timeoutMs?: number;
  /** buffers of the request moved to the thread, not copied (the caller must not use them after) */
  transfer?: ArrayBuffer[];
}

interface Pending<Req, Reply> {
  req: Req & { id: number };
  timeoutMs?: number;
  transfer?: ArrayBuffer[];
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export class ThreadPool<Req extends object, Reply> {
  private idle: Worker[] = [];
  private busy = new Map<Worker, Pending<Req, Reply> & { timer?: NodeJS.Timeout }>();
  private queue: Pending<Req, Reply>[] = [];
  private nextId = 1;
  private closed = false;
  private ready = new WeakSet<Worker>();
  private readonly bootstrap: string;

  constructor(private readonly opts: ThreadPoolOptions) {
    this.bootstrap = bootstrapOf(opts.script);
    for (let i = 0; i < opts.size; i++) this.idle.push(this.spawn());
  }

  get size() {
    return this.opts.size;
  }

  private spawn(): Worker {
    // V8 flags are the process's, and a thread's heap reads them as the thread starts: set until
    // it is online, then put back (`--flag=0`: V8's default), so later threads are built without
    const flags = this.opts.v8Flags;
    if (flags) setFlagsFromString(flags);
    const w = new Worker(this.bootstrap, { eval: true, resourceLimits: this.opts.resourceLimits });
    if (flags) w.once('online', () => setFlagsFromString(flags.replace(/=.*$/, '=0')));
    w.unref();
    w.on('message', (reply: Reply & { error?: string; ready?: true }) => {
      const p = this.busy.get(w);
      if (reply.ready) {
        this.ready.add(w);
        if (p) this.startDeadline(w, p);
        return;
      }
      if (!p) return;
      clearTimeout(p.timer);
      this.busy.delete(w);
      if (reply.error !== undefined) p.reject(new Error(reply.error));
      else p.resolve(reply);
      this.release(w);
    });
    w.on('error', (err: Error & { code?: string }) => {
      const what = this.opts.what ?? 'the task';
      const limit = this.opts.resourceLimits?.maxOldGenerationSizeMb;
      this.lose(
        w,
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ThreadMemoryError(
              `${capital(what)} ran out of memory${limit ? ` (limit ${limit} MB)` : ''} and was stopped`,
            )
          : err,
      );
    });
    w.on('exit', (code) => this.lose(w, new Error(`The thread stopped (exit code ${code})`)));
    return w;
  }

  /** A thread is gone (or being stopped): fail its task and put a fresh one in its place. */
  private lose(w: Worker, err: Error) {
    const p = this.busy.get(w);
    const wasKnown = this.busy.delete(w) || this.idle.includes(w);
    this.idle = this.idle.filter((x) => x !== w);
    if (p) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    if (wasKnown && !this.closed) this.release(this.spawn());
  }

  private release(w: Worker) {
    const next = this.queue.shift();
    if (!next) {
      w.unref();
      this.idle.push(w);
      return;
    }
    const busy: Pending<Req, Reply> & { timer?: NodeJS.Timeout } = { ...next };
    this.busy.set(w, busy);
    if (this.ready.has(w)) this.startDeadline(w, busy);
    // a thread with work keeps the process alive until it answers
    w.ref();
    w.postMessage(next.req, next.transfer);
  }

  private startDeadline(w: Worker, busy: Pending<Req, Reply> & { timer?: NodeJS.Timeout }) {
    const ms = busy.timeoutMs;
    if (ms === undefined || busy.timer) return;
    busy.timer = setTimeout(() => {
      const what = this.opts.what ?? 'the task';
      this.lose(
        w,
        new ThreadTimeoutError(`${capital(what)} took longer than ${seconds(ms)} and was stopped`),
      );
      void w.terminate();
    }, ms);
  }

  /** Runs one task on the next free thread. */
  run(req: Req, opts: RunOptions = {}): Promise<Reply> {
    if (this.closed) return Promise.reject(new Error('The thread pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({
        req: { ...req, id: this.nextId++ },
        timeoutMs: opts.timeoutMs,
        transfer: opts.transfer,
        resolve,
        reject,
      });
      const w = this.idle.pop();
      if (w) this.release(w);
    });
  }

  async close() {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('The thread pool is closed'));
    for (const p of this.busy.values()) clearTimeout(p.timer);
    await Promise.all([...this.idle, ...this.busy.keys()].map((w) => w.terminate()));
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
