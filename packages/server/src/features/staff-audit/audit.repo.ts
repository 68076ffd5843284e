import { type AuditFilter, isInt64Id } from '@yingku/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { SITE_TIME_ZONE, shanghaiTime } from '../../db/site-time-sql';

/** One entry as it is written. */
export interface AuditRecord {
  actorId: string;
  action: string;
  objectType: string;
  objectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  ip: string;
  requestId: string;
}

/** One entry as the console reads it. */
export interface AuditEntryRecord extends Omit<AuditRecord, 'before' | 'after'> {
  id: string;
  time: string;
  actorName: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const siteTime = (text: string) => sql<Date>`(${text}::timestamp AT TIME ZONE ${sql.lit(SITE_TIME_ZONE)})`;

/** staff_actions: written with the change it records, read by 操作日志; never updated (decision 071). */
export function createAuditRepo(db: Executor) {
  function select(filter: AuditFilter & { id?: string }) {
    let query = db
      .selectFrom('staff_actions as a')
      .innerJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        sql<string>`a.id::text`.as('id'),
        shanghaiTime('a.created_at').as('time'),
        sql<string>`a.actor_id::text`.as('actorId'),
        'u.user_name as actorName',
        'a.action',
        'a.object_type as objectType',
        'a.object_id as objectId',
        'a.before',
        'a.after',
        'a.reason',
        'a.ip',
        'a.request_id as requestId',
      ]);
    if (filter.id !== undefined) query = query.where('a.id', '=', filter.id);
    if (filter.actor !== undefined) {
      const actor = filter.actor;
      query = query.where((eb) =>
        isInt64Id(actor)
          ? eb.or([eb('a.actor_id', '=', actor), eb('u.user_name_key', '=', actor.toLowerCase())])
          : eb('u.user_name_key', '=', actor.toLowerCase()),
      );
    }
    if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
    if (filter.objectType !== undefined) query = query.where('a.object_type', '=', filter.objectType);
    if (filter.objectId !== undefined) query = query.where('a.object_id', '=', filter.objectId);
    if (filter.from !== undefined)
      query = query.where(sql<boolean>`a.created_at >= ${siteTime(filter.from)}`);
    if (filter.to !== undefined) query = query.where(sql<boolean>`a.created_at < ${siteTime(filter.to)}`);
    return query;
  }

  return {
    /** Writes one entry on the change's own transaction. */
    async insert(entry: AuditRecord, trx: Executor): Promise<void> {
      await trx
        .insertInto('staff_actions')
        .values({
          actor_id: entry.actorId,
          action: entry.action,
          object_type: entry.objectType,
          object_id: entry.objectId,
          before: entry.before === null ? null : JSON.stringify(entry.before),
          after: entry.after === null ? null : JSON.stringify(entry.after),
          reason: entry.reason,
          ip: entry.ip,
          request_id: entry.requestId,
        })
        .execute();
    },

    /** Entries newest first, and how many match. */
    async list(filter: AuditFilter, limit: number, offset: number) {
      const [rows, counted] = await Promise.all([
        select(filter).orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
        select(filter)
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as AuditEntryRecord[], total: Number(counted.total) };
    },

    async find(id: string): Promise<AuditEntryRecord | undefined> {
      return (await select({ id } as AuditFilter & { id: string }).executeTakeFirst()) as
        AuditEntryRecord | undefined;
    },
  };
}
