import { API, type PerformerRow } from '@yingku/contract';
import type { TestServer } from './server';

/** The censored channel's first performer (most works first): a name the demo data surely has. */
export async function firstPerformer(server: TestServer): Promise<PerformerRow> {
  const { rows } = await server.apiGet<{ rows: PerformerRow[] }>(API.performerList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 1,
  });
  return rows[0]!;
}
