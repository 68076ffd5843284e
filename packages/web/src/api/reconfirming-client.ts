import { showToast } from '../components/feedback/lazy-feedback';
import { navigateTo } from '../app/navigation';
import { PATHS } from '../app/paths';
import { api, showApiError } from './client';
import { createReconfirmingClient } from './reconfirm';

/** Where 账号与安全's 两步验证 section is (the section scrolls itself into view). */
export const TWO_FACTOR_SECTION = `${PATHS.userSecurity}#two-factor`;

let asking: Promise<boolean> | undefined;

/** One prompt however many calls were refused together; the dialog loads on first use. */
function reconfirm(): Promise<boolean> {
  asking ??= Promise.all([import('../components/reauth-dialog/reauth-dialog'), import('./two-factor')])
    .then(([dialog, { twoFactorApi }]) => dialog.askToReconfirm((body) => twoFactorApi.reauth(body)))
    .catch(() => false)
    .finally(() => (asking = undefined));
  return asking;
}

let openedAt = 0;

/**
 * The app's client for calls the server may refuse until the user re-confirms (decision 070):
 * the console's. A refusal for want of 两步验证 opens its set-up (once, however many calls).
 */
export const reconfirmingApi = createReconfirmingClient(api, {
  show: showApiError,
  toast: (content) => showToast({ icon: 'fail', content }),
  reconfirm,
  openTwoFactor(content) {
    if (Date.now() - openedAt < 2000) return;
    openedAt = Date.now();
    showToast({ content });
    navigateTo(TWO_FACTOR_SECTION);
  },
});
