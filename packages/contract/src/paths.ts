/** Every API path of docs/product.md §7, as Fastify route patterns (`:id`) under {@link API_BASE}. */
export const API_BASE = '/prod-api';

export const API = {
  worksList: '/v2/works/detail/list',
  workDetail: '/v2/works/detail/:id',
  videoStream: '/v2/video/censored/:id',
  magnets: '/v2/dht/list',
  tagChannel: '/v2/tag/channel',
  tagList: '/v2/tag/list',
  performerList: '/v2/works/performer/list',
  searchEntities: '/v2/search/entities',
  searchSuggest: '/v2/search/suggest',
  captcha: '/v2/user/captcha',
  login: '/v2/user/login',
  register: '/v2/user/register',
  token: '/v2/user/token',
  logout: '/v2/user/logout',
  userInfo: '/v2/user/getInfo',
  like: '/v2/user/like',
  likeList: '/v2/user/like/detail/list',
  folderList: '/v2/user/collect/cate/list',
  createFolder: '/v2/user/collect/cate/',
  workFolders: '/v2/user/collect/:dataId',
  collectAdds: '/v2/user/collect/adds',
  collectEdit: '/v2/user/collect/edit',
  collectList: '/v2/user/collect/detail/list',
  sharedFolder: '/v2/folders/:cateId/:shareKey',
  copy: '/v2/user/copy',
  vipList: '/v2/app/vip/list',
  submitOrder: '/v2/orders/submit',
  ordersList: '/v2/orders/list',
  orderState: '/v2/orders/getOrderId/:orderId',
  redeem: '/v2/user/code/redeem',
  /** Payment providers' async notifies (unsigned: providers sign their own way). */
  payNotify: '/pay/notify/:provider',
  messageCreate: '/v2/message',
  messageFollowUp: '/v2/message/data',
  messageList: '/v2/message/list',
  messageClose: '/v2/message/update',
  messageThread: '/v2/message/:id',
  /** Where a member is in a work's video, kept to resume there. */
  playPosition: '/v2/video/position',
  /**
   * A VIP's request to have a title fetched to the site's storage (docs/product.md §7), and their requests.
   */
  cloudDownload: '/web/cloud/file/download',
  cloudDownloads: '/web/cloud/file/list',
  openapi: '/openapi.json',
  runtimeConfig: '/v2/app/config',
} as const;

/** Fills `:name` segments of a route pattern, e.g. `fillPath(API.workDetail, { id })`. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: missing ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
