import { isModId, MOD_NAME, type ModName } from '@yingku/contract';

/** Client routes of docs/product.md §2 that other screens link to. */
export const PATHS = {
  ageGate: '/',
  home: '/index',
  user: '/user',
  /** 账号与安全 (not in docs/product.md §2): the password and the logins. */
  userSecurity: '/user/security',
  login: '/login',
  /** The older name of the login route (docs/product.md §2); an alias. */
  userLogin: '/UserLogin',
  register: '/register',
  /** 忘记密码 (ACCOUNT_PAGES of the contract, as the paths below): a reset link, or a recovery code. */
  forgotPassword: '/login/forgot',
  /** Where a mailed reset link opens, its token in the fragment. */
  resetPassword: '/reset-password',
  /** Where a mailed verification link opens, its token in the fragment. */
  verifyEmail: '/verify-email',
  /** 用户协议与隐私政策 (ACCOUNT_PAGES.privacy), linked from registration. */
  privacy: '/privacy',
  pay: '/pay',
  orders: '/orders',
  message: '/message',
  sub: '/sub',
  /** The operators' console (staff only; not in docs/product.md §2). */
  admin: '/admin',
} as const;

export const channelPath = (modName: ModName) => `/${modName}`;

/** A work's detail route, `/censored/{id}` and so on; works of an unknown channel go to censored. */
export function workPath(work: { id: string; modId: number }): string {
  const modName = isModId(work.modId) ? MOD_NAME[work.modId] : 'censored';
  return `/${modName}/${encodeURIComponent(work.id)}`;
}

export const searchPath = (keyword: string) => `/search/${encodeURIComponent(keyword)}`;

/** Category pages: `/tags/index`, `/tags/uncensored/index`, `/tags/western/{tagsId}`… */
export function tagsPath(modName: ModName, tagsId?: string): string {
  const base = modName === 'censored' ? '/tags' : `/tags/${modName}`;
  // Commas stay readable (`/tags/3,7`): they are legal in a path segment.
  return `${base}/${tagsId ? encodeURIComponent(tagsId).replaceAll('%2C', ',') : 'index'}`;
}

/** Rankings: `/top`, `/top/uncensored`, `/top/western`. */
export const topPath = (modName: ModName) => (modName === 'censored' ? '/top' : `/top/${modName}`);

/** Performers: `/performer/index`, `/performer/{id}`, `/performer/uncensored/index`, `/performer/uncensored/{id}`. */
export function performerPath(modName: 'censored' | 'uncensored', performerId?: string): string {
  const base = modName === 'uncensored' ? '/performer/uncensored' : '/performer';
  return `${base}/${performerId ? encodeURIComponent(performerId) : 'index'}`;
}

/** Makers: `/maker/index`, `/maker/{id}`, `/maker/uncensored/{id}`, `/maker/western/{id}`. */
export function makerPath(modName: ModName, makerId?: string): string {
  if (!makerId) return '/maker/index';
  const base = modName === 'censored' ? '/maker' : `/maker/${modName}`;
  return `${base}/${encodeURIComponent(makerId)}`;
}

/** Labels, directors, items (same-type) and series: `/{kind}/index` and `/{kind}/{id}`. */
export function entityPath(kind: 'label' | 'director' | 'item' | 'series', id?: string): string {
  return `/${kind}/${id ? encodeURIComponent(id) : 'index'}`;
}
