/** How many of each thing a synthetic catalogue of `works` works holds. */
export interface Scale {
  works: number;
  performers: number;
  makers: number;
  labels: number;
  series: number;
  directors: number;
  items: number;
  tags: number;
  users: number;
  /** Mean likes per user (the total is about users × this). */
  likesPerUser: number;
  /** Mean collected works per user. */
  collectsPerUser: number;
}

/** Channel shares of works and of every entity kind: censored, uncensored, western. */
export const CHANNEL_SHARES = [0.6, 0.25, 0.15] as const;

const MILLION = 1_000_000;

/**
 * The figures at a million works (~100k performers, ~5k makers and labels, ~20k series,
 * ~3k directors, ~2k items, ~500 tags, 100k users), scaled in proportion with a floor, so 10k works
 * get ~1k performers. Tags barely scale: a site has a few hundred whatever its size.
 */
export function scaleFor(works: number): Scale {
  const share = (perMillion: number, floor: number) =>
    Math.max(floor, Math.round((perMillion * works) / MILLION));
  return {
    works,
    performers: share(100_000, 30),
    makers: share(5_000, 9),
    labels: share(5_000, 9),
    series: share(20_000, 9),
    directors: share(3_000, 9),
    items: share(2_000, 9),
    tags: Math.max(60, Math.round(500 * (1 - 0.08 * Math.log10(MILLION / Math.min(works, MILLION))))),
    users: share(100_000, 20),
    likesPerUser: 20,
    collectsPerUser: 14,
  };
}

/** Splits `total` into the three channels' shares; each gets at least `floor`. */
export function perChannel(total: number, floor = 3): [number, number, number] {
  const censored = Math.max(floor, Math.round(total * CHANNEL_SHARES[0]));
  const uncensored = Math.max(floor, Math.round(total * CHANNEL_SHARES[1]));
  const western = Math.max(floor, total - censored - uncensored);
  return [censored, uncensored, western];
}
