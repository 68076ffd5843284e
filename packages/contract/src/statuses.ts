// Status codes the web app uses on its first screens, in a module without zod: importing them
// from the schema modules would load zod with them (decision 028). The schemas use these. (A type
// import is erased: it loads nothing.)

import type { SessionLevel } from './schemas/account';

/** Like: status 0, unlike: status 9 (docs/product.md §4). */
export const LIKE_STATUS = { like: 0, unlike: 9 } as const;
/** Collect writes: 0 collect, 9 uncollect (an empty selection). */
export const COLLECT_STATUS = { collect: 0, uncollect: 9 } as const;
/** Cloud-download status: 0 requested, 1 done (the title is in the site's storage). */
export const CLOUD_DOWNLOAD_STATUS = { requested: 0, done: 1 } as const;

/**
 * What a visitor without an account is: the guest group, level 0 (docs/product.md §2 member center).
 */
export const GUEST_LEVEL = { levelId: 0, groupName: '游客', groupLevel: 0 } as const satisfies SessionLevel;
