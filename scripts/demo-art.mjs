/** Drawing helpers for the demo artwork (generate-demo-images.mjs): seeded, so reruns draw the same. */

/** Small deterministic PRNG (mulberry32): the artwork must not change between runs. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An SVG document of the given size. */
export const svg = ({ w, h }, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<defs>${defs}</defs>${body}</svg>`;

/** A soft colour field: big blurred blobs over a base colour read as a mesh gradient. */
export function mesh({ w, h }, base, blobs, blur = 120) {
  const defs = `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter>`;
  const body =
    `<rect width="${w}" height="${h}" fill="${base}"/>` +
    `<g filter="url(#soft)">${blobs
      .map(([cx, cy, r, fill, opacity = 1]) => `<circle cx="${cx * w}" cy="${cy * h}" r="${r * w}" fill="${fill}" opacity="${opacity}"/>`)
      .join('')}</g>`;
  return { defs, body };
}

/** A field of small dots every `step` pixels. */
export function dotGrid({ w, h }, step, fill, opacity) {
  let out = '';
  for (let y = step / 2; y < h; y += step) for (let x = step / 2; x < w; x += step) out += `<circle cx="${x}" cy="${y}" r="1.6"/>`;
  return `<g fill="${fill}" opacity="${opacity}">${out}</g>`;
}

/** The colour a fraction `t` of the way from `a` to `b` (both #rrggbb). */
export function mix(a, b, t) {
  const pa = a.match(/\w\w/g).map((x) => parseInt(x, 16));
  const pb = b.match(/\w\w/g).map((x) => parseInt(x, 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** The brand mark (same drawing as public/favicon.svg), scaled into place. */
export const brandMark = (x, y, s) =>
  `<g transform="translate(${x} ${y}) scale(${s / 32})"><rect width="32" height="32" rx="8" fill="url(#markBg)"/>` +
  `<path d="M16 6.5 24 25l-8-4.2L8 25z" fill="#fff"/><path d="M16 6.5v14.3L8 25z" fill="#e0e7ff" opacity="0.6"/></g>`;
