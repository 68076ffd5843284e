import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { SITE_TIME_ZONE, shanghaiTime, shanghaiTimeOf, shanghaiTimeOrNull } from '../../db/site-time-sql';
import { likePrefix, likeSuffix } from '../../db/like';
import { type Executor, inTransaction } from '../../db/executor';

/** A code as stored: the SHA-256 of its normal form and its last characters. */
export interface StoredCode {
  hash: string;
  tail: string;
}

/** A batch as the console lists it. */
export interface CodeBatchRecord {
  batch: string;
  packageId: string;
  packageName: string;
  /** Who minted it in the console; null for the CLI's and older batches. */
  creatorName: string | null;
  total: number;
  used: number;
  createTime: string;
}

/** What the console's code list is narrowed to (all optional). */
export interface CodeFilter {
  batch?: string | undefined;
  used?: boolean | undefined;
  /** Codes whose tail ends with this (normal form). */
  tail?: string | undefined;
  /** Codes redeemed by a user whose name starts with this (any case). */
  userName?: string | undefined;
}

/** A code as the console lists it (never the code itself: only its tail). */
export interface CodeRecord {
  codeTail: string;
  batch: string;
  packageName: string;
  createTime: string;
  userId: string | null;
  userName: string | null;
  redeemedAt: string | null;
}

/** Rows written per INSERT when storing a batch. */
const INSERT_CHUNK = 500;

/** Activation codes (stored as hashes only) and failed-redeem counters. */
export function createActivationCodesRepo(db: Kysely<DB>) {
  return {
    /** Runs `work` in one transaction: a batch stored together, or not at all. */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    /** Stores a batch of codes (hash and tail) for one package. */
    async insertCodes(
      codes: StoredCode[],
      batch: { packageId: string; name: string; createdBy: string | null },
      trx: Executor,
    ): Promise<void> {
      for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('activation_codes')
          .values(
            codes.slice(i, i + INSERT_CHUNK).map(({ hash, tail }) => ({
              code_hash: hash,
              code_tail: tail,
              package_id: batch.packageId,
              batch: batch.name,
              created_by: batch.createdBy,
            })),
          )
          .execute();
      }
    },

    /**
     * How many codes `userId` minted since the start of today (Asia/Shanghai), with the minter's
     * row locked until the transaction ends, so two mints at once are counted one after the other.
     */
    async mintedTodayLocked(userId: string, trx: Executor): Promise<number> {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const row = await trx
        .selectFrom('activation_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('created_by', '=', userId)
        .where(
          'created_at',
          '>=',
          sql<Date>`date_trunc('day', now() AT TIME ZONE ${sql.lit(SITE_TIME_ZONE)}) AT TIME ZONE ${sql.lit(SITE_TIME_ZONE)}`,
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Batches (a name and a package) newest first, with how many codes each has and has used. */
    async batches(limit: number, offset: number): Promise<{ rows: CodeBatchRecord[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('activation_codes as c')
          .innerJoin('vip_packages as p', 'p.id', 'c.package_id')
          .leftJoin('users as minter', 'minter.id', 'c.created_by')
          .select([
            'c.batch',
            'c.package_id as packageId',
            'p.name as packageName',
            'minter.user_name as creatorName',
            sql<string>`count(*)`.as('total'),
            sql<string>`count(c.redeemed_at)`.as('used'),
            shanghaiTimeOf(sql`min(c.created_at)`).as('createTime'),
          ])
          .groupBy(['c.batch', 'c.package_id', 'p.name', 'c.created_by', 'minter.user_name'])
          .orderBy(sql`max(c.created_at)`, 'desc')
          .orderBy('c.batch')
          .orderBy('c.package_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom(
            db
              .selectFrom('activation_codes')
              .select(['batch', 'package_id', 'created_by'])
              .distinct()
              .as('b'),
          )
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, total: Number(row.total), used: Number(row.used) })),
        total: Number(count.n),
      };
    },

    /** Codes newest first, narrowed by batch, used or not, and a tail or the redeeming user's name. */
    async codes(
      filter: CodeFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: CodeRecord[]; total: number }> {
      let query = db
        .selectFrom('activation_codes as c')
        .innerJoin('vip_packages as p', 'p.id', 'c.package_id')
        .leftJoin('users as u', 'u.id', 'c.redeemed_by');
      if (filter.batch !== undefined) query = query.where('c.batch', '=', filter.batch);
      if (filter.used !== undefined)
        query = query.where('c.redeemed_at', filter.used ? 'is not' : 'is', null);
      const { tail, userName } = filter;
      if (tail !== undefined || userName !== undefined) {
        query = query.where((eb) =>
          eb.or([
            ...(tail ? [eb('c.code_tail', 'like', likeSuffix(tail))] : []),
            ...(userName ? [eb('u.user_name_key', 'like', likePrefix(userName.toLowerCase()))] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .select([
            'c.code_tail as codeTail',
            'c.batch',
            'p.name as packageName',
            shanghaiTime('c.created_at').as('createTime'),
            'u.id as userId',
            'u.user_name as userName',
            shanghaiTimeOrNull('c.redeemed_at').as('redeemedAt'),
          ])
          .orderBy('c.created_at', 'desc')
          .orderBy('c.batch')
          .orderBy('c.code_tail')
          .orderBy('c.code_hash')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Marks an unused code as redeemed by the user and answers what it grants; undefined when
     * there is no such code or it was used. One UPDATE, so of parallel redemptions PostgreSQL's
     * row lock lets exactly one see `redeemed_at IS NULL`.
     */
    claim(codeHash: string, userId: string, trx: Executor) {
      return trx
        .updateTable('activation_codes')
        .from('vip_packages')
        .set({ redeemed_by: userId, redeemed_at: sql<Date>`now()` })
        .whereRef('vip_packages.id', '=', 'activation_codes.package_id')
        .where('activation_codes.code_hash', '=', codeHash)
        .where('activation_codes.redeemed_at', 'is', null)
        .returning(['vip_packages.days', 'vip_packages.level_id as levelId'])
        .executeTakeFirst();
    },

    /** Whether the user's redeem attempts are locked now. */
    async isLocked(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('redeem_failures')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('locked_until', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Counts one wrong code against the user in a window of `windowMinutes` (a new window starts
     * when the old one has passed); reaching `limit` locks redeeming for `windowMinutes`. One
     * statement, so parallel failures all count.
     */
    async recordFailure(userId: string, limit: number, windowMinutes: number): Promise<void> {
      const window = sql`make_interval(mins => ${windowMinutes})`;
      const stale = sql`f.window_started_at <= now() - ${window}`;
      const next = sql`CASE WHEN ${stale} THEN 1 ELSE f.failures + 1 END`;
      await sql`
        INSERT INTO redeem_failures AS f (user_id, failures, window_started_at, locked_until)
        VALUES (${userId}, 1, now(), CASE WHEN 1 >= ${limit} THEN now() + ${window} END)
        ON CONFLICT (user_id) DO UPDATE SET
          failures = ${next},
          window_started_at = CASE WHEN ${stale} THEN now() ELSE f.window_started_at END,
          locked_until = CASE WHEN ${next} >= ${limit} THEN now() + ${window} ELSE f.locked_until END
      `.execute(db);
    },

    /** A redeemed code forgets the user's earlier wrong ones. */
    async clearFailures(userId: string): Promise<void> {
      await db.deleteFrom('redeem_failures').where('user_id', '=', userId).execute();
    },
  };
}

export type ActivationCodesRepo = ReturnType<typeof createActivationCodesRepo>;
