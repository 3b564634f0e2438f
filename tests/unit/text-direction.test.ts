/** Which way the site's language is written (src/engine/text-direction.ts), for `<html dir>`. */
import { describe, expect, it } from 'vitest';
import { textDirection } from '../../src/engine/text-direction';

describe('the text direction of a language', () => {
  it('is right to left for the languages written so, with or without a region or script', () => {
    for (const language of ['ar', 'ar-EG', 'he', 'fa', 'ur', 'yi']) expect(textDirection(language), language).toBe('rtl');
  });

  it('is left to right for the others, for a language written in a left-to-right script, and for a tag Intl cannot read', () => {
    for (const language of ['en', 'de-CH', 'fr-CA', 'zh-Hant', 'ja', 'az-Latn', 'not a tag', '']) expect(textDirection(language), language).toBe('ltr');
  });
});
