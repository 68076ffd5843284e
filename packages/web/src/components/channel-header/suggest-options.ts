import { type EntityMatch, MOD_ID, type Suggestions } from '@yingku/contract';
import { searchPath, workPath } from '../../app/paths';
import { entityListPath } from '../../app/list-paths';

/** One line the search box offers: where it goes, and what it shows. */
export type SuggestOption =
  | { type: 'recent'; key: string; href: string; keyword: string }
  | { type: 'work'; key: string; href: string; number: string; title: string }
  | { type: 'entity'; key: string; href: string; match: EntityMatch };

/** The keywords searched on this device, each searching again. */
export function recentOptions(recent: readonly string[]): SuggestOption[] {
  return recent.map((keyword) => ({
    type: 'recent',
    key: `recent:${keyword}`,
    href: searchPath(keyword),
    keyword,
  }));
}

/** The works first (each opens its detail), then the names with a list to open. */
export function suggestOptions({ works, entities }: Suggestions): SuggestOption[] {
  const options: SuggestOption[] = works.map((work) => ({
    type: 'work',
    key: `work:${work.id}`,
    href: workPath({ id: work.id, modId: MOD_ID[work.modName] }),
    number: work.number,
    title: work.title,
  }));
  for (const match of entities) {
    const href = entityListPath(match.kind, match.modName, match.id);
    if (href)
      options.push({ type: 'entity', key: `${match.kind}:${match.modName}:${match.id}`, href, match });
  }
  return options;
}

/** The option after moving `step` (1 down, -1 up) from `active` (-1: none), wrapping around. */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
