/**
 * Writes Parquet files of JSON-rows columns without DuckDB, for a job's result: an engine thread
 * builds each row group's column chunks (parquet-build.ts), hands their bytes over, and the
 * part's writer (main thread) puts them one after the other and ends the file with its footer. The TSV → DuckDB → Parquet
 * path (json-rows.ts) cost the main thread 3 µs a record of a job; this costs it a write.
 *
 * The files read as DuckDB's did: the same columns, types (BIGINT as INT64, BOOLEAN, JSON as
 * UTF-8 text) and OPTIONAL repetition, min / max statistics on numbers and booleans. The
 * footer is thrift, written by hyparquet-writer.
 */
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { ColumnChunk, FileMetaData, SchemaElement } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { type DatasetCtx, type DatasetFile, scratchPath, storeFile } from './dataset-files.ts';
import type { BuiltRowGroup } from './parquet-build.ts';
import type { JsonColumn } from './row-text.ts';

function schemaOf(columns: readonly JsonColumn[]): SchemaElement[] {
  return [
    { name: 'schema', num_children: columns.length, repetition_type: 'REQUIRED' },
    ...columns.map((c): SchemaElement => {
      if (c.type === 'BIGINT') return { name: c.name, type: 'INT64', repetition_type: 'OPTIONAL' };
      if (c.type === 'BOOLEAN') return { name: c.name, type: 'BOOLEAN', repetition_type: 'OPTIONAL' };
      return {
        name: c.name,
        type: 'BYTE_ARRAY',
        repetition_type: 'OPTIONAL',
        converted_type: 'UTF8',
        logical_type: { type: 'STRING' },
      };
    }),
  ];
}

/**
 * A Parquet file built from row groups as they come (a job part's, in order), then moved into
 * the blob store. Only the footer's few bytes per row group stay in memory.
 */
export async function createParquetWriter(ctx: DatasetCtx, columns: readonly JsonColumn[]) {
  const schema = schemaOf(columns);
  const path = await scratchPath(ctx, 'parquet');
  const file = await open(path, 'w');
  // hashed as written: the blob store then takes the file as it is (BlobStore.adopt)
  const hash = createHash('sha256');
  await file.write(MAGIC);
  hash.update(MAGIC);
  let offset = MAGIC.length;
  let rows = 0;
  const groups: FileMetaData['row_groups'] = [];
  let closed = false;
  const close = async () => {
    if (!closed) await file.close();
    closed = true;
  };
  return {
    get rows() {
      return rows;
    },
    async append(group: BuiltRowGroup) {
      if (!group.rows) return;
      await file.write(group.bytes, 0, group.bytes.length, offset);
      hash.update(group.bytes);
      const chunksOf = group.chunks.map((c, i): ColumnChunk => {
        const element = schema[i + 1]!;
        const start = BigInt(offset + c.offset);
        const size = BigInt(c.size);
        return {
          file_offset: start,
          meta_data: {
            type: element.type!,
            encodings: ['PLAIN', 'RLE'],
            path_in_schema: [element.name],
            codec: 'UNCOMPRESSED',
            num_values: BigInt(group.rows),
            total_uncompressed_size: size,
            total_compressed_size: size,
            data_page_offset: start,
            statistics: {
              null_count: 0n,
              ...(c.min === undefined
                ? {}
                : { min_value: statValue(element, c.min), max_value: statValue(element, c.max!) }),
            },
          },
        };
      });
      groups.push({
        columns: chunksOf,
        num_rows: BigInt(group.rows),
        total_byte_size: BigInt(group.bytes.length),
        total_compressed_size: BigInt(group.bytes.length),
        file_offset: BigInt(offset),
      });
      offset += group.bytes.length;
      rows += group.rows;
    },
    /** The file in the blob store, or null when no row was written. */
    async finish(): Promise<DatasetFile | null> {
      try {
        if (!rows) return null;
        const footer = new ByteWriter(1024 + groups.length * 512);
        writeMetadata(footer, {
          version: 1,
          schema,
          num_rows: BigInt(rows),
          row_groups: groups,
          created_by: 'mapwright',
          metadata_length: 0,
        });
        footer.appendBytes(MAGIC);
        const tail = footer.getBytes();
        await file.write(tail, 0, tail.length, offset);
        hash.update(tail);
        await close();
        return await storeFile(ctx, path, rows, hash.digest('hex'));
      } finally {
        await close();
        await rm(path, { force: true });
      }
    },
    async abort() {
      await close();
      await rm(path, { force: true });
    },
  };
}

const MAGIC = new TextEncoder().encode('PAR1');

const statValue = (element: SchemaElement, v: number | boolean) =>
  element.type === 'INT64' ? BigInt(v as number) : v;
