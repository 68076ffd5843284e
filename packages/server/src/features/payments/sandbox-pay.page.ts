import { formatYuan, SANDBOX_PAY_TEXT as T } from '@yingku/contract';

/** What the sandbox pay page shows of an order. */
export interface SandboxPageOrder {
  orderId: string;
  packageName: string;
  amountCents: number;
  payChannel: 'alipay' | 'weixin';
}

export type SandboxPageState =
  | { kind: 'pay'; order: SandboxPageOrder; action: string }
  | { kind: 'paid' | 'alreadyPaid' | 'closed' | 'failed'; order: SandboxPageOrder }
  | { kind: 'invalidLink' };

const STYLE = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 8px}
.notice{font-size:13px;color:#8a6d3b;background:#fcf8e3;padding:8px 12px;border-radius:6px}
dl{background:#fff;border-radius:8px;padding:8px 16px;margin:16px 0}
dl div{display:flex;justify-content:space-between;padding:8px 0;border-bottom:1px solid #eee}
dl div:last-child{border-bottom:0}
dt{color:#666}dd{margin:0;font-weight:600;word-break:break-all}
button,a.button{display:block;width:100%;box-sizing:border-box;padding:14px;border:0;border-radius:8px;
background:#1677ff;color:#fff;font-size:17px;text-align:center;text-decoration:none}
.result{font-size:22px;text-align:center;margin:24px 0}
`;

/**
 * The sandbox pay page: plain server-rendered HTML, phone-sized, no scripts (the CSP allows only
 * same-origin scripts); paying is an ordinary form POST.
 */
export function renderSandboxPage(state: SandboxPageState): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${T.title}</title><style>${STYLE}</style></head>
<body><main><h1>${T.title}</h1><p class="notice">${T.notice}</p>
${body(state)}
</main></body></html>`;
}

function body(state: SandboxPageState): string {
  if (state.kind === 'invalidLink') return `<p class="result">${T.invalidLink}</p>`;
  const details = orderDetails(state.order);
  if (state.kind === 'pay') {
    return `${details}<form method="post" action="${escapeHtml(state.action)}"><button type="submit">${T.pay}</button></form>`;
  }
  return `<p class="result">${T[state.kind]}</p>${details}<a class="button" href="/orders">${T.backToOrders}</a>`;
}

function orderDetails(order: SandboxPageOrder): string {
  const rows: [string, string][] = [
    [T.packageLabel, order.packageName],
    [T.amountLabel, `¥${formatYuan(order.amountCents)}`],
    [T.channelLabel, T.channels[order.payChannel]],
    [T.orderLabel, order.orderId],
  ];
  return `<dl>${rows.map(([k, v]) => `<div><dt>${k}</dt><dd>${escapeHtml(v)}</dd></div>`).join('')}</dl>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
