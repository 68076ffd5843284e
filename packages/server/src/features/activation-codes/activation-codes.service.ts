import { type Membership, SERVER_MSG, STAFF_MSG, type StaffCodeRow } from '@yingku/contract';
import { requireRecentConfirmation, type StaffCaller } from '../../http/auth';
import type { AuditRecorder } from '../staff-audit/audit.service';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, badRequest, tooManyRequests } from '../../http/errors';
import type { MembershipService } from '../membership/membership.service';
import { CODE_TAIL_LENGTH, codeTail, generateCode, hashCode, normaliseCode } from './activation-code';
import type { VipPackageRecord, VipPackagesService } from '../vip-packages/vip-packages.service';
import { createActivationCodesRepo } from './activation-codes.repo';
import { formatSiteTime } from '../../lib/site-time';
import { pageOffset } from '../../http/paging';

/**
 * Wrong codes a user may enter in {@link REDEEM_LIMITS.windowMinutes} before redeeming is locked
 * for as long. Codes carry 130 random bits, so guessing is hopeless anyway; the lock keeps a
 * script from hammering the table and tells a confused user to stop and check the card.
 */
export const REDEEM_LIMITS = { failures: 5, windowMinutes: 15 } as const;

/** Most codes one batch may hold. */
export const MAX_BATCH = 100_000;

/** The batch name used when none is given: `codes-20261122T083000Z`. */
export function defaultBatch(now: Date): string {
  return `codes-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/** A generated batch: the codes in their typable form, shown once and never stored. */
export interface CodeBatch {
  package: VipPackageRecord;
  batch: string;
  codes: string[];
}

export interface ActivationCodesDeps {
  db: Kysely<DB>;
  /** The console's mints: their audit entries (features/staff-audit) and each person's daily cap. */
  minting?: { audit: AuditRecorder; dailyCap: number };
  /** Grants a redeemed code's VIP. */
  membership: MembershipService;
  /** Finds the package a batch is made for and a code grants. */
  packages: VipPackagesService;
}

const stored = (codes: string[]) => codes.map((code) => ({ hash: hashCode(code), tail: codeTail(code) }));

/** Generating activation codes (operators, from the CLI) and redeeming them (users). */
export function createActivationCodesService({ db, membership, packages, minting }: ActivationCodesDeps) {
  const repo = createActivationCodesRepo(db);

  return {
    /**
     * Makes `count` codes for a package (id or name) and stores their hashes under `batch`.
     * `beforeCommit` runs inside the transaction with the codes (the CLI writes its file
     * there), so a batch is stored only if its codes were handed over.
     */
    async createBatch(
      packageRef: string,
      count: number,
      batch: string,
      beforeCommit: (batch: CodeBatch) => Promise<void> = async () => {},
    ): Promise<CodeBatch> {
      if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH) {
        throw new AppError(400, SERVER_MSG.badRequest, `count must be 1 … ${MAX_BATCH}`);
      }
      const pkg = await packages.find(packageRef);
      if (!pkg) {
        const detail = `No package "${packageRef}" (see: npm run admin -- packages)`;
        throw new AppError(404, SERVER_MSG.packageMissing, detail);
      }
      const codes = new Set<string>();
      while (codes.size < count) codes.add(generateCode());
      const result: CodeBatch = { package: pkg, batch, codes: [...codes] };
      await repo.inTransaction(async (trx) => {
        await repo.insertCodes(
          stored(result.codes),
          { packageId: pkg.id, name: batch, createdBy: null },
          trx,
        );
        await beforeCommit(result);
      });
      return result;
    },

    /**
     * The console's mint: as {@link createBatch}, by `actor`, who is named as the codes' creator
     * and in the audit entry, within their daily cap (429 past it; nothing is stored).
     */
    async mint(actor: StaffCaller, packageRef: string, count: number, batch: string): Promise<CodeBatch> {
      if (!minting) throw new Error('minting is not set up');
      requireRecentConfirmation(actor);
      const pkg = await packages.find(packageRef);
      if (!pkg) throw new AppError(404, SERVER_MSG.packageMissing, `No package "${packageRef}"`);
      const codes = new Set<string>();
      while (codes.size < count) codes.add(generateCode());
      const result: CodeBatch = { package: pkg, batch, codes: [...codes] };
      await repo.inTransaction(async (trx) => {
        const minted = await repo.mintedTodayLocked(actor.userId, trx);
        if (minted + count > minting.dailyCap) throw tooManyRequests(STAFF_MSG.mintCapReached);
        await repo.insertCodes(
          stored(result.codes),
          { packageId: pkg.id, name: batch, createdBy: actor.userId },
          trx,
        );
        await minting.audit(
          actor,
          {
            action: 'codes.mint',
            objectType: 'codeBatch',
            objectId: batch,
            after: { packageId: pkg.id, packageName: pkg.name, count, mintedToday: minted + count },
          },
          trx,
        );
      });
      return result;
    },

    /** The console's batch list, newest first. */
    batches: (pageNum: number, pageSize: number) => repo.batches(pageSize, pageOffset(pageNum, pageSize)),

    /**
     * The console's code list. `keyword` matches the end of a code's tail (a whole code typed or
     * pasted is cut to its tail) or the start of the redeeming user's name.
     */
    async codes(
      filter: { batch?: string | undefined; used?: boolean | undefined; keyword?: string | undefined },
      pageNum: number,
      pageSize: number,
    ): Promise<{ rows: StaffCodeRow[]; total: number }> {
      const { keyword } = filter;
      const typed = keyword === undefined ? '' : normaliseCode(keyword);
      const tail = /^[0-9A-Z]+$/.test(typed) ? typed.slice(-CODE_TAIL_LENGTH) : undefined;
      const { rows, total } = await repo.codes(
        { batch: filter.batch, used: filter.used, tail, userName: keyword },
        pageSize,
        pageOffset(pageNum, pageSize),
      );
      return {
        rows: rows.map(({ userId, userName, ...row }) => ({
          ...row,
          redeemedBy: userId !== null && userName !== null ? { userId, userName } : null,
        })),
        total,
      };
    },

    /**
     * Redeems a code for the user: the code is marked used and the package's VIP days granted
     * in one transaction. A wrong or used code counts against the user's limit (400); a locked
     * user is refused before the code is looked at (429).
     */
    async redeem(userId: string, typed: string): Promise<Membership> {
      if (await repo.isLocked(userId)) throw tooManyRequests(SERVER_MSG.codeLocked);
      const granted = await membership.inTransaction(async (trx) => {
        const grant = await repo.claim(hashCode(typed), userId, trx);
        return grant ? membership.extendVip({ userId, ...grant }, trx) : undefined;
      });
      if (!granted) {
        await repo.recordFailure(userId, REDEEM_LIMITS.failures, REDEEM_LIMITS.windowMinutes);
        throw badRequest(SERVER_MSG.codeInvalid);
      }
      await repo.clearFailures(userId);
      return {
        levelId: granted.levelId,
        groupName: granted.groupName,
        vipUntil: granted.vipUntil ? formatSiteTime(granted.vipUntil) : null,
      };
    },
  };
}

export type ActivationCodesService = ReturnType<typeof createActivationCodesService>;
