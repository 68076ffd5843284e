import { type ModId, WORK_SORTS, type WorkSort } from '@yingku/contract';
import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnlyKysely, sqlText } from '../../../test/sql-text';
import { ENTITY_KINDS, type EntityKind } from '../../db/schema';
import { createWorksListRepo, type EntityFilter, type WorksScope } from './works-list.repo';

/**
 * The SQL every works list runs, kept as reviewed files (__snapshots__/<name>.sql), as the search
 * strategies' are (search/plans.sql.test.ts): a change to one of these statements shows in the
 * diff and fails here until the file is updated (`vitest run -u`) and looked at. The repo runs
 * on a Kysely that compiles as the app's and runs nothing; each statement it was asked to run is
 * kept. A shaped statement (db/shaped-statement.ts) is shown once per shape: a call whose text
 * another call already gave is left out.
 */
const ran: CompiledQuery[] = [];
const db = compileOnlyKysely((query) => ran.push(query));
const repo = createWorksListRepo({ db, prepared: db });

const SINCE = '2026-10-21';
const entity = (kind: EntityKind, n = 1): EntityFilter => ({ kind, id: `725160000000000${n}` });
const KINDS = Object.keys(ENTITY_KINDS) as EntityKind[];

/** A scope as a title says it. */
function scopeTitle({ channels, sinceDate, onlyWithMagnets }: WorksScope) {
  const parts = [channels.length === 0 ? 'every channel' : `channels ${channels.join(',')}`];
  if (sinceDate) parts.push(`since ${sinceDate}`);
  if (onlyWithMagnets) parts.push('with magnets');
  return parts.join(', ');
}

/** Scopes of each combination of channels (of `channelChoices`), window and magnets. */
function scopes(channelChoices: ModId[][]): WorksScope[] {
  return channelChoices.flatMap((channels) =>
    [undefined, SINCE].flatMap((sinceDate) =>
      [false, true].map((onlyWithMagnets) => ({ channels, sinceDate, onlyWithMagnets })),
    ),
  );
}

/** The statements of `calls`, each titled, in order, a text already shown left out. */
async function statementsOf(heading: string, calls: [string, () => Promise<unknown>][]) {
  const seen = new Set<string>();
  const parts = [`-- ${heading}\n`];
  for (const [title, call] of calls) {
    ran.length = 0;
    await call();
    for (const query of ran) {
      if (seen.has(query.sql)) continue;
      seen.add(query.sql);
      parts.push(sqlText(title, query));
    }
  }
  return parts.join('\n');
}

describe('the SQL of the works lists', () => {
  it.each(WORK_SORTS)('pageByWorks, sorted by %s', async (sort: WorkSort) => {
    const calls = scopes([[], [1]]).flatMap((scope) =>
      [0, 48].map((offset): [string, () => Promise<unknown>] => [
        `${scopeTitle(scope)}; 24 from ${offset}`,
        () => repo.pageByWorks(scope, sort, 24, offset),
      ]),
    );
    const text = await statementsOf(`pageByWorks: a latest list or ranking, sort ${sort}`, calls);
    await expect(text).toMatchFileSnapshot(`./__snapshots__/works-page-${sort}.sql`);
  });

  it('pageByLink', async () => {
    const calls = KINDS.flatMap((kind) =>
      scopes([[2]]).map((scope): [string, () => Promise<unknown>] => [
        `${kind}; ${scopeTitle(scope)}; 24 from 48`,
        () => repo.pageByLink(entity(kind), scope, 24, 48),
      ]),
    );
    const text = await statementsOf("pageByLink: one entity's works on one channel", calls);
    await expect(text).toMatchFileSnapshot('./__snapshots__/link-page.sql');
  });

  it('listByLink', async () => {
    const text = await statementsOf('listByLink: works of an entity, further entities probed', [
      [
        'performer alone; every channel',
        () => repo.listByLink(entity('performer'), [], scopes([[]])[0]!, 24, 0),
      ],
      [
        `tag and a maker; ${scopeTitle({ channels: [2], sinceDate: SINCE, onlyWithMagnets: true })}`,
        () =>
          repo.listByLink(
            entity('tag'),
            [entity('maker', 2)],
            { channels: [2], sinceDate: SINCE, onlyWithMagnets: true },
            24,
            48,
          ),
      ],
      [
        'series, a director and a tag; channels 1,3',
        () =>
          repo.listByLink(
            entity('series'),
            [entity('director', 2), entity('tag', 3)],
            { channels: [1, 3], onlyWithMagnets: false },
            24,
            0,
          ),
      ],
    ]);
    await expect(text).toMatchFileSnapshot('./__snapshots__/list-by-link.sql');
  });

  it('countLinks', async () => {
    const text = await statementsOf("countLinks: an entity's links also linked to others, up to a cap", [
      [
        'tag and a maker; every channel',
        () => repo.countLinks(entity('tag'), [entity('maker', 2)], scopes([[]])[0]!, 500),
      ],
      [
        `performer, a series and a tag; ${scopeTitle({ channels: [1, 2], sinceDate: SINCE, onlyWithMagnets: true })}`,
        () =>
          repo.countLinks(
            entity('performer'),
            [entity('series', 2), entity('tag', 3)],
            { channels: [1, 2], sinceDate: SINCE, onlyWithMagnets: true },
            500,
          ),
      ],
    ]);
    await expect(text).toMatchFileSnapshot('./__snapshots__/count-links.sql');
  });

  it('entityTotal', async () => {
    const calls = (['performer', 'tag'] as const).flatMap((kind) =>
      scopes([[], [1], [1, 2]]).map((scope): [string, () => Promise<unknown>] => [
        `${kind}; ${scopeTitle(scope)}`,
        () => repo.entityTotal(entity(kind), scope),
      ]),
    );
    const text = await statementsOf("entityTotal: one entity's visible works in a scope", calls);
    await expect(text).toMatchFileSnapshot('./__snapshots__/entity-total.sql');
  });
});
