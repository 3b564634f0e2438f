/**
 * The width (rem) below which the header's menu folds into its drawer. A fixed breakpoint fits
 * one menu: eight long labels overflowed the bar on a tablet. With no script to measure, the
 * bar's width is estimated from its text (about 0.5rem a character of the menu's small text),
 * and the next of FOLD_STEPS up is taken; the view has a media query for each.
 * Measured in Chromium: the demo's bar needs 51.5rem (estimated 51.8, so it folds at 52rem, as it
 * always did), eight longer labels 70.9rem (estimated 71.3, so 76rem).
 */
export const FOLD_STEPS = [52, 60, 68, 76, 84] as const;

/** The widest the bar ever is (the container's 76rem and its gutters): a menu that needs more never fits, and always folds. */
const WIDEST_BAR = 80;

interface HeaderText {
  logoText: string;
  menu: readonly { label: string }[];
  cta?: { label: string } | null;
}

export function foldWidth({ logoText, menu, cta }: HeaderText): (typeof FOLD_STEPS)[number] | 'always' {
  const estimate =
    logoText.length * 0.7 + 3 + // the mark, and the name at 1.125rem
    menu.reduce((sum, item) => sum + item.label.length * 0.5 + 1.75, 0) + // small text, padding and gap
    (cta ? cta.label.length * 0.5 + 3 : 0) + // a small button
    4.5; // the gaps between logo, menu and button, and the gutters
  if (estimate > WIDEST_BAR) return 'always';
  return FOLD_STEPS.find((step) => step >= estimate)!;
}
