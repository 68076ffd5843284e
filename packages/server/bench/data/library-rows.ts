import { SERVER_MSG } from '@yingku/contract';
import { createDice, type Dice } from '../../src/db/seed/demo-random';
import type { CataloguePlan } from './catalogue-plan';
import { copyBool, copyText } from './copy-text';
import { FIRST_FOLDER_ID, FIRST_USER_ID, type LibraryPlan } from './library-plan';
import { chunked, type TableLoad } from './table-load';

/** The password every bench user has (one argon2id hash, computed once per run, serves them all). */
export const BENCH_PASSWORD = 'bench-password-1';

/** `bench000042`: unique, 6–32 characters like a registered name; lower case, so also its key. */
export function benchUserName(u: number): string {
  return `bench${String(u + 1).padStart(6, '0')}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** A time on a day, Asia/Shanghai, as timestamptz text. */
const at = (day: string, dice: Dice) =>
  `${day} ${pad2(dice.int(0, 23))}:${pad2(dice.int(0, 59))}:${pad2(dice.int(0, 59))}+08`;

/**
 * Users as registration makes them (accounts.repo.ts createUser): member role, level 1, a
 * default folder each. A few are VIPs in force, a few had VIP and let it lapse.
 */
export function usersLoad(plan: CataloguePlan, library: LibraryPlan, passwordHash: string): TableLoad {
  const columns = [
    'id', 'user_name', 'user_name_key', 'email', 'password_hash', 'level_id', 'vip_until', 'created_at',
    'last_login_at',
  ];
  const hash = copyText(passwordHash);
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 89 + 5);
    const now = Date.now();
    for (let u = 0; u < library.users; u++) {
      const name = benchUserName(u);
      const vip = dice.float();
      const vipUntil =
        vip < 0.05
          ? new Date(now + dice.int(1, 365) * 86_400_000).toISOString()
          : vip < 0.07
            ? new Date(now - dice.int(1, 365) * 86_400_000).toISOString()
            : '\\N';
      const joined = library.userDay[u]!;
      const lastLogin = dice.chance(0.6) ? at(plan.days[dice.int(0, Math.min(joined, 90))]!, dice) : '\\N';
      yield `${FIRST_USER_ID + u}\t${name}\t${name}\t${name}@example.com\t${hash}\t${vipUntil === '\\N' ? 1 : 2}\t${vipUntil}\t${at(plan.days[joined]!, dice)}\t${lastLogin}\n`;
    }
  }
  return { table: 'users', columns, expectedRows: library.users, rowCost: 3, chunks: () => chunked(lines()) };
}

/** Every user's default folder, plus more folders for one user in ten. */
export function foldersLoad(plan: CataloguePlan, library: LibraryPlan): TableLoad {
  const columns = ['id', 'user_id', 'name', 'description', 'is_private', 'is_default', 'work_count', 'created_at'];
  const defaultName = copyText(SERVER_MSG.defaultFolderName);
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 89 + 7);
    for (let u = 0; u < library.users; u++) {
      const created = at(plan.days[library.userDay[u]!]!, dice);
      for (let f = library.folderStart[u]!; f < library.folderStart[u + 1]!; f++) {
        const isDefault = f === library.folderStart[u];
        const name = isDefault ? defaultName : `收藏夹 ${f - library.folderStart[u]! + 1}`;
        const isPrivate = !isDefault && dice.chance(0.2);
        yield `${FIRST_FOLDER_ID + f}\t${FIRST_USER_ID + u}\t${name}\t\t${copyBool(isPrivate)}\t${copyBool(isDefault)}\t${library.folderWorks[f]}\t${created}\n`;
      }
    }
  }
  const expectedRows = library.folderStart[library.users]!;
  return { table: 'collect_folders', columns, expectedRows, rowCost: 3, chunks: () => chunked(lines()) };
}

/** A day after both the sign-up and the work's publication. */
function dayAfter(plan: CataloguePlan, library: LibraryPlan, u: number, w: number, dice: Dice) {
  return plan.days[dice.int(0, Math.min(library.userDay[u]!, plan.day[w]!))]!;
}

export function likesLoad(plan: CataloguePlan, library: LibraryPlan): TableLoad {
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 89 + 11);
    for (let u = 0; u < library.users; u++) {
      for (let k = library.likeStart[u]!; k < library.likeStart[u + 1]!; k++) {
        const w = library.likeWork[k]!;
        yield `${FIRST_USER_ID + u}\t${plan.ids[w]}\t${at(dayAfter(plan, library, u, w, dice), dice)}\n`;
      }
    }
  }
  return {
    table: 'likes',
    columns: ['user_id', 'work_id', 'created_at'],
    expectedRows: library.likeWork.length,
    rowCost: 3,
    chunks: () => chunked(lines()),
  };
}

export function collectEntriesLoad(plan: CataloguePlan, library: LibraryPlan): TableLoad {
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 89 + 13);
    for (let u = 0; u < library.users; u++) {
      for (let k = library.collectStart[u]!; k < library.collectStart[u + 1]!; k++) {
        const w = library.collectWork[k]!;
        const folder = FIRST_FOLDER_ID + library.collectFolder[k]!;
        yield `${folder}\t${plan.ids[w]}\t${FIRST_USER_ID + u}\t${at(dayAfter(plan, library, u, w, dice), dice)}\n`;
      }
    }
  }
  return {
    table: 'collect_entries',
    columns: ['folder_id', 'work_id', 'user_id', 'created_at'],
    expectedRows: library.collectWork.length,
    rowCost: 3,
    chunks: () => chunked(lines()),
  };
}

/** Rating ids start where work_ratings' identity starts (migration 0015). */
export const FIRST_RATING_ID = 1000001;
/** One like in this many is also a rating: popular works get many, most none (decision 044). */
const RATING_EVERY = 3;
/** Neutral review texts, two to a review. */
const REVIEW_PHRASES = [
  '画面清楚', '节奏平稳', '剧情完整', '配乐合适', '时长合适', '值得一看', '中规中矩', '拍摄用心',
  '细节不错', '略显拖沓', '结尾仓促', '整体满意',
];

/**
 * Members' ratings: one like in {@link RATING_EVERY}, 1–5 stars leaning high, six in ten with a
 * short review written after the like; none marked 有用 or reported yet (those tables are emptied
 * with work_ratings by TRUNCATE … CASCADE). The works' figures are recounted from them after the
 * load (reviews.repo.ts ratingsRecountSql).
 */
export function ratingsLoad(plan: CataloguePlan, library: LibraryPlan): TableLoad {
  const columns = ['id', 'work_id', 'user_id', 'stars', 'review', 'reviewed_at', 'created_at'];
  function* lines(): Generator<string> {
    const dice = createDice(plan.seed * 89 + 17);
    let id = FIRST_RATING_ID;
    for (let u = 0; u < library.users; u++) {
      for (let k = library.likeStart[u]!; k < library.likeStart[u + 1]!; k++) {
        if (k % RATING_EVERY !== 0) continue;
        const w = library.likeWork[k]!;
        const stars = Math.max(1, Math.min(5, Math.round(3.6 + (dice.float() - 0.5) * 3)));
        const when = at(dayAfter(plan, library, u, w, dice), dice);
        const reviewed = dice.chance(0.6);
        const first = dice.int(0, REVIEW_PHRASES.length - 1);
        const second = (first + dice.int(1, REVIEW_PHRASES.length - 1)) % REVIEW_PHRASES.length;
        const review = reviewed ? `${REVIEW_PHRASES[first]}，${REVIEW_PHRASES[second]}。` : '\\N';
        yield `${id++}\t${plan.ids[w]}\t${FIRST_USER_ID + u}\t${stars}\t${review}\t${reviewed ? when : '\\N'}\t${when}\n`;
      }
    }
  }
  return {
    table: 'work_ratings',
    columns,
    expectedRows: Math.ceil(library.likeWork.length / RATING_EVERY),
    rowCost: 3,
    chunks: () => chunked(lines()),
  };
}
