import type { Readable } from 'node:stream';

/**
 * The connector contract, modelled on the Airbyte protocol (spec / check / discover / read /
 * write). Every connector — databases, REST APIs, object stores, webhooks, brokers, Mapwright
 * datasets — implements it, and one contract test suite runs against each. Connectors know
 * nothing of organizations, tasks or the database: the sync runner (modules/connectors/sync*)
 * owns state, checkpoints and retries.
 */

/** A JSON Schema object (draft 2020-12 subset) — settings forms and stream schemas. */
export type JsonSchema = Record<string, unknown>;

export type SyncMode = 'full_refresh' | 'incremental';
export type WriteMode = 'append' | 'overwrite' | 'upsert';

export interface ConnectorSpec {
  /** Stable id, e.g. `postgres`, `mysql`, `rest`, `s3`, `webhook`, `rabbitmq`, `dataset`. */
  type: string;
  title: string;
  /** A short sentence for the catalogue. */
  description: string;
  /** Which sides it offers. */
  roles: ReadonlyArray<'source' | 'destination'>;
  /** JSON Schema of the connection's settings; renders the form and validates it. */
  settings: JsonSchema;
  /** Settings (top-level property names) that are secrets: encrypted at rest, never returned. */
  secretFields: readonly string[];
  /** Write modes a destination supports. */
  writeModes?: readonly WriteMode[];
  /**
   * The destination makes records durable only in `commit` (an object store writes whole objects):
   * `write` resolves once a batch is spooled locally, so the runner must persist no state for this
   * write before `commit` resolved. Absent = every resolved `write` is an acknowledgement.
   */
  acknowledgesOnCommit?: boolean;
}

export interface StreamDescriptor {
  /** Unique within the connection (e.g. `public.customers`). */
  name: string;
  jsonSchema: JsonSchema;
  syncModes: readonly SyncMode[];
  /** Column paths that identify a row (each a list of keys). */
  primaryKey?: string[][];
  /** Cursor fields an incremental sync may use; the first is the default. */
  cursorFields?: string[][];
}

/** Per-stream state a source resumes from; opaque to everyone but the source that wrote it. */
export type StreamState = Record<string, unknown>;

/** What `read` yields: records, and checkpoints after them. */
export type ReadMessage =
  | { type: 'record'; data: Record<string, unknown> }
  /**
   * Every record yielded before this state is covered by it. The runner persists the state only
   * after the destination has acknowledged all those records, so a crash resumes from here.
   */
  | { type: 'state'; state: StreamState }
  | { type: 'log'; level: 'info' | 'warn'; message: string }
  /**
   * Whole rows in PostgreSQL's COPY text format, for a destination that takes them unchanged
   * (`DestinationWriter.writeCopyText`): yielded only when the request allows it (`copyText`).
   */
  | { type: 'copy'; columns: readonly string[]; text: Buffer; rows: number };

export interface ReadRequest {
  stream: string;
  syncMode: SyncMode;
  cursorField?: string[];
  primaryKey?: string[][];
  /** The state the last committed checkpoint reached, or undefined for a first/full read. */
  state?: StreamState;
  signal: AbortSignal;
  /**
   * The runner can hand PostgreSQL COPY text rows to the destination as they are (no mapper in
   * between, and the destination takes them): a source that can may yield `copy` messages
   * instead of records, sparing both sides building and serializing an object per row.
   */
  copyText?: boolean;
}

export interface WriteRequest {
  stream: string;
  mode: WriteMode;
  /** Required for `upsert`. */
  primaryKey?: string[][];
  /** The records' schema (a pipeline's target schema, or the source stream's). */
  jsonSchema: JsonSchema;
  signal: AbortSignal;
  /**
   * The sync run this write belongs to (stable across the run's retries and resumptions), so a
   * destination can derive idempotency keys or message ids that a replay repeats, and a writer
   * opened again with the same id after a crash continues what the first one began (e.g. the
   * same overwrite staging table) instead of starting over.
   */
  runId?: string;
}

/**
 * A destination's open write. `write` resolves once the batch is durable at the destination
 * (committed rows, confirmed messages, a finished object part): that is the acknowledgement.
 * `commit` finishes the write (for `overwrite`, the atomic swap from staging); `abort` leaves
 * the destination as it was before the write began (overwrite) or as acknowledged (append/upsert).
 */
