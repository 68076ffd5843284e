import Bowser from 'bowser';
import { isIP } from 'node:net';

// How 账号与安全 names a login: enough for a member to tell their phone from a stranger's,
// no more (docs/decisions/065-login-devices.md).

/** `iPhone · Safari`, `Android · Chrome`, `Windows · Edge`…; empty when the agent says nothing usable. */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return '';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const device = platform.model ?? os.name ?? '';
  return [device, browser.name ?? ''].filter(Boolean).join(' · ');
}

/**
 * The login's address, coarsened so that the list shows the network, not the line: an IPv4's
 * last part and all but an IPv6's first three groups hidden (`203.0.113.*`, `2001:db8:85a3:*`).
 */
export function coarseAddress(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (isIP(ip) === 6) {
    const head = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return head.length > 0 ? `${head.join(':')}:*` : '*';
  }
  return '';
}
