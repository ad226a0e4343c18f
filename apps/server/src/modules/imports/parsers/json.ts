import { createInterface } from 'node:readline';
import { JSONParser } from '@streamparser/json';
import iconv from 'iconv-lite';
import { sniffEncoding } from './detect.ts';
import { byteCounter, type OpenStream, readSample } from './source.ts';
import {
  type Detected,
  MAX_DEPTH,
  type ParsedItem,
  type ParseOptions,
  UnreadableFileError,
} from './types.ts';

/** Depth of a parsed value, without recursion (hostile input can be deeper than the stack). */
export function depthOf(value: unknown, limit = MAX_DEPTH + 1): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max >= limit) return max;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

function asRecord(value: unknown, line: number): ParsedItem {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      kind: 'problem',
      line,
      reason: `expected an object, found ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
      raw: JSON.stringify(value)?.slice(0, 500),
    };
  }
  if (depthOf(value) > MAX_DEPTH)
    return { kind: 'problem', line, reason: `nested deeper than ${MAX_DEPTH} levels` };
  return { kind: 'record', line, record: value as Record<string, unknown> };
}

/** JSON Lines: one object per line; a line that is not valid JSON is a problem, the rest go on. */
export async function parseJsonl(open: OpenStream, opts: ParseOptions, onBytes: (n: number) => void) {
  const encoding = opts.encoding ?? sniffEncoding(await readSample(open));
  const detected: Detected = { format: 'jsonl', encoding };
  async function* items(): AsyncIterable<ParsedItem> {
    const input = (await open()).pipe(byteCounter(onBytes)).pipe(iconv.decodeStream(encoding));
    let line = 0;
    for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      line++;
      const trimmed = text.replace(/^\uFEFF/, '').trim();
      if (trimmed === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch (err) {
        yield {
          kind: 'problem',
          line,
          reason: `invalid JSON: ${(err as Error).message}`,
          raw: trimmed.slice(0, 500),
        };
        continue;
      }
      yield asRecord(value, line);
    }
  }
  return { detected, items: items() };
}

/**
 * A JSON document: an array of objects is streamed element by element; a single object is one
 * record. A syntax error stops the import (the rest of a broken document cannot be trusted).
 */
export async function parseJson(open: OpenStream, opts: ParseOptions, onBytes: (n: number) => void) {
  const sample = await readSample(open);
  const encoding = opts.encoding ?? sniffEncoding(sample);
  const first = iconv
    .decode(sample, encoding)
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  if (first !== '[' && first !== '{')
    throw new UnreadableFileError('The JSON must be an array of objects or an object');
  const detected: Detected = { format: 'json', encoding };
  async function* items(): AsyncIterable<ParsedItem> {
    // an array is streamed element by element ($.*); only a single-object document is held whole
    const parser = new JSONParser({ paths: [first === '[' ? '$.*' : '$'], keepStack: false });
    const queue: ParsedItem[] = [];
    let index = 0;
    parser.onValue = ({ value }) => void queue.push(asRecord(value, ++index));
    const fail = (err: unknown) =>
      new UnreadableFileError(`The JSON is malformed: ${(err as Error).message}`);
    const input = (await open()).pipe(byteCounter(onBytes)).pipe(iconv.decodeStream(encoding));
    let started = false;
    for await (const chunk of input) {
      try {
        parser.write(started ? (chunk as string) : (chunk as string).replace(/^\uFEFF/, ''));
      } catch (err) {
        throw fail(err);
      }
      started = true;
      while (queue.length) yield queue.shift()!;
    }
    // the parser ends by itself once the root value is complete; ending it again would throw
    if (!parser.isEnded) {
      try {
        parser.end();
      } catch (err) {
        throw fail(err);
      }
    }
    while (queue.length) yield queue.shift()!;
  }
  return { detected, items: items() };
}
