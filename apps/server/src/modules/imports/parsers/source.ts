import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';

/** Opens the file's bytes from the start; parsers call it once for a sample and once to read. */
export type OpenStream = () => Promise<Readable>;

/** First `bytes` of the file (or all of it when shorter). */
export async function readSample(open: OpenStream, bytes = 64 * 1024): Promise<Buffer> {
  const stream = await open();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** Passes bytes through, reporting how many went by (progress). */
export function byteCounter(onBytes: (n: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
}
