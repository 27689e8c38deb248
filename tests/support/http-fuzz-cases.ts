// Hostile input for the HTTP fuzz test: odd values for fields, path segments and headers, and
// fast-check arbitraries that mix them. Everything here is data; the test decides where it goes.
import fc from 'fast-check';

export const HUGE_TEXT = 'x'.repeat(100_000);

/** Nested arrays/objects depth levels deep. */
export const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values a client may put in any JSON field: wrong types, extremes, unicode that breaks things. */
export const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  -0.5,
  true,
  [],
  {},
  [1, 'a', null],
  { nested: { deeper: true } },
  '',
  ' ',
  HUGE_TEXT,
  'a\u0000b',
  '\ud800',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '🔒👩‍👩‍👧🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-13-45T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00Z',
  nested(30),
];

/** Whole request bodies of the wrong shape, as JSON text. */
export const ODD_JSON_BODIES: string[] = [
  '"text"',
  '123',
  'true',
  'null',
  '[]',
  '[{"a":1}]',
  JSON.stringify(HUGE_TEXT),
  // Built as text: JSON.stringify itself would overflow the stack at this depth.
  `${'{"a":['.repeat(2500)}1${']}'.repeat(2500)}`,
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":"\\u0000"}',
  '{"\\ud800":1}',
];

/** Request bodies that are not JSON at all, though they say they are. */
export const BROKEN_JSON: string[] = ['{', '{"a":', '{a:1}', "{'a':1}", '\u0000', '[1,]', 'undefined', 'NaN'];

/** Content types the API does not speak, or speaks oddly. */
export const CONTENT_TYPES: string[] = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json; charset="',
  ';;;',
  'image/png',
];

/** Path segments for route parameters: not ids, badly encoded, too long, traversal attempts. */
export const ODD_SEGMENTS: string[] = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '%00',
  '%E0%A4%A',
  '%',
  encodeURIComponent('🔒é\u202E'),
  encodeURIComponent('e\u0301\u0301'),
  'a'.repeat(5000),
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  encodeURIComponent("'; DROP TABLE users; --"),
  '-',
  '%C0%AF',
];

/** Odd Idempotency-Key header values (latin1 only: HTTP headers cannot carry other text). */
export const ODD_KEYS: Array<string | string[]> = [
  '',
  ' ',
  'a'.repeat(300),
  'key with spaces',
  Buffer.from('chave-ação-🔒', 'utf8').toString('latin1'),
  '\t',
  ['first', 'second'],
  'fuzz-reused-key',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

export const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: loneSurrogate, maxLength: 3 }),
  fc.constantFrom(...ODD_VALUES.filter((value): value is string => typeof value === 'string')),
);

export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...ODD_VALUES),
);

/** A body built from the route's schema fields (when known) plus stray keys. */
export function bodyArbitrary(fields: string[]): fc.Arbitrary<unknown> {
  const keys = fc.constantFrom(...fields, '__proto__', 'constructor', 'role', 'is_admin', '');
  return fc.oneof(fc.dictionary(keys, oddValue, { maxKeys: fields.length + 2 }), fc.jsonValue({ maxDepth: 4 }), oddValue);
}

/** Percent-encodes text for a path; a lone surrogate (which cannot be encoded) becomes its raw bytes. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text) || '-';
  } catch {
    return '%ED%A0%80';
  }
}

export const segmentArbitrary = fc.oneof(fc.constantFrom(...ODD_SEGMENTS), oddText.map(encodeSegment));
