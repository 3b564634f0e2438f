/**
 * Which way the site's language is written: `rtl` for Arabic, Hebrew, Persian, Urdu and the
 * others Intl knows as right-to-left, `ltr` otherwise (and for a tag Intl cannot read). Pages
 * carry it as `<html dir>` beside `lang`, so a browser sets the text's direction and its
 * punctuation the right way round.
 */
export function textDirection(language: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}
