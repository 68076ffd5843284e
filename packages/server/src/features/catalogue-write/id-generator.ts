import { randomInt } from 'node:crypto';

/** Ids count milliseconds from here: 2010-01-01 UTC. */
export const ID_EPOCH_MS = Date.UTC(2010, 0, 1);

const WORKER_BITS = 10n;
const SEQUENCE_BITS = 12n;
const MAX_WORKER = 2 ** Number(WORKER_BITS) - 1;
const MAX_SEQUENCE = 2 ** Number(SEQUENCE_BITS) - 1;

/**
 * A snowflake-style work id: `(ms since 2010-01-01 UTC) << 22 | worker << 12 | sequence`, as a
 * decimal string. Any instant from 2010-01-04 on gives at least 16 digits (docs/product.md §5: detail ids are
 * ≥ 16 characters), and ids stay below 2^63 until 2079.
 */
export function snowflakeId(epochMs: number, workerId: number, sequence: number): string {
  const ms = epochMs - ID_EPOCH_MS;
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`time before the id epoch: ${epochMs}`);
  if (!Number.isInteger(workerId) || workerId < 0 || workerId > MAX_WORKER) {
    throw new RangeError(`worker id out of range: ${workerId}`);
  }
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > MAX_SEQUENCE) {
    throw new RangeError(`sequence out of range: ${sequence}`);
  }
  const id =
    (BigInt(ms) << (WORKER_BITS + SEQUENCE_BITS)) | (BigInt(workerId) << SEQUENCE_BITS) | BigInt(sequence);
  return id.toString();
}

export interface IdGeneratorOptions {
  /**
   * 0–1023, or where to read it each time: a process's WorkerLease (db/worker-lease.ts),
   * unique among the live processes of its database. Defaults to a random worker — for tests
   * and tools, never for servers sharing a database.
   */
  workerId?: number | (() => number);
  /** Clock in epoch ms; a fixed clock gives a deterministic sequence of ids (the demo seed). */
  now?: () => number;
}

/**
 * Makes strictly increasing work ids. Within one millisecond the sequence counts up; when it
 * runs out, or the clock steps back, the generator borrows the next millisecond rather than
 * repeat or go backwards.
 */
export function createIdGenerator(options: IdGeneratorOptions = {}): () => string {
  const given = options.workerId ?? randomInt(MAX_WORKER + 1);
  const workerId = typeof given === 'number' ? () => given : given;
  const now = options.now ?? Date.now;
  let lastMs = -1;
  let sequence = 0;
  return () => {
    const ms = now();
    if (ms > lastMs) {
      lastMs = ms;
      sequence = 0;
    } else if (sequence < MAX_SEQUENCE) {
      sequence += 1;
    } else {
      lastMs += 1;
      sequence = 0;
    }
    return snowflakeId(lastMs, workerId(), sequence);
  };
}
