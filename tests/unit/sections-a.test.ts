/**
 * The faq, testimonials, feature-grid and media-text sections: the demo page
 * that uses them is valid, and each of their rules refuses with a message that
 * says in words what is wrong, at the field that must change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sectionRegistry, StoredPageSchema } from '../../src/sections/registry';
import { LINK_RULE } from '../../src/engine/schema/urls';
import { jsonLdText } from '../../src/lib/seo/json-ld';
import { faqPage } from '../../src/sections/faq/faq-page';
import { schemaOrgProblems } from '../helpers/schema-org';

const TYPES = ['faq', 'testimonials', 'feature-grid', 'media-text'] as const;
const demo = JSON.parse(readFileSync(new URL('../../src/data/pages/features.json', import.meta.url), 'utf8'));
const demoData = (type: string) => demo.sections.find((section: { type?: string }) => section.type === type).data;

/** The issues of `data` for `type`, as "path: message". */
function issues(type: string, data: unknown): string[] {
  const result = sectionRegistry.get(type)!.schema.safeParse(data);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const question = (text: string) => ({ question: text, answer: 'An answer.' });
const quote = { quote: 'Good work.', name: 'Ada Lovelace' };
const feature = { icon: 'zap', title: 'Fast', text: 'Quick pages.' };
const image = { url: '/assets/images/cover-editorial.webp', alt: 'Paper shapes' };

describe('the demo page features.json', () => {
  it('is a valid stored page that uses each of the four types', () => {
    expect(StoredPageSchema.safeParse(demo).error?.issues ?? []).toEqual([]);
    const used = demo.sections.map((section: { type?: string }) => section.type);
    for (const type of TYPES) expect(used).toContain(type);
    expect(demo.sections[0]).toEqual({ $ref: '../shared/header.json' });
    expect(demo.sections.at(-1)).toEqual({ $ref: '../shared/footer.json' });
  });

  it.each(TYPES)('%s: the demo data and the defaults pass the schema', (type) => {
    expect(issues(type, demoData(type))).toEqual([]);
    expect(issues(type, sectionRegistry.get(type)!.defaults)).toEqual([]);
  });

  it('shows media-text with the image on each side', () => {
    const sides = demo.sections.filter((s: { type?: string }) => s.type === 'media-text').map((s: { data: { imageSide: string } }) => s.data.imageSide);
    expect(sides.sort()).toEqual(['left', 'right']);
  });
});

describe('unknown fields are errors', () => {
  const page = (section: object) => ({ id: 'p', slug: 'p', meta: { title: 'T', description: 'D' }, sections: [section] });
  it.each([
    ['faq', { items: [{ quesiton: 'Q?', question: 'Q?', answer: 'A.' }] }, 'sections.0.data.items.0.quesiton'],
    ['testimonials', { items: [{ ...quote, company: 'X' }] }, 'sections.0.data.items.0.company'],
    ['feature-grid', { items: [{ ...feature, url: '/x/' }] }, 'sections.0.data.items.0.url'],
    ['media-text', { body: 'Text.', image, side: 'left' }, 'sections.0.data.side'],
  ])('%s names the unknown key', (type, data, path) => {
    const found = StoredPageSchema.safeParse(page({ id: 's', type, data })).error?.issues ?? [];
    expect(found.map((issue) => issue.path.join('.'))).toContain(path);
    expect(found.find((issue) => issue.path.join('.') === path)!.message).toMatch(/^Unknown field/);
  });
});

describe('faq', () => {
  it('needs at least one question, and at most 30', () => {
    expect(issues('faq', { items: [] })).toEqual(['items: Add at least one question']);
    const many = Array.from({ length: 31 }, (_, index) => question(`Question ${index}?`));
    expect(issues('faq', { items: many })).toEqual(['items: At most 30 questions: split a longer FAQ into topics']);
  });

  it('names a question asked twice, at the second one, whatever its case and spacing', () => {
    expect(issues('faq', { items: [question('How long does it take?'), question('  how long does it  take? ')] })).toEqual([
      'items.1.question: The question “how long does it  take?” is asked twice',
    ]);
  });

  it('refuses a blank question or answer', () => {
    expect(issues('faq', { items: [{ question: ' ', answer: 'A.' }] })).toEqual(['items.0.question: Required']);
    expect(issues('faq', { items: [{ question: 'Q?', answer: '\n' }] })).toEqual(['items.0.answer: Write the answer to this question']);
  });

  it('marks up for search engines unless turned off', () => {
    expect(sectionRegistry.get('faq')!.schema.parse({ items: [question('Q?')] }).structuredData).toBe(true);
  });
});

describe('the FAQPage JSON-LD', () => {
  it('has a Question with its acceptedAnswer for each item, the answer as the page shows it', () => {
    const data = faqPage([{ question: ' Where? ', answer: 'See [the guide](/docs/).' }]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Where?', acceptedAnswer: { '@type': 'Answer', text: '<p>See <a href="/docs/">the guide</a>.</p>' } }],
    });
    expect(schemaOrgProblems(data)).toEqual([]);
  });

  it('is escaped so content cannot end the script element, and parses back to the same value', () => {
    const hostile = faqPage([{ question: 'Is </script><script>alert(1)</script> safe? <!-- & \u2028', answer: '`</script>`' }]);
    const json = jsonLdText(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });
});

describe('testimonials', () => {
  it('needs 1 to 9 testimonials', () => {
    expect(issues('testimonials', { items: [] })).toEqual(['items: Add at least one testimonial']);
    expect(issues('testimonials', { items: Array.from({ length: 10 }, () => quote) })).toEqual(['items: At most 9 testimonials']);
  });

  it('needs the quote and the name; the role and photo are optional', () => {
    expect(issues('testimonials', { items: [{ name: 'Ada' }] }).map((issue) => issue.split(':')[0])).toEqual(['items.0.quote']);
    expect(issues('testimonials', { items: [{ quote: 'Q', name: '' }] })).toEqual(['items.0.name: Required']);
    expect(issues('testimonials', { items: [quote] })).toEqual([]);
  });

  it('needs alt text for a photo, and an image URL that is a site path or https', () => {
    expect(issues('testimonials', { items: [{ ...quote, photo: { url: '/a.webp', alt: '' } }] })).toEqual(['items.0.photo.alt: Required']);
    expect(issues('testimonials', { items: [{ ...quote, photo: { url: 'javascript:alert(1)', alt: 'A' } }] })).toEqual([
      'items.0.photo.url: Image URLs must start with https:// or /',
    ]);
  });
});

describe('feature-grid', () => {
  it('needs 1 to 12 features', () => {
    expect(issues('feature-grid', { items: [] })).toEqual(['items: Add at least one feature']);
    expect(issues('feature-grid', { items: Array.from({ length: 13 }, () => feature) })).toEqual(['items: At most 12 features']);
  });

  it('takes only built-in icons, and 2, 3 or 4 columns', () => {
    expect(issues('feature-grid', { items: [{ ...feature, icon: 'unicorn' }] }).map((issue) => issue.split(':')[0])).toEqual(['items.0.icon']);
    expect(issues('feature-grid', { items: [feature], columns: '5' })).toEqual(['columns: Columns must be 2, 3 or 4']);
    expect(sectionRegistry.get('feature-grid')!.schema.parse({ items: [feature] }).columns).toBe('3');
  });

  it('checks an optional link like every other link', () => {
    expect(issues('feature-grid', { items: [{ ...feature, link: { label: 'More', href: 'javascript:alert(1)' } }] })).toEqual([`items.0.link.href: ${LINK_RULE}`]);
    expect(issues('feature-grid', { items: [{ ...feature, link: { label: '', href: '/x/' } }] })).toEqual(['items.0.link.label: Required']);
  });
});

describe('media-text', () => {
  it('needs text beside the image, and the image with its alt text', () => {
    expect(issues('media-text', { body: ' ', image })).toEqual(['body: Write the text that goes beside the image']);
    expect(issues('media-text', { body: 'Text.' }).map((issue) => issue.split(':')[0])).toEqual(['image']);
    expect(issues('media-text', { body: 'Text.', image: { ...image, alt: ' ' } })).toEqual(['image.alt: Required']);
  });

  it('puts the image left or right, left by default', () => {
    expect(issues('media-text', { body: 'Text.', image, imageSide: 'top' })).toEqual(['imageSide: The image side must be left or right']);
    expect(sectionRegistry.get('media-text')!.schema.parse({ body: 'Text.', image }).imageSide).toBe('left');
  });

  it('checks the optional button like every call to action', () => {
    const cta = { id: 'c', label: 'Go', href: 'javascript:alert(1)', variant: 'primary' };
    expect(issues('media-text', { body: 'Text.', image, cta })).toEqual([`cta.href: ${LINK_RULE}`]);
  });
});
