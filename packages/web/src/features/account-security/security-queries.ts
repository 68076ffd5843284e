import { queryOptions } from '@tanstack/react-query';
import { accountSecurityApi } from '../../api/account-security';
import { twoFactorApi } from '../../api/two-factor';
import { sessionKeys } from '../../session/session-end';

/** Under the session's prefix, so the end of a login drops them with everything else. */
export const securityKeys = {
  sessions: [...sessionKeys.library, 'loginSessions'] as const,
  /** The safe e-mail, whether verified, and the recovery codes left: one call for two sections. */
  overview: [...sessionKeys.library, 'accountSecurity'] as const,
  /** 两步验证: on or off, since when, backup codes left. */
  twoFactor: [...sessionKeys.library, 'twoFactor'] as const,
};

export const securityOverviewOptions = () =>
  queryOptions({
    queryKey: securityKeys.overview,
    queryFn: async ({ signal }) => (await accountSecurityApi.security(signal)).data,
  });

export const twoFactorStatusOptions = () =>
  queryOptions({
    queryKey: securityKeys.twoFactor,
    queryFn: async ({ signal }) => (await twoFactorApi.status(signal)).data,
  });
