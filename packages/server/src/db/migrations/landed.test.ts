import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import landed from './landed.json';

/**
 * Migrations are append-only: a database that ran one never runs it again, so an edit to a landed
 * file reaches new sites only and the schemas drift apart. landed.json holds the SHA-256 of every
 * landed migration; a change to one fails here. A new migration adds its line in the same commit.
 */
describe('migrations', () => {
  it('are never edited once landed, and each new one records its hash', async () => {
    const dir = import.meta.dirname;
    const files = (await readdir(dir)).filter(
      (name) => /^\d{4}-.*\.ts$/.test(name) && !name.endsWith('.test.ts'),
    );
    const hashes = Object.fromEntries(
      await Promise.all(
        files.map(async (name) => [
          path.basename(name, '.ts'),
          createHash('sha256')
            .update(await readFile(path.join(dir, name)))
            .digest('hex'),
        ]),
      ),
    );
    expect(hashes, 'a landed migration changed, or a new one is missing from landed.json').toEqual(landed);
  });
});
