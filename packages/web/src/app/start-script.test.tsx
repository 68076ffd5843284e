import { APP_START_ELEMENT_ID, DISCREET_ATTRIBUTE, discreetFromCookies } from '@yingku/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScript } from '../../plugins/deferred-start';

function reset() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; max-age=0`;
  }
  document.documentElement.removeAttribute(DISCREET_ATTRIBUTE);
  document.body.innerHTML = '';
}
// The script starts the app on a timer and a frame: held, so it reads the cookie and nothing loads.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
afterEach(() => {
  reset();
  vi.useRealTimers();
});

describe('the start script', () => {
  it('marks the page for 隐私模式 on the cookies the server reads as on, and no others', () => {
    const marked: Record<string, boolean> = {};
    for (const cookies of [
      ['discreet=1'],
      ['a=b', 'discreet=1'],
      ['my-discreet=1'],
      ['discreet=10'],
      ['discreet=0'],
      [],
    ]) {
      for (const cookie of cookies) document.cookie = cookie;
      const server = discreetFromCookies(document.cookie);
      document.body.innerHTML = `<script type="application/json" id="${APP_START_ELEMENT_ID}">{"entry":"/x.js","modules":[]}</script>`;
      new Function(startScript())();
      marked[cookies.join('; ')] = document.documentElement.hasAttribute(DISCREET_ATTRIBUTE);
      expect(marked[cookies.join('; ')], cookies.join('; ')).toBe(server);
      reset();
    }
    expect(marked).toEqual({
      'discreet=1': true,
      'a=b; discreet=1': true,
      'my-discreet=1': false,
      'discreet=10': false,
      'discreet=0': false,
      '': false,
    });
  });
});
