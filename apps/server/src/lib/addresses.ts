/**
 * Which network addresses count as private: loopback, private networks, link-local, shared,
 * multicast, documentation and reserved ranges. The load form's fetch and the page-thumbnail
 * browser both refuse them unless a setting allows them.
 */
import net from 'node:net';

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** IPv4 carried in IPv6 (::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged as the IPv4 address. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
    ip,
  );
  if (!m) return null;
  const [, v4, high, low] = m;
  if (v4) return v4;
  if (high === undefined || low === undefined) return null;
  const hi = parseInt(high, 16);
  const lo = parseInt(low, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for addresses a load must not reach: this machine, private networks and the like. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(ip, 'ipv6');
  }
  return true;
}
