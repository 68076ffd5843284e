import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../connection';
import { seedDemoReviews } from './demo-reviews';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
});
afterAll(() => database.close());

describe('the demo members’ reviews', () => {
  it('rate some of the newest works through the service, so 热门评论 has a top, once', async () => {
    const written = await seedDemoReviews(database.db);
    expect(written).toBeGreaterThan(50);
    const db = database.db;
    const ratings = await db.selectFrom('work_ratings').select(['review']).execute();
    expect(ratings).toHaveLength(written);
    expect(ratings.some((r) => r.review !== null)).toBe(true);
    const hot = await db
      .selectFrom('works')
      .select(['member_ratings', 'evaluates', 'imported_evaluates'])
      .where('review_heat', '>', 0)
      .execute();
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((w) => w.evaluates === w.imported_evaluates + w.member_ratings)).toBe(true);
    // A second start (the accounts exist) writes nothing more.
    expect(await seedDemoReviews(db)).toBe(0);
  });
});
