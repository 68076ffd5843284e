import type { Kysely } from 'kysely';
import { createOperatorAccounts, randomPassword } from '../../features/accounts/operator-accounts.service';
import { createReviewsService } from '../../features/reviews/reviews.service';
import type { DB } from '../schema';
import { DEMO_SEED } from './demo-generator';
import { createDice } from './demo-random';

/** Demo members who rate, and how many of the newest works each rates. */
const REVIEWERS = 8;
const RATINGS_EACH = 12;
/** The newest works the demo members choose from: the rankings' 热门评论 then has a top. */
const NEWEST = 40;
/** Neutral review texts (no explicit text), two to a review. */
const PHRASES = [
  '画面清楚',
  '节奏平稳',
  '剧情完整',
  '配乐合适',
  '时长合适',
  '值得一看',
  '中规中矩',
  '拍摄用心',
  '细节不错',
  '略显拖沓',
  '结尾仓促',
  '整体满意',
];

/**
 * Members' ratings and reviews for the demo catalogue (decision 044), written through the
 * reviews service as members would, so the detail's 评论 tab and the 热门评论 and 高分推荐
 * rankings show something on a fresh `npm start`. The demo members' passwords are random and
 * never kept: no one logs in as them. Called when the demo catalogue has just been loaded;
 * answers the ratings written.
 */
export async function seedDemoReviews(db: Kysely<DB>): Promise<number> {
  const accounts = createOperatorAccounts(db);
  const reviews = createReviewsService({ db });
  const dice = createDice(DEMO_SEED + 44);
  const works = await db
    .selectFrom('works')
    .select('id')
    .where('hidden', '=', false)
    .orderBy('pub_date', 'desc')
    .orderBy('id', 'desc')
    .limit(NEWEST)
    .execute();
  if (works.length === 0) return 0;
  let written = 0;
  for (let r = 1; r <= REVIEWERS; r++) {
    const userName = `demo_member_${String(r).padStart(2, '0')}`;
    if (await accounts.find(userName)) continue;
    const { userId } = await accounts.ensure({
      userName,
      roles: ['member'],
      password: randomPassword(),
      email: `${userName}@yingku.invalid`,
    });
    const chosen = new Set<string>();
    while (chosen.size < Math.min(RATINGS_EACH, works.length)) chosen.add(dice.pick(works).id);
    for (const workId of chosen) {
      const stars = Math.max(1, Math.min(5, Math.round(3.6 + (dice.float() - 0.5) * 3)));
      const first = dice.int(0, PHRASES.length - 1);
      // Two different phrases: the second one of the others.
      const second = (first + dice.int(1, PHRASES.length - 1)) % PHRASES.length;
      const review = dice.chance(0.6) ? `${PHRASES[first]}，${PHRASES[second]}。` : null;
      await reviews.rate(userId, workId, { stars, review });
      written += 1;
    }
  }
  return written;
}