export interface DestinationWriter {
  /**
   * `checkpoint` (optional, opaque): a destination that can stores it atomically with the batch
   * (same transaction) under the request's `runId`, and answers it from `resumeState`. That makes
   * a resumed run exactly-once even when the worker died between the acknowledgement and the
   * runner's own commit of the state.
   */
  write(records: ReadonlyArray<Record<string, unknown>>, checkpoint?: StreamState): Promise<void>;
  /**
   * Optional: writes rows given in PostgreSQL's COPY text format for the named columns (the
   * source's, which are the write's schema), with the same acknowledgement and `checkpoint` rules
   * as `write`. Only offered where the text lands unchanged in a table typed by the schema.
   */
  writeCopyText?(
    chunks: ReadonlyArray<Buffer>,
    columns: readonly string[],
    checkpoint?: StreamState,
  ): Promise<void>;
  /** The last checkpoint stored with a batch of this `runId` (optional; see `write`). */
  resumeState?(): Promise<StreamState | undefined>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** What a connector may use from the server: nothing tenant-specific. */
export interface ConnectorContext {
  /** Outbound HTTP through the SSRF guard (lib/safe-fetch.ts) with the server's allowlist. */
  fetch: typeof fetch;
  /** Scratch directory for temporary files. */
  scratchDir: string;
  log(level: 'info' | 'warn', message: string): void;
  /**
   * For clients that cannot send through `fetch` (the S3 SDK, brokers): the SSRF guard's verdict on
   * a URL, refusing (throws) a non-public address not allow-listed, else the address to pin the
   * connection to. When absent, such connectors probe the URL through `fetch` instead.
   */
  checkOutbound?(url: string): Promise<{ address: string; family: 4 | 6 }>;
  /**
   * The datasets of the connection's organization (bound by context.ts; absent where no
   * organization is known). Another organization's id is simply not found.
   */
  datasets?: OrgDatasets;
  /** The uploaded files of the connection's organization (current versions), bound the same way. */
  files?: OrgFiles;
}

/** A dataset as a picker lists it: what the data overview calls it. */
export interface DatasetChoice {
  id: string;
  name: string;
  kind: string;
  rowCount: number;
}

/** One dataset opened for reading: its columns and its rows by row index. */
export interface DatasetHandle extends DatasetChoice {
  /** `columns` (CSV text columns), `records` (a JSON record per row), `json` (job results) */
  layout: string;
  columns: ReadonlyArray<{ name: string; type: string }>;
  /** Rows are only ever added at the end (row indexes are stable): incremental by row index. */
  appendOnly: boolean;
  /** Rows [from, to) in row order: a record each (a result's row: index, valid, mapped_record, message). */
  read(from: number, to: number): Promise<Record<string, unknown>[]>;
}

/** A write into the organization's dataset of a given name (created on first use). */
export interface DatasetTargetWriter {
  /** The batch as one more file: appended at once (append) or staged (overwrite), with the checkpoint in the same transaction. */
  write(records: ReadonlyArray<Record<string, unknown>>, checkpoint?: StreamState): Promise<void>;
  resumeState(): Promise<StreamState | undefined>;
  /** overwrite: the staged files replace the dataset's in one statement (readers see old or new). */
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface OrgDatasets {
  list(): Promise<DatasetChoice[]>;
  open(id: string): Promise<DatasetHandle | undefined>;
  createWriter(req: {
    name: string;
    mode: 'append' | 'overwrite';
    runId: string;
  }): Promise<DatasetTargetWriter>;
}

export interface FileChoice {
  id: string;
  name: string;
  /** the current version's file name (its extension decides the parser) */
  filename: string;
}

export interface OrgFiles {
  list(): Promise<FileChoice[]>;
  /** The current version's bytes, from the start, each call a fresh stream. */
  open(id: string): Promise<(FileChoice & { contentType: string; open(): Promise<Readable> }) | undefined>;
}

/** A setting is wrong: names the field (a JSON path into the settings) and the reason. */
export class ConnectorSettingsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The remote side failed (unreachable, refused, a table that vanished): a user-facing reason. */
export class ConnectorRuntimeError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may succeed (timeouts, 5xx, 429) — the runner retries these. */
    readonly transient = false,
  ) {
    super(message);
  }
}

export type Settings = Record<string, unknown>;

export interface SourceConnector {
  spec: ConnectorSpec;
  check(settings: Settings, ctx: ConnectorContext): Promise<void>;
  discover(settings: Settings, ctx: ConnectorContext): Promise<StreamDescriptor[]>;
  read(settings: Settings, req: ReadRequest, ctx: ConnectorContext): AsyncIterable<ReadMessage>;
}

export interface DestinationConnector {
  spec: ConnectorSpec;
  check(settings: Settings, ctx: ConnectorContext): Promise<void>;
  open(settings: Settings, req: WriteRequest, ctx: ConnectorContext): Promise<DestinationWriter>;
  /**
   * Where the connection writes, when that is inside the organization (its own datasets): two
   * connections of this type with the same `key` would mix their syncs' data, so a second one is
   * refused, naming `setting`. Absent = the destination is outside (the user's own concern).
   */
  targetOf?(settings: Settings): { setting: string; key: string };
}

export type Connector = Partial<SourceConnector> & Partial<DestinationConnector> & { spec: ConnectorSpec };
