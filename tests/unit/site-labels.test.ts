/** The words the site writes itself (src/engine/schema/site-labels.ts): English by default, the settings' where given. */
import { describe, expect, it } from 'vitest';
import { LABEL_DEFAULTS, readingTimeText, siteLabels } from '../../src/engine/schema/site-labels';
import { siteSettingsIssues } from '../../src/engine/schema/site-settings';
import { formatDate } from '../../src/components/views/format';

const settings = { name: 'Nordwind', language: 'de' };

describe('the words on every page', () => {
  it('are English where the settings give none, or a blank one', () => {
    expect(siteLabels(undefined)).toEqual(LABEL_DEFAULTS);
    expect(siteLabels({ menu: 'Menü', skipToContent: '  ' })).toEqual({ ...LABEL_DEFAULTS, menu: 'Menü' });
  });

  it('are checked as settings: an unknown one is named, and the reading time needs its {minutes}', () => {
    expect(siteSettingsIssues({ ...settings, labels: { menu: 'Menü', readingTime: '{minutes} Min. Lesezeit' } })).toEqual([]);
    expect(siteSettingsIssues({ ...settings, labels: { readingTime: 'Lesezeit' } })).toEqual([{ path: '/labels/readingTime', message: 'Put {minutes} where the number of minutes goes, as in “{minutes} min read”' }]);
    expect(siteSettingsIssues({ ...settings, labels: { manu: 'Menü' } }).map((issue) => issue.path)).toEqual(['/labels/manu']);
    // A blank one is left empty, like every other word: English.
    expect(siteSettingsIssues({ ...settings, labels: { readingTime: '  ' } })).toEqual([]);
  });

  it('write the reading time and the date as the site’s language writes them', () => {
    const german = siteLabels({ readingTime: '{minutes} Min. Lesezeit' });
    expect(readingTimeText(german, 1200, 'de')).toBe('1.200 Min. Lesezeit');
    expect(readingTimeText(siteLabels(undefined), 5, 'en')).toBe('5 min read');
    expect(formatDate('2026-10-09', 'de')).toBe('9. Okt. 2026');
    expect(formatDate('2026-10-09', 'en')).toBe('Oct 9, 2026');
    expect(formatDate('2026-10-09', 'ar')).toMatch(/٢٠٢٦|2026/);
    expect(formatDate('not a day', 'en')).toBe('not a day');
  });
});
