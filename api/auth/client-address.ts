import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that identifies one attacker for per-address limits: the IPv4
 * address itself, or the /64 prefix of an IPv6 address (one subscriber usually holds a whole
 * /64, so counting single IPv6 addresses would let them rotate without end).
 */
export function clientAddressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, ''); // drop a zone id (fe80::1%eth0)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  // A trailing dotted quad (64:ff9b::1.2.3.4) stands for the last two groups.
  const withoutQuad = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) => {
    const [w, x, y, z] = [a, b, c, d].map(Number) as [number, number, number, number];
    return `${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  });
  const [head = '', tail] = withoutQuad.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
