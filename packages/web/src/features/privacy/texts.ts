import { DELETION_LIMITS, PRIVACY_VERSION } from '@yingku/contract';
import { PRIVACY_TITLE } from './privacy.routes';

/**
 * 用户协议与隐私政策: what a member agrees to at registration (its version, PRIVACY_VERSION, is kept
 * with the time). A change of substance takes a new version; docs/operations.md#what-is-kept says
 * what the server keeps, and this text must say the same.
 */
export const PRIVACY_TEXT = {
  title: PRIVACY_TITLE,
  version: `版本 ${PRIVACY_VERSION}`,
  intro: '注册即表示你已年满18周岁，并同意以下条款。请仔细阅读，尤其是关于你的数据如何保存和删除的部分。',
  sections: [
    {
      heading: '一、用户协议',
      points: [
        '本站只面向年满18周岁的成年人。未成年人请立即离开。',
        '账号只供本人使用，请勿出借、转让或与他人共享。密码请妥善保管，并尽量设置不易被猜到的密码。',
        'VIP会员自开通或激活起计算有效期，到期自动恢复为普通会员。已开通的VIP不能转让；注销账号时剩余的VIP天数作废，不予退还。',
        '评论请围绕作品本身，不得发布违法、侵权、骚扰或广告内容。违反的评论会被隐藏，情节严重的账号会被停用。',
      ],
    },
    {
      heading: '二、我们保存哪些数据',
      points: [
        '账号：用户名、安全邮箱及是否验证、密码（只保存不可逆的哈希，任何人都看不到原密码）、注册时同意的协议版本与时间。',
        '登录：每次登录的设备（浏览器标识）、IP地址、首次与最近使用时间。',
        '你在本站的使用记录：喜欢、收藏夹、评分与评论、关注、想看与看过标记、播放进度、客服留言、求片记录。',
        'VIP与订单：所购套餐、金额、支付方式与支付平台的交易号、激活码的使用记录。本站不接触也不保存你的银行卡或支付账户信息。',
      ],
    },
    {
      heading: '三、数据的用途',
      points: [
        '提供登录、会员权益、在线观看、收藏与推荐等功能。',
        '保护账号安全：识别异常登录、限制密码猜测、向安全邮箱发送重置密码的链接。',
        '处理客服留言和求片，以及订单对账。',
        '我们不出售你的数据，也不把它提供给广告商。',
      ],
    },
    {
      heading: '四、保存多久',
      points: [
        '登录的IP地址和浏览器标识保存180天，之后清除；已退出的登录30天后删除。',
        '重置密码的链接30分钟内有效，验证邮箱的链接24小时内有效，过期后删除。',
        '订单和支付记录为对账而保存；注销账号后它们不再与任何个人信息关联。',
      ],
    },
    {
      heading: '五、你的权利',
      points: [
        '在「我的 → 账号与安全」中，你可以随时修改密码、修改安全邮箱、查看并退出任何登录设备、生成恢复码。',
        '导出我的数据：一次下载本站保存的关于你的全部数据（JSON，列表另附CSV），每天一次。',
        `注销账号：用当前密码确认后，所有设备立即退出；${DELETION_LIMITS.coolingOffDays}天的冷静期内重新登录即可撤销。期满后，你的喜欢、收藏夹、评分与评论、关注、标记和播放进度全部删除，它们计入的各项统计随之减少；订单只以匿名方式保留；客服留言显示为“已注销用户”；用户名保留，不能再被注册。`,
      ],
    },
    {
      heading: '六、联系我们',
      points: ['对本协议或你的数据有任何疑问，请通过「客服」留言，我们会及时处理。'],
    },
  ],
} as const;
