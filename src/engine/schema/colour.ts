/**
 * Colour arithmetic for the brand colour's checks: WCAG 2 relative luminance
 * and contrast ratio, and mixing two sRGB colours (how the theme derives the
 * accent's hover, ink and soft shades from it).
 */
export type Hex = `#${string}`;

const channels = (hex: Hex): [number, number, number] => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

/** WCAG 2 relative luminance of an sRGB colour. */
export function luminance(hex: Hex): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: Hex, b: Hex): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `base` mixed with `other` by `amount` (0 = base, 1 = other), per sRGB channel, as #rrggbb. */
export function mixHex(base: Hex, other: Hex, amount: number): Hex {
  const [from, to] = [channels(base), channels(other)];
  return `#${from.map((value, index) => Math.round(value + (to[index]! - value) * amount).toString(16).padStart(2, '0')).join('')}`;
}
