// The pure HTTP decisions of serving a representation: which content coding to send
// (Accept-Encoding, RFC 9110 §12.5.3) and whether a GET or HEAD is answered 304
// (If-None-Match and If-Modified-Since, RFC 9110 §13.1–13.2). Shared by the production
// server's static files, its page API and the uploaded-images handler, and unit-tested.
// Plain JavaScript so the production server can load it without a build step.

/** The codings we precompress, in the order we prefer them when the client weighs them equally. */
export const ENCODINGS = /** @type {const} */ (['br', 'gzip']);

/** The file suffix of each coding's precompressed sibling. */
export const ENCODING_SUFFIX = /** @type {const} */ ({ br: '.br', gzip: '.gz' });

/** Below the smallest weight a header can give (q=0.001). */
const UNLISTED_IDENTITY_WEIGHT = 0.0001;

/** The quality values an Accept-Encoding header gives, by lowercase coding (`x-gzip` is gzip). */
function qualities(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    const coding = name.toLowerCase() === 'x-gzip' ? 'gzip' : name.toLowerCase();
    // The most generous weight wins if a coding is listed twice.
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  return weights;
}

/**
 * The coding to answer with, among `available` (a subset of ENCODINGS; identity is always
 * available), or undefined when the client refuses all of them (`identity;q=0` or `*;q=0`
 * with nothing else acceptable): the caller answers 406. A missing header means identity,
 * as browsers always send one and caches key on it; an empty one asks for identity.
 * @param {string | undefined} header the request's Accept-Encoding
 * @param {readonly string[]} available
 * @returns {'br' | 'gzip' | 'identity' | undefined}
 */
export function chooseEncoding(header, available) {
  if (header === undefined || header.trim() === '') return 'identity';
  const weights = qualities(header);
  const star = weights.get('*');
  // Identity stays acceptable unless refused, but below any coding the client names: a client that
  // weighs `br;q=0.5` still wants brotli over the uncompressed bytes.
  const weightOf = (coding) => weights.get(coding) ?? star ?? (coding === 'identity' ? UNLISTED_IDENTITY_WEIGHT : 0);
  let best;
  let bestWeight = 0;
  for (const coding of [...ENCODINGS.filter((name) => available.includes(name)), 'identity']) {
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return /** @type {'br' | 'gzip' | 'identity' | undefined} */ (best);
}

/** The entity tags of an If-None-Match header, or `*`. Quoted tags may hold commas. */
function entityTags(header) {
  return [...header.matchAll(/\*|(?:W\/)?"[^"]*"/g)].map(([tag]) => tag);
}

/** Weak comparison (RFC 9110 §8.8.3.2): equal opaque tags, whatever their W/ prefix. */
const opaque = (tag) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a GET or HEAD is answered 304 Not Modified. If-None-Match decides when present
 * (weak comparison, lists, `*`), and If-Modified-Since is then ignored, as RFC 9110 §13.2.2
 * orders; If-Modified-Since counts only with a valid date and a known Last-Modified, at
 * the one-second precision of HTTP dates.
 * @param {{ 'if-none-match'?: string, 'if-modified-since'?: string }} requestHeaders
 * @param {{ etag: string, lastModified?: Date }} current
 * @returns {boolean}
 */
export function isNotModified(requestHeaders, { etag, lastModified }) {
  const noneMatch = requestHeaders['if-none-match'];
  if (noneMatch !== undefined) {
    return entityTags(noneMatch).some((tag) => tag === '*' || opaque(tag) === opaque(etag));
  }
  const modifiedSince = requestHeaders['if-modified-since'];
  if (modifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(modifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
