import { DISCREET_COOKIE } from './discreet';

// Apart from discreet.ts, whose names every first screen's code carries: only the server and the
// drawer's switch, loaded later, read the cookie.

/** Whether a Cookie header (or `document.cookie`) turns the mode on. */
export function discreetFromCookies(cookies: string | undefined): boolean {
  return (cookies ?? '').split(';').some((part) => part.trim() === `${DISCREET_COOKIE}=1`);
}
