import { describe, expect, it } from 'vitest';
import { contrastRatio, mixHex } from '../../src/engine/schema/colour';
import { brandColourProblem, readSiteSettings, SITE_SETTINGS_FILE, siteSettingsIssues, siteSettingsProblems, themeProperties } from '../../src/engine/schema/site-settings';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { TYPEFACE_IDS, TYPEFACES } from '../../src/styles/typefaces';
import demo from '../../src/data/shared/site.json';
import { planChangeset } from '../../src/server/store/plan';
import { validatePlan } from '../../src/server/store/validate';
import { settingsFields, settingsIssues } from '../../src/editor/lib/site-settings';
import { mayWrite, readOnlyNote } from '../../src/editor/lib/permissions';
import { docName } from '../../src/editor/lib/content-ops';
import { problemLocation } from '../../src/editor/lib/problems';
import { fieldLocationLabel, refPlaceLabel } from '../../src/editor/lib/store/labels';
import { docsFromPayload } from '../../src/editor/lib/model';

const settings = (fields: Record<string, unknown>) => ({ name: 'Acme', ...fields });
const paths = (value: unknown) => siteSettingsIssues(value).map((issue) => issue.path);

describe('site settings schema', () => {
  it('accepts the demo settings and fills defaults for a name alone', () => {
    expect(siteSettingsIssues(demo)).toEqual([]);
    const read = readSiteSettings(snapshotFromEntries([[SITE_SETTINGS_FILE, { name: 'Acme' }]]));
    expect(read).toEqual({ name: 'Acme', language: 'en', brandColor: '#4f46e5', typeface: 'inter', headingTypeface: 'fraunces' });
  });

  it('validates the language as BCP 47, with the platform parser', () => {
    for (const tag of ['en', 'en-GB', 'pt-BR', 'zh-Hant-TW', 'sr-Latn']) expect(siteSettingsIssues(settings({ language: tag }))).toEqual([]);
    // "English" is well-formed BCP 47 (five to eight letters), but no language has such a code.
    for (const tag of ['en_GB', 'en GB', '', 'e', 'en-', '12', 'English', 'english-GB']) {
      const issues = siteSettingsIssues(settings({ language: tag }));
      expect(issues.map((issue) => issue.path), tag).toEqual(['/language']);
      expect(issues[0]!.message).toMatch(/is not a language tag: use a code such as en, en-GB/);
    }
  });

  it('refuses a brand colour without 4.5:1 contrast on the backgrounds it is used on, naming the field and the ratio', () => {
    const [issue] = siteSettingsIssues(settings({ brandColor: '#facc15' }));
    expect(issue).toEqual({ path: '/brandColor', message: expect.stringMatching(/^#facc15 has 1\.\d\d:1 contrast with white \(#ffffff\); it needs 4\.5:1/) });
    expect(paths(settings({ brandColor: 'indigo' }))).toEqual(['/brandColor']);
    expect(paths(settings({ brandColor: '#0f766e' }))).toEqual([]);
    // Passes on white (4.9:1) but not on the subtle band background (4.48:1).
    expect(contrastRatio('#2f7d6b', '#ffffff')).toBeGreaterThan(4.5);
    expect(brandColourProblem('#2f7d6b')).toMatch(/^#2f7d6b has 4\.48:1 contrast with subtle bands/);
  });

  it('allows only the typefaces the site ships, and requires a name', () => {
    expect(paths(settings({ typeface: 'comic-sans' }))).toEqual(['/typeface']);
    expect(paths(settings({ headingTypeface: 'Fraunces' }))).toEqual(['/headingTypeface']);
    expect(paths({ name: '  ' })).toEqual(['/name']);
    expect(paths(settings({ email: 'not an address' }))).toEqual(['/email']);
    expect(paths(settings({ socialImage: { url: 'javascript:alert(1)', alt: 'x' } }))).toEqual(['/socialImage/url']);
    // Content is strict: a misspelt field is named, with a suggestion.
    expect(siteSettingsIssues(settings({ brandColour: '#0f766e' }))).toEqual([{ path: '/brandColour', message: expect.stringContaining('did you mean "brandColor"') }]);
    for (const id of TYPEFACE_IDS) expect(paths(settings({ typeface: id, headingTypeface: id }))).toEqual([]);
  });

  it('reports an invalid settings file as a content problem of that file, and a missing one only when read', () => {
    const broken = snapshotFromEntries([[SITE_SETTINGS_FILE, { name: 'Acme', language: 'xx_YY' }]]);
    const [problem] = siteSettingsProblems(broken);
    expect(problem!.fileIssues()).toEqual([{ file: SITE_SETTINGS_FILE, path: '/language', message: expect.stringMatching(/is not a language tag/) }]);
    expect(() => readSiteSettings(broken)).toThrow(/shared\/site\.json.*\/language/);
    expect(siteSettingsProblems(snapshotFromEntries([]))).toEqual([]);
    expect(() => readSiteSettings(snapshotFromEntries([]))).toThrow(/shared\/site\.json: is missing/);
  });

  it('drives the theme: the accent and its shades from the brand colour, the stacks from the typefaces', () => {
    const properties = themeProperties(readSiteSettings(snapshotFromEntries([[SITE_SETTINGS_FILE, settings({ brandColor: '#0F766E', headingTypeface: 'source-serif-4' })]])));
    expect(properties).toMatchObject({
      '--color-accent': '#0f766e',
      '--color-accent-hover': mixHex('#0f766e', '#000000', 0.18),
      '--font-text': `var(${TYPEFACES.inter.cssVariable})`,
      '--font-heading': `var(${TYPEFACES['source-serif-4'].cssVariable})`,
    });
    expect(contrastRatio(properties['--color-accent-ink'] as `#${string}`, properties['--color-accent-soft'] as `#${string}`)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('colour arithmetic', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The theme's documented pair: the default accent with white text is 6.3:1.
    expect(contrastRatio('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 1);
  });

  it('mixes colours per channel', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixHex('#4f46e5', '#4f46e5', 0.3)).toBe('#4f46e5');
  });
});

describe('saving the settings through the content store', () => {
  const site = snapshotFromEntries([[SITE_SETTINGS_FILE, { name: 'Acme' }]]);
  const save = (content: unknown) => validatePlan(site, planChangeset(site, [{ op: 'put', file: SITE_SETTINGS_FILE, content, baseVersion: 'v' }]));

  it('refuses invalid settings, each issue naming the file and the field', () => {
    expect(save({ name: 'Acme', language: 'en_GB', brandColor: '#fde047', typeface: 'papyrus' })).toEqual([
      { file: SITE_SETTINGS_FILE, path: '/language', message: expect.stringMatching(/is not a language tag/) },
      { file: SITE_SETTINGS_FILE, path: '/brandColor', message: expect.stringMatching(/contrast with white/) },
      { file: SITE_SETTINGS_FILE, path: '/typeface', message: expect.any(String) },
    ]);
  });

  it('accepts valid settings', () => {
    expect(save({ name: 'Acme', language: 'fr-CA', brandColor: '#0f766e', typeface: 'source-serif-4', headingTypeface: 'inter' })).toEqual([]);
  });
});

describe('the site settings in the editor', () => {
  it('checks the form with the same schema, keyed like every form', () => {
    expect([...settingsIssues({ name: 'Acme', brandColor: '#fde047', socialImage: { url: 'javascript:x', alt: 'a' } }).keys()]).toEqual(['socialImage.url', 'brandColor']);
    expect(settingsIssues(demo).size).toBe(0);
    expect(settingsFields.map((spec) => spec.key)).toEqual(['name', 'tagline', 'email', 'language', 'socialImage', 'brandColor', 'typeface', 'headingTypeface', 'labels']);
    expect(settingsFields.find((spec) => spec.key === 'labels')?.kind).toBe('object');
    expect(settingsFields.find((spec) => spec.key === 'brandColor')?.kind).toBe('color');
  });

  it('are an administrator’s to change, with a note that says so', () => {
    expect(mayWrite({ name: 'eve', role: 'editor' }, SITE_SETTINGS_FILE)).toBe(false);
    expect(mayWrite({ name: 'ada', role: 'admin' }, SITE_SETTINGS_FILE)).toBe(true);
    expect(readOnlyNote(SITE_SETTINGS_FILE)).toBe('Only an administrator can change the site settings.');
  });
});

describe('the site settings in the editor’s words', () => {
  const docs = docsFromPayload({ docs: [{ file: SITE_SETTINGS_FILE, kind: 'shared', saveSlug: 'shared/site', data: demo, version: 'v' }] });

  it('are named as such, with their fields’ labels, in history steps and problem lines', () => {
    expect(docName(docs, SITE_SETTINGS_FILE)).toBe('Site settings');
    expect(fieldLocationLabel(docs, SITE_SETTINGS_FILE, ['brandColor'])).toBe('Brand colour');
    expect(fieldLocationLabel(docs, SITE_SETTINGS_FILE, ['socialImage', 'alt'])).toMatch(/^Default social image › Alt text$/);
  });

  it('name where a linked value comes from, for a field that shows it (a header’s logo text linked to the site name)', () => {
    expect(refPlaceLabel(docs, SITE_SETTINGS_FILE, ['name'])).toBe('Site settings › Site name');
    const withFooter = docsFromPayload({ docs: [{ file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: { id: 'site-footer', type: 'footer', data: { menu: [] } }, version: 'v' }] });
    expect(refPlaceLabel(withFooter, 'shared/footer.json', ['data', 'menu'])).toBe('Footer › Menu');
  });

  it('a problem in them opens their form at the field', () => {
    expect(problemLocation(docs, SITE_SETTINGS_FILE, '/language')).toEqual({ route: '~site', section: null, field: 'language' });
  });
});
