import { API, type EntityMatch, type ModName } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { entitySearchGuard } from '../../api/search-guards';
import { entityListPath } from '../../app/list-paths';
import { channelKeys } from './channel-keys';

/** A match with the list it opens. */
export type LinkedMatch = EntityMatch & { href: string };

/**
 * The performers, makers, labels… whose name holds a search keyword (GET /v2/search/entities,
 * decision 043), in every channel or one. Silent when it fails: the works below are the search's
 * answer, and they say so themselves.
 */
export function entityMatchesOptions(keyword: string, modName: ModName | undefined) {
  return queryOptions({
    queryKey: channelKeys.entityMatches(keyword, modName),
    queryFn: ({ signal }) =>
      api.get(
        API.searchEntities,
        { keyword, ...(modName && { modName }) },
        { schema: entitySearchGuard, signal, silent: true },
      ),
    select: (body) => linkedMatches(body.rows),
    // Names change only with imports.
    staleTime: 5 * 60_000,
  });
}

/** The matches that have a list to open, in the answer's order (performers first). */
export function linkedMatches(rows: readonly EntityMatch[]): LinkedMatch[] {
  return rows.flatMap((row) => {
    const href = entityListPath(row.kind, row.modName, row.id);
    return href ? [{ ...row, href }] : [];
  });
}

/** The matches by kind, in the order of the answer. */
export function matchesByKind(matches: readonly LinkedMatch[]): [EntityMatch['kind'], LinkedMatch[]][] {
  const groups = new Map<EntityMatch['kind'], LinkedMatch[]>();
  for (const match of matches) groups.set(match.kind, [...(groups.get(match.kind) ?? []), match]);
  return [...groups];
}
