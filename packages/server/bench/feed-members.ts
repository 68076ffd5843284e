import { API, API_BASE, type FollowKind, FOLLOWS_API, signRequest } from '@yingku/contract';
import type { Dice } from '../src/db/seed/demo-random';
import type { ApiPools, PooledEntity } from './api-pools';
import type { SigningKeys } from './signed-get';

/** Members the 'feed' scenarios read as, and how many entities each follows (at most). */
const MEMBERS = 8;
const MAX_FOLLOWS = 40;

async function post<T>(
  baseUrl: string,
  keys: SigningKeys,
  path: string,
  body: Record<string, unknown>,
  token?: string,
) {
  const signed = { appId: keys.appId, ...body };
  const res = await fetch(`${baseUrl}${API_BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json;charset=utf-8',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...signRequest({ params: signed, secret: keys.secret, appId: keys.appId }),
    },
    body: JSON.stringify(signed),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: T } };
}

/**
 * Bench members with follows (decision 045): a few members registered through the API (the bench
 * server runs without a captcha), each following 5–40 performers, makers, series and directors
 * drawn from the pools (as many as have a list page). Answers their access tokens (15 minutes).
 */
export async function feedMembers(
  baseUrl: string,
  keys: SigningKeys,
  pools: ApiPools,
  dice: Dice,
): Promise<string[]> {
  const candidates: [FollowKind, PooledEntity[]][] = [
    ['performer', pools.performers.filter((p) => p.modId !== 3)],
    ['maker', pools.entities.maker],
    ['series', pools.entities.series.filter((s) => s.modId === 1)],
    ['director', pools.entities.director.filter((d) => d.modId === 1)],
  ];
  const tokens: string[] = [];
  const run = `${Date.now().toString(36)}${process.pid}`;
  for (let m = 0; m < MEMBERS; m++) {
    const userName = `bench_${run}_${m}`.slice(0, 32);
    const password = 'bench-feed-password';
    const form = { userName, password, confirmPassword: password, email: `${userName}@example.invalid` };
    const registered = await post(baseUrl, keys, API.register, form);
    if (registered.body.code !== 200)
      throw new Error(`feed member: register ${JSON.stringify(registered.body)}`);
    const login = await post<{ accessToken: string }>(baseUrl, keys, API.login, { userName, password });
    if (login.body.code !== 200) throw new Error(`feed member: login ${JSON.stringify(login.body)}`);
    const token = login.body.data.accessToken;
    const follows = dice.int(5, MAX_FOLLOWS);
    for (let f = 0; f < follows; f++) {
      const [kind, pool] = dice.pick(candidates);
      if (pool.length === 0) continue;
      await post(baseUrl, keys, FOLLOWS_API.follow, { kind, entityId: dice.pick(pool).id, status: 0 }, token);
    }
    tokens.push(token);
  }
  return tokens;
}
