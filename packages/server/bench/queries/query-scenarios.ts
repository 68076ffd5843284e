import { MOD_NAME, type ModId, PAGE_SIZE, type WorkSort, type WorksListQuery } from '@yingku/contract';
import type { Dice } from '../../src/db/seed/demo-random';
import type { CatalogueService } from '../../src/features/catalogue/catalogue.service';
import { numberSpelling } from '../api-scenarios';
import type { QuerySamples } from './query-samples.repo';

/** One kind of catalogue read, measured over many parameter sets. */
export interface Scenario {
  name: string;
  /** The p99 the issue asks for at a million works under load (ms). */
  targetMs: number;
  /** Makes the next call, with parameters drawn afresh. */
  next(): Call;
}

/** A call to time, and its parameters as JSON (to show the slowest). */
export interface Call {
  label: string;
  run(): Promise<unknown>;
}

/** A call of `method` with `args`, labelled by them. */
function call<A extends unknown[]>(method: (...args: A) => Promise<unknown>, ...args: A): Call {
  return { label: JSON.stringify(args), run: () => method(...args) };
}

const CHANNELS: ModId[] = [1, 2, 3];
const FILTER_KINDS = ['tag', 'maker', 'label', 'series', 'director', 'item', 'performer'] as const;
const FILTER_PARAM = {
  maker: 'makerId',
  label: 'labelId',
  series: 'seriesId',
  director: 'directorId',
  item: 'itemId',
  performer: 'performerId',
} as const;
const WINDOWS = [30, 90, 365, 999] as const;
const CJK = /^[\u3040-\u30ff\u3400-\u9fff]+$/u;

function list(query: Partial<WorksListQuery>): WorksListQuery {
  return { pageNum: 1, pageSize: PAGE_SIZE.latest, sort: 'pubTime', ...query } as WorksListQuery;
}

/** Runs of CJK characters in sampled titles: where keyword pieces are cut from. */
function cjkRuns(samples: QuerySamples) {
  return samples.titles.flatMap((t) =>
    t.title
      .split(/[\s的与在第话]+/u)
      .filter((run) => CJK.test(run))
      .map((run) => ({ run: [...run], channel: t.channel })),
  );
}

/** A piece of `length` characters of a random title run (common words come up most often). */
function titleWord(dice: Dice, runs: ReturnType<typeof cjkRuns>, length: number) {
  const fitting = runs.filter((r) => r.run.length >= length);
  const { run, channel } = dice.pick(fitting);
  const start = dice.int(0, run.length - length);
  return { word: run.slice(start, start + length).join(''), channel };
}

function latestScenarios(service: CatalogueService, dice: Dice): Scenario[] {
  const out: Scenario[] = [];
  for (const pageNum of [1, 200]) {
    for (const date of [30, 999] as const) {
      for (const isDht of [false, true]) {
        out.push({
          name: `latest p${pageNum} ${date}d${isDht ? ' magnets' : ''}`,
          targetMs: 20,
          next: () => {
            const modName = MOD_NAME[dice.pick(CHANNELS)];
            return call(service.listWorks, list({ modName, pageNum, date, isDht }));
          },
        });
      }
    }
  }
  return out;
}

function filterScenarios(service: CatalogueService, samples: QuerySamples, dice: Dice): Scenario[] {
  const out: Scenario[] = [];
  for (const kind of FILTER_KINDS) {
    for (const date of WINDOWS) {
      out.push({
        name: `filter ${kind} ${date}d`,
        targetMs: 30,
        next: () => {
          const entity = dice.pick(samples.entities[kind]);
          const param = kind === 'tag' ? { tagsId: [entity.id] } : { [FILTER_PARAM[kind]]: entity.id };
          const pageSize = kind === 'tag' ? PAGE_SIZE.categories : PAGE_SIZE.workList;
          const query = list({ modName: MOD_NAME[entity.channel], date, pageSize, ...param });
          // Half with the magnet filter, and now and then a later page.
          query.isDht = dice.chance(0.5);
          query.pageNum = dice.chance(0.8) ? 1 : dice.int(2, 5);
          return call(service.listWorks, query);
        },
      });
    }
  }
  return out;
}

