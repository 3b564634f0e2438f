import { describe, expect, it } from 'vitest';
import { docsFromPayload } from '../../src/editor/lib/model';
import { noSuggestedSlugProblem, slugFromTitle, starterPage } from '../../src/editor/lib/starter-page';
import { pageIssues } from '../../src/editor/lib/validate';

const docs = docsFromPayload({
  docs: [
    { file: 'shared/header.json', kind: 'shared', saveSlug: 'shared/header', data: { id: 'site-header', type: 'header', data: {} }, version: 'v' },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: { id: 'site-footer', type: 'footer', data: {} }, version: 'v' },
  ],
});

describe('new pages', () => {
  it('suggests a slug from a title', () => {
    expect(slugFromTitle('Pricing Page')).toBe('pricing-page');
    expect(slugFromTitle('  Café & Bar — Menu! ')).toBe('cafe-and-bar-menu');
    expect(slugFromTitle('2027 Plans')).toBe('2027-plans');
    expect(slugFromTitle('!!!')).toBe('');
    // An apostrophe joins its word (a UX review got `what-s-new`), typographic or not.
    expect(slugFromTitle('What’s new')).toBe('whats-new');
    expect(slugFromTitle("Don't panic")).toBe('dont-panic');
  });

  it('suggests one from a title in another script, written in Latin letters, where it can (it suggested none)', () => {
    expect(slugFromTitle('Контакты')).toBe('kontakty');
    expect(slugFromTitle('Αθήνα')).toBe('athina');
    expect(slugFromTitle('Über uns')).toBe('uber-uns');
    // Chinese has no letters to write: no suggestion, and the dialog asks for an address.
    expect(slugFromTitle('关于我们')).toBe('');
  });

  it('starts as a draft, from the shared header and footer, a titled page header, a text and a call to action, all valid', () => {
    const page = starterPage({ slug: 'guides/pricing-page', title: 'Pricing Page', docs });
    expect(page).toMatchObject({ id: 'guides-pricing-page', slug: 'guides/pricing-page', status: 'draft', meta: { title: 'Pricing Page' } });
    expect(page.sections.map((section) => (section as { type?: string; $ref?: string }).type ?? (section as { $ref: string }).$ref)).toEqual([
      '../../shared/header.json', 'page-hero', 'content-block', 'cta-banner', '../../shared/footer.json',
    ]);
    expect((page.sections[1] as { data: { title: string } }).data.title).toBe('Pricing Page');
    expect([...pageIssues(page)]).toEqual([]);
  });

  it("has its button lead to the site's e-mail address, where the settings give one (it led to the home page on every site)", () => {
    const ctaOf = (page: ReturnType<typeof starterPage>) => (page.sections[3] as { data: { ctas: { label: string; href: string }[] } }).data.ctas[0];
    expect(ctaOf(starterPage({ slug: 'team', docs }))).toMatchObject({ label: 'Get in touch', href: '/' });
    const withEmail = docsFromPayload({
      docs: [...Object.values(docs).map((doc) => ({ ...doc, version: 'v' })), { file: 'shared/site.json', kind: 'shared', saveSlug: 'shared/site', data: { siteName: 'Acme', email: 'hello@acme.example' }, version: 'v' }],
    });
    const page = starterPage({ slug: 'team', docs: withEmail });
    expect(ctaOf(page)).toMatchObject({ label: 'Get in touch', href: 'mailto:hello@acme.example' });
    expect([...pageIssues(page)]).toEqual([]);
  });

  it('makes a title from the slug when none is given', () => {
    expect(starterPage({ slug: 'team', docs }).meta.title).toBe('Team');
  });
});

describe('noSuggestedSlugProblem', () => {
  it('says plainly that a title in Chinese, Hebrew or emoji gives no address, and asks for one (it said “Use lowercase letters…” of a field not typed in)', () => {
    for (const title of ['价格', 'מחירים', '🎉🎉']) {
      expect(slugFromTitle(title)).toBe('');
      expect(noSuggestedSlugProblem(title, null, 'name')).toBe('An address is made only of the letters a to z, digits and hyphens, and the name has none of them, so none could be suggested. Type one here (for example our-story).');
    }
  });

  it('says nothing once an address is suggested or typed, or before a title', () => {
    expect(noSuggestedSlugProblem('Pricing 价格', null)).toBeNull();
    expect(noSuggestedSlugProblem('价格', 'pricing')).toBeNull();
    expect(noSuggestedSlugProblem('价格', '')).toBeNull();
    expect(noSuggestedSlugProblem('  ', null)).toBeNull();
  });
});
