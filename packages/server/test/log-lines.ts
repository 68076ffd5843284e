import { Writable } from 'node:stream';

/**
 * A log destination for `createTestApp(…, { logStream })` that keeps every JSON line the app
 * writes, parsed, in `lines` (empty it with `lines.length = 0`).
 */
export function logLines(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}