function searchScenarios(service: CatalogueService, samples: QuerySamples, dice: Dice): Scenario[] {
  const runs = cjkRuns(samples);
  const search = (keyword: string, channel: ModId) =>
    call(
      service.listWorks,
      list({ keyword, modName: MOD_NAME[channel], pageSize: PAGE_SIZE.search, isDht: dice.chance(0.3) }),
    );
  const word = (length: 1 | 2 | 3 | 4, fixed: string) => () => {
    // One in ten is a fixed common word, as measured before (海边, 咖啡馆).
    if (dice.chance(0.1)) return search(fixed, dice.pick(CHANNELS));
    const picked = titleWord(dice, runs, length);
    return search(picked.word, picked.channel);
  };
  return [
    {
      name: 'search number',
      targetMs: 10,
      next: () => {
        const work = dice.pick(samples.works);
        return search(numberSpelling(work.number, dice.int(0, 3)), work.channel);
      },
    },
    { name: 'search 1 char', targetMs: 50, next: word(1, '海') },
    { name: 'search 2 chars', targetMs: 50, next: word(2, '海边') },
    { name: 'search 3 chars', targetMs: 50, next: word(3, '咖啡馆') },
    { name: 'search 4 chars', targetMs: 50, next: word(4, '城市夜景') },
  ];
}

function detailScenarios(service: CatalogueService, samples: QuerySamples, dice: Dice): Scenario[] {
  return [
    {
      name: 'work detail',
      targetMs: 10,
      next: () => {
        const work = dice.pick(samples.works);
        return call(service.workDetail, work.id);
      },
    },
    {
      name: 'work magnets',
      targetMs: 10,
      next: () => {
        const work = dice.pick(samples.works);
        return call(service.listMagnets, work.number, 'dht', 1, PAGE_SIZE.magnets);
      },
    },
  ];
}

function rankingScenarios(service: CatalogueService, dice: Dice): Scenario[] {
  const out: Scenario[] = [];
  for (const sort of ['collect', 'average', 'evaluates'] satisfies WorkSort[]) {
    for (const date of WINDOWS) {
      out.push({
        name: `ranking ${sort} ${date}d`,
        targetMs: 30,
        next: () => {
          const modName = MOD_NAME[dice.pick(CHANNELS)];
          const pageNum = dice.chance(0.8) ? 1 : dice.int(2, 10);
          return call(service.listWorks, list({ modName, sort, date, pageNum, pageSize: PAGE_SIZE.ranking }));
        },
      });
    }
  }
  return out;
}

function sidebarScenarios(service: CatalogueService, dice: Dice): Scenario[] {
  const page = () => (dice.chance(0.7) ? 1 : dice.int(2, 30));
  const out: Scenario[] = [
    {
      name: 'sidebar tag groups',
      targetMs: 20,
      next: () => {
        const channel = dice.pick(CHANNELS);
        return call(service.tagGroups, channel);
      },
    },
    {
      name: 'sidebar performers',
      targetMs: 20,
      next: () => {
        const modName = MOD_NAME[dice.pick(CHANNELS)];
        const sort = dice.pick(['count', 'uncensoredCount', undefined] as const);
        const pageNum = page();
        return call(service.performers, modName, sort, pageNum, PAGE_SIZE.sidebar);
      },
    },
  ];
  for (const kind of ['maker', 'label', 'series', 'director', 'item', 'performer'] as const) {
    out.push({
      name: `sidebar ${kind}`,
      targetMs: 20,
      next: () => {
        const channel = dice.pick(CHANNELS);
        const pageNum = page();
        return call(service.entityCounts, kind, channel, pageNum, PAGE_SIZE.sidebar);
      },
    });
  }
  return out;
}

/** Every scenario the issue names, in the order the report lists them. */
export function allScenarios(service: CatalogueService, samples: QuerySamples, dice: Dice): Scenario[] {
  return [
    ...latestScenarios(service, dice),
    ...filterScenarios(service, samples, dice),
    ...searchScenarios(service, samples, dice),
    ...detailScenarios(service, samples, dice),
    ...rankingScenarios(service, dice),
    ...sidebarScenarios(service, dice),
  ];
}
