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

/** One user in five follows someone: 1–50 entities, most a few, popular ones more often. */
const FOLLOWING_SHARE = 0.2;
const MAX_FOLLOWS = 50;

/**
 * Follows (decision 045) for one user in five: censored and uncensored performers, makers of
 * every channel, censored series and directors, the popular ones drawn more often; and the
 * member_tallies row holding each follower's count (kept on write by the app).
 */
export function followsLoads(plan: CataloguePlan, library: LibraryPlan): TableLoad[] {
  const planned: { u: number; kind: string; id: number }[][] = [];
  const dice = createDice(plan.seed * 89 + 17);
  // Index i of a block of `count`, the first ones far more often.
  const popular = (count: number) => Math.min(count - 1, Math.floor(count * dice.float() ** 3));
  const fromBlock = (pool: { block: Record<1 | 2 | 3, { start: number; count: number }> }, channel: 1 | 2 | 3) => {
    const { start, count } = pool.block[channel];
    return count > 0 ? start + popular(count) + 1 : 0;
  };
  for (let u = 0; u < library.users; u++) {
    if (!dice.chance(FOLLOWING_SHARE)) continue;
    const wanted = Math.min(MAX_FOLLOWS, 1 + Math.floor(-Math.log(1 - dice.float()) * 6));
    const seen = new Set<string>();
    const rows: { u: number; kind: string; id: number }[] = [];
    for (let k = 0; k < wanted; k++) {
      const roll = dice.float();
      let kind: string;
      let id: number;
      if (roll < 0.6) {
        const byChannel = plan.performers.byChannel[dice.chance(0.7) ? 1 : 2];
        kind = 'performer';
        id = byChannel.length ? byChannel[popular(byChannel.length)]! + 1 : 0;
      } else if (roll < 0.8) {
        kind = 'maker';
        id = fromBlock(plan.plain.makers, dice.pick([1, 2, 3] as const));
      } else if (roll < 0.9) {
        kind = 'series';
        id = fromBlock(plan.plain.series, 1);
      } else {
        kind = 'director';
        id = fromBlock(plan.plain.directors, 1);
      }
      const key = `${kind}:${id}`;
      if (id > 0 && !seen.has(key)) {
        seen.add(key);
        rows.push({ u, kind, id });
      }
    }
    if (rows.length) planned.push(rows);
  }
  const follows = planned.flat();
  return [
    {
      table: 'follows',
      columns: ['user_id', 'kind', 'entity_id', 'created_at'],
      expectedRows: follows.length,
      chunks: () => {
        const times = createDice(plan.seed * 89 + 19);
        return chunked(
          follows.map(
            ({ u, kind, id }) =>
              `${FIRST_USER_ID + u}\t${kind}\t${id}\t${at(plan.days[times.int(0, library.userDay[u]!)]!, times)}\n`,
          ),
        );
      },
    },
    {
      table: 'member_tallies',
      columns: ['user_id', 'follows'],
      expectedRows: planned.length,
      chunks: () => chunked(planned.map((rows) => `${FIRST_USER_ID + rows[0]!.u}\t${rows.length}\n`)),
    },
  ];
}
