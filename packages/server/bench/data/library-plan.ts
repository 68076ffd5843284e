import { createDice } from '../../src/db/seed/demo-random';
import type { CataloguePlan } from './catalogue-plan';
import { distinctPicks, skewedPicker } from './skew';

/** User ids start where the users table's identity starts (migration 0002). */
export const FIRST_USER_ID = 100001;
/** Folder ids start where collect_folders' identity starts. */
export const FIRST_FOLDER_ID = 1000001;
/** Users registered over the last three years, more of them lately. */
const SIGN_UP_DAYS = 3 * 365;

/**
 * Who likes and collects what, in compact arrays (CSR: user u's likes are
 * `likeWork[likeStart[u] .. likeStart[u+1])`). Planned before any row is written so the works rows
 * carry like_count and collect_count that agree with these tables from the start.
 */
export interface LibraryPlan {
  users: number;
  /** Days before today each user signed up. */
  userDay: Uint16Array;
  /** User u's folders are indexes folderStart[u] .. folderStart[u+1]; the first is the default. */
  folderStart: Int32Array;
  /** Entries of each folder (collect_folders.work_count). */
  folderWorks: Int32Array;
  likeStart: Int32Array;
  likeWork: Int32Array;
  collectStart: Int32Array;
  collectWork: Int32Array;
  /** The folder (index) of each collect entry. */
  collectFolder: Int32Array;
}

/** How many works a user likes or collects: a quarter none, the rest a Pareto tail. */
function activity(mean: number, cap: number, u: number, v: number): number {
  if (u < 0.25) return 0;
  const alpha = 1.6;
  const minimum = mean / 0.75 / (alpha / (alpha - 1));
  return Math.min(cap, Math.floor(minimum / (1 - v) ** (1 / alpha)));
}

/**
 * Plans users, folders, likes and collections, and fills the plan's like and collect counts.
 * Likes and collections lean to popular works: a fixed random order of the works, drawn
 * Zipf-like, so a few works have thousands of likes and most have none.
 */
export function planLibrary(plan: CataloguePlan): LibraryPlan {
  const { scale } = plan;
  const n = plan.ids.length;
  const dice = createDice(plan.seed * 89 + 3);
  const popular = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = dice.int(0, i);
    [popular[i], popular[j]] = [popular[j]!, popular[i]!];
  }
  const pick = skewedPicker(n, Math.max(5, n / 10_000));
  const pickWork = () => popular[pick(dice)]!;
  const cap = Math.max(1, Math.min(2000, Math.floor(n / 3)));

  const users = scale.users;
  const userDay = Uint16Array.from({ length: users }, () => Math.floor(SIGN_UP_DAYS * dice.float() ** 1.3));
  const folderStart = new Int32Array(users + 1);
  const likeStart = new Int32Array(users + 1);
  const collectStart = new Int32Array(users + 1);
  const likeWork: number[] = [];
  const collectWork: number[] = [];
  const collectFolder: number[] = [];
  let folders = 0;
  for (let u = 0; u < users; u++) {
    folderStart[u] = folders;
    likeStart[u] = likeWork.length;
    collectStart[u] = collectWork.length;
    const extraFolders = dice.chance(0.1) ? dice.int(1, 3) : 0;
    folders += 1 + extraFolders;
    for (const w of distinctPicks(pickWork, activity(scale.likesPerUser, cap, dice.float(), dice.float()), dice)) {
      likeWork.push(w);
      plan.likeCount[w]! += 1;
    }
    const collected = distinctPicks(pickWork, activity(scale.collectsPerUser, cap, dice.float(), dice.float()), dice);
    for (const w of collected) {
      // collect_count counts users holding the work in any folder (library/collect.service.ts).
      plan.collectCount[w]! += 1;
      const first = folderStart[u]! + (extraFolders > 0 ? dice.int(0, extraFolders) : 0);
      collectWork.push(w);
      collectFolder.push(first);
      if (extraFolders > 0 && dice.chance(0.05)) {
        const second = folderStart[u]! + dice.int(0, extraFolders);
        if (second !== first) {
          collectWork.push(w);
          collectFolder.push(second);
        }
      }
    }
  }
  folderStart[users] = folders;
  likeStart[users] = likeWork.length;
  collectStart[users] = collectWork.length;
  const folderWorks = new Int32Array(folders);
  for (const f of collectFolder) folderWorks[f]! += 1;
  return {
    users,
    userDay,
    folderStart,
    folderWorks,
    likeStart,
    likeWork: Int32Array.from(likeWork),
    collectStart,
    collectWork: Int32Array.from(collectWork),
    collectFolder: Int32Array.from(collectFolder),
  };
}
