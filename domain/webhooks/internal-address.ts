// Where a webhook must never be sent outside development and tests: this machine and private,
// link-local (cloud metadata at 169.254.169.254) or carrier-grade NAT networks. A partner's URL
// would otherwise make Hub's worker call services that only trust its own network (SSRF).

const V4_BLOCKS: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
];

function v4(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** True for an IPv4 or IPv6 address (no brackets) of this machine or of a private network. */
export function isInternalAddress(address: string): boolean {
  const ip = address.toLowerCase();
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  const n = v4(mapped ? mapped[1]! : ip);
  if (n !== null) return V4_BLOCKS.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
  if (!ip.includes(':')) return false;
  // ::, ::1, unique local fc00::/7, link-local fe80::/10.
  return ip === '::' || ip === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(ip) || /^fe[89ab][0-9a-f]?:/.test(ip);
}

/** A URL host that names this machine or a private network by itself (no lookup needed). */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host);
}
