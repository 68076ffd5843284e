import {
  isNumberPrefix,
  MOD_NAME,
  numberKey,
  SERVER_MSG,
  type StaffWorkRow,
  VIDEO_MSG,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { visibilityLock } from '../../db/visibility-lock';
import { createCatalogueAdminRepo, type StaffWorkMatch, type StaffWorkRecord } from './catalogue-admin.repo';
import { pageOffset } from '../../http/paging';
import type { StaffCaller } from '../../http/auth';
import type { AuditRecorder } from '../staff-audit/audit.service';
import { changedFields } from '../staff-audit/changed-fields';

/** What one console change sets (each part optional; the contract refuses an empty change). */
export interface WorkChanges {
  isOnline?: 0 | 1 | undefined;
  hidden?: boolean | undefined;
}

/**
 * Works in the console: find any work (hidden ones too) and switch online viewing and
 * visibility. `onChange` runs after a change is committed: the app clears its catalogue read
 * cache there, so this process never serves a work it has just hidden.
 */
export interface CatalogueAdminDeps {
  db: Kysely<DB>;
  /** Runs after a change is committed (the app clears its catalogue read cache). */
  onChange: () => void;
  /** The audit entry of a console change (features/staff-audit). */
  audit?: AuditRecorder;
}

export function createCatalogueAdminService({ db, onChange, audit }: CatalogueAdminDeps) {
  const repo = createCatalogueAdminRepo(db);

  return {
    async list(keyword: string | undefined, pageNum: number, pageSize: number) {
      const match = keyword === undefined ? undefined : matchOf(keyword);
      const { rows, total } = await repo.list(match, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map(toRow), total };
    },

    /**
     * Applies the changes in one transaction; 404 for an unknown work. Hiding or showing moves
     * the entity counts with it, under the visibility lock that catalogue writes share. Online
     * viewing goes on only for a work with a made video (409 otherwise, nothing changed): a VIP
     * tapping play must get the title, not a test pattern. A video that is made turns it on by
     * itself.
     */
    async update(workId: string, changes: WorkChanges, actor?: StaffCaller): Promise<StaffWorkRow> {
      const row = await repo.inTransaction(async (trx) => {
        if (changes.hidden !== undefined) await visibilityLock.exclusive(trx);
        const before = await repo.find(workId, true, trx);
        if (!before) throw notFound(SERVER_MSG.workNotFound);
        if (changes.isOnline === 1 && !(await repo.hasReadyVideo(workId, trx))) {
          throw conflict(VIDEO_MSG.noVideoToPlay);
        }
        if (changes.isOnline !== undefined) await repo.setOnline(workId, changes.isOnline, trx);
        if (changes.hidden !== undefined) await repo.setHidden(workId, changes.hidden, trx);
        const after = await repo.find(workId, false, trx);
        if (actor && audit && after) {
          const [was, is] = changedFields(auditedWork(before), auditedWork(after));
          await audit(
            actor,
            { action: 'work.update', objectType: 'work', objectId: workId, before: was, after: is },
            trx,
          );
        }
        return after;
      });
      if (!row) throw notFound(SERVER_MSG.workNotFound);
      onChange();
      return toRow(row);
    },
  };
}

/** What the audit log keeps of a work's console state. */
const auditedWork = (row: StaffWorkRecord) => ({
  number: row.number,
  isOnline: row.is_online,
  hidden: row.hidden,
});

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/**
 * A console keyword as catalogue search reads numbers (decision 003): `ssis001`, `SSIS-001` and
 * `ssis-00001` are one number key; a bare letter prefix (`ssis`) lists its numbers; digits alone
 * may also be a work id.
 */
function matchOf(keyword: string): StaffWorkMatch {
  const text = keyword.trim();
  return {
    numberKey: numberKey(text) || undefined,
    numberPrefix: isNumberPrefix(text) ? numberKey(text) : undefined,
    workId: /^\d+$/.test(text) ? text : undefined,
  };
}

function toRow(row: StaffWorkRecord): StaffWorkRow {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    modName: MOD_NAME[row.channel],
    pubTime: row.pub_date,
    isOnline: row.is_online,
    hidden: row.hidden,
    picSmall: row.pic_small,
  };
}
