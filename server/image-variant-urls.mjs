// The one format of an image variant's URL, written by the views (src/lib/images/) and read by
// the handler that answers it (server/image-variants.mjs) and by the build, which makes every
// variant its pages name (src/lib/images/integration.ts):
//
//   /_img/<original file name>/<content hash>-w<width>[-r<W>x<H>-f<X>x<Y>].<avif|webp|jpg|png>
//
// The URL carries everything the variant is made from: the original's name and the hash of its
// bytes, the width, the crop ratio and the focal point. So the same page renders byte-identically
// in the build and on the server, a variant can be made by whoever is asked first, and its URL
// names one set of bytes forever (cached as immutable). Every part is an allowlist or a bounded
// number, so the set of variants an image can have is finite (docs/architecture.md).
// Plain JavaScript so the production server can load it without a build step.

export const VARIANTS_URL_PREFIX = '/_img/';

/**
 * The widths variants are made at (CSS px × DPR); a view's ladder is the part up to the original's width.
 * It stops at 1600: wider files only sharpen an image shown over 800 CSS px wide on a DPR 2 screen,
 * and cost the most to encode and to send (a 2048 px AVIF takes about as long as the rest of the ladder).
 */
export const VARIANT_WIDTHS = Object.freeze([320, 480, 640, 800, 1024, 1280, 1600]);

/** Output formats by URL extension; `jpg` and `png` are the fallbacks for browsers without the others. */
export const VARIANT_FORMATS = Object.freeze({
  avif: { mime: 'image/avif' },
  webp: { mime: 'image/webp' },
  jpg: { mime: 'image/jpeg' },
  png: { mime: 'image/png' },
});

/** Crop ratios the views use (width × height, in lowest terms). A view that crops to another ratio fails its render. */
export const VARIANT_CROPS = Object.freeze(['1x1', '4x3', '3x2', '8x5', '40x21']);

/** Focal points are whole percentages in steps of this size: enough for a crop, and a bounded set. */
export const FOCUS_STEP = 5;

/** Originals that get variants: the upload check's safe names, of raster types sharp resizes. */
const ORIGINAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpe?g|png|webp)$/i;
const HASH_LENGTH = 16;
const VARIANT_NAME = /^([0-9a-f]{16})-w(\d{1,4})(?:-r(\d{1,2})x(\d{1,2})-f(\d{1,3})x(\d{1,3}))?\.(avif|webp|jpg|png)$/;

export function hasVariants(name) {
  return ORIGINAL_NAME.test(name);
}

/** The hash a URL carries: the first 16 hex digits of the original's SHA-256. */
export function shortHash(sha256Hex) {
  return sha256Hex.slice(0, HASH_LENGTH);
}

const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));

/** A frame's ratio in lowest terms, as the URL spells it: 1200 × 900 → "4x3". */
export function cropOf(width, height) {
  const divisor = gcd(width, height);
  return `${width / divisor}x${height / divisor}`;
}

/** A focal point (0–1 on each axis, 0.5 the centre) as URL percentages on the FOCUS_STEP grid. */
export function focusPercent(value) {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0.5));
  return Math.round((clamped * 100) / FOCUS_STEP) * FOCUS_STEP;
}

/**
 * @typedef {{ name: string, hash: string, width: number, format: keyof typeof VARIANT_FORMATS,
 *   crop?: { ratio: string, focusX: number, focusY: number } }} VariantSpec
 * `hash` is the short hash; `crop.focusX`/`focusY` are percentages on the FOCUS_STEP grid.
 */

/** @param {VariantSpec} spec */
export function variantFileName({ hash, width, format, crop }) {
  const cropPart = crop ? `-r${crop.ratio}-f${crop.focusX}x${crop.focusY}` : '';
  return `${hash}-w${width}${cropPart}.${format}`;
}

/** @param {VariantSpec} spec */
export function variantUrl(spec) {
  return `${VARIANTS_URL_PREFIX}${spec.name}/${variantFileName(spec)}`;
}

/**
 * The variant a normalised request path names, or undefined when the path is not one: an
 * unknown width, format or crop, a focal point off the grid, a name that gets no variants.
 * @returns {VariantSpec | undefined}
 */
export function parseVariantPath(path) {
  if (!path.startsWith(VARIANTS_URL_PREFIX)) return undefined;
  const segments = path.slice(VARIANTS_URL_PREFIX.length).split('/');
  if (segments.length !== 2 || !hasVariants(segments[0])) return undefined;
  const match = VARIANT_NAME.exec(segments[1]);
  if (!match) return undefined;
  const [, hash, width, ratioW, ratioH, focusX, focusY, format] = match;
  if (!VARIANT_WIDTHS.includes(Number(width))) return undefined;
  /** @type {VariantSpec} */
  const spec = { name: segments[0], hash, width: Number(width), format: /** @type {keyof typeof VARIANT_FORMATS} */ (format) };
  if (ratioW !== undefined) {
    const crop = { ratio: `${ratioW}x${ratioH}`, focusX: Number(focusX), focusY: Number(focusY) };
    const onGrid = (value) => value <= 100 && value % FOCUS_STEP === 0;
    if (!VARIANT_CROPS.includes(crop.ratio) || !onGrid(crop.focusX) || !onGrid(crop.focusY)) return undefined;
    spec.crop = crop;
  }
  // One spelling per variant: "w0800" or "f050x50" would name the same bytes under a second URL.
  return variantFileName(spec) === segments[1] ? spec : undefined;
}
