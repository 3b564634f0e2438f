/**
 * The static build of the features demo page, which uses faq, testimonials,
 * feature-grid and media-text: each renders from the demo content with its
 * structure and the accessibility basics, the FAQPage JSON-LD parses with the
 * properties schema.org requires, and content cannot break out of it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { schemaOrgProblems } from '../helpers/schema-org';
import { buildProject } from '../helpers/servers';
import { originalUrlOf } from '../helpers/images';

interface Image { url: string; alt: string }
/** Demo content is read as JSON; the schemas' own tests hold its types. */
interface DemoSection { id: string; type: string; data: Record<string, any> }

/** A page the copy adds, whose question and answer try to end the JSON-LD script element. */
const HOSTILE = '</script><script>alert(1)</script><!--';
const hostilePage = {
  id: 'faq-escape',
  slug: 'faq-escape',
  meta: { title: 'Escape test', description: 'A question that tries to break out of its structured data.' },
  sections: [
    { $ref: '../shared/header.json' },
    { id: 'escape-hero', type: 'page-hero', data: { title: 'Escape test' } },
    { id: 'escape-faq', type: 'faq', data: { title: 'Questions', items: [{ question: `Is ${HOSTILE} safe?`, answer: `Yes: \`${HOSTILE}\` & <b>` }] } },
    { $ref: '../shared/footer.json' },
  ],
};

/** A page an editor gave two title sections: a hero, then a page header further down. */
const twoTitlesPage = {
  id: 'two-titles',
  slug: 'two-titles',
  meta: { title: 'Two titles', description: 'A hero and a page header on one page.' },
  sections: [
    { $ref: '../shared/header.json' },
    { id: 'two-hero', type: 'hero', data: { title: 'The opening', subtitle: 'First.', primaryCta: { id: 'two-cta', label: 'Go', href: '/', variant: 'primary' } } },
    { id: 'two-page-hero', type: 'page-hero', data: { title: 'A second title' } },
    { $ref: '../shared/footer.json' },
  ],
};

/** A page of rich text alone, titled by its body's `#` heading, as a privacy policy is written. */
const textOnlyPage = {
  id: 'privacy',
  slug: 'privacy',
  meta: { title: 'Privacy', description: 'What we keep, and why.' },
  sections: [
    { $ref: '../shared/header.json' },
    // A blank title is no title: the body's heading is the page's (the block once wrote an empty h1).
    { id: 'privacy-text', type: 'content-block', data: { title: '   ', body: '# Privacy policy\n\nWe keep little.\n\n## What we keep\n\nYour email.' } },
    { id: 'privacy-more', type: 'content-block', data: { title: 'Contact', body: 'Write to us.' } },
    { $ref: '../shared/footer.json' },
  ],
};

let project: ProjectCopy;
let html: string;
let textOnlyHtml: string;
let hostileHtml: string;
let twoTitlesHtml: string;
let demo: DemoSection[];

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
/** Text as it appears in HTML (Astro escapes &, <, > and quotes in text). */
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const dataOf = (type: string) => demo.find((section) => section.type === type)!;
const allOf = (type: string) => demo.filter((section) => section.type === type);
const scriptsOf = (page: string) => [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, body]) => ({ attributes: attributes!, body: body! }));
const faqPagesOf = (page: string) =>
  scriptsOf(page)
    .filter((script) => /type="application\/ld\+json"/.test(script.attributes))
    .map((script) => JSON.parse(script.body))
    .filter((value) => value['@type'] === 'FAQPage');

/** The rendered root element of a section, by id (sections do not nest). */
function sectionHtml(page: string, id: string): string {
  const start = page.indexOf(`data-section-id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const open = page.lastIndexOf('<section', start);
  return page.slice(open, page.indexOf('</section>', start) + '</section>'.length);
}

beforeAll(async () => {
  project = await copyProject('sections-a');
  await writeFile(join(project.dataRoot, 'pages', 'faq-escape.json'), `${JSON.stringify(hostilePage, null, 2)}\n`);
  await writeFile(join(project.dataRoot, 'pages', 'two-titles.json'), `${JSON.stringify(twoTitlesPage, null, 2)}\n`);
  await writeFile(join(project.dataRoot, 'pages', 'privacy.json'), `${JSON.stringify(textOnlyPage, null, 2)}\n`);
  await buildProject(project);
  const built = (slug: string) => readFile(join(project.root, 'dist', 'client', slug, 'index.html'), 'utf8');
  [html, hostileHtml, twoTitlesHtml, textOnlyHtml] = await Promise.all([built('features'), built('faq-escape'), built('two-titles'), built('privacy')]);
  demo = JSON.parse(await readFile(join(project.dataRoot, 'pages', 'features.json'), 'utf8')).sections.filter((section: { type?: string }) => section.type);
});

afterAll(() => project?.remove());

describe('the features page', () => {
  it('renders each demo section in order, between the shared header and footer', () => {
    const rendered = [...html.matchAll(/\bdata-section-id="([^"]+)"[^>]*\bdata-section-type="([^"]+)"/g)].map(([, id, type]) => `${id}:${type}`);
    expect(rendered).toEqual(['site-header:header', ...demo.map((section) => `${section.id}:${section.type}`), 'site-footer:footer']);
    for (const type of ['faq', 'testimonials', 'feature-grid', 'media-text']) expect(demo.map((section) => section.type)).toContain(type);
  });

  it('keeps its headings in order: one h1, and no level skipped', () => {
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => index > 0 && expect(level, `heading ${index + 1} after h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1));
  });

  it('gives a page with two title sections one h1: the first, while the later one is an h2 styled alike', () => {
    expect(sectionHtml(twoTitlesHtml, 'two-hero')).toMatch(/<h1 class="hero__title"[^>]*>\s*The opening/);
    const second = sectionHtml(twoTitlesHtml, 'two-page-hero');
    expect(second).not.toMatch(/<h1\b/);
    // The view's scoped styles still reach it: the same class and scope attribute as an h1 would carry.
    const title = second.match(/<h2 class="page-hero__title"([^>]*)>A second title<\/h2>/);
    expect(title?.[1]).toMatch(/data-astro-cid-/);
    expect(twoTitlesHtml.match(/<h1\b/g)).toHaveLength(1);
  });

  it('gives a page of rich text alone its h1 from the first body’s `#` heading, and every later heading an h2 (it once had no h1)', () => {
    expect(sectionHtml(textOnlyHtml, 'privacy-text')).toContain('<h1>Privacy policy</h1>');
    expect(sectionHtml(textOnlyHtml, 'privacy-text')).toContain('<h2>What we keep</h2>');
    expect(sectionHtml(textOnlyHtml, 'privacy-more')).toMatch(/<h2 class="block__title"[^>]*>Contact<\/h2>/);
    expect(textOnlyHtml.match(/<h1\b/g)).toHaveLength(1);
  });

  it('gives every image its alt text from the content, and its size', () => {
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    const expected: Image[] = [
      ...allOf('media-text').map((section) => section.data.image),
      ...dataOf('testimonials').data.items.flatMap((item: { photo?: Image }) => (item.photo ? [item.photo] : [])),
    ];
    expect(expected.length).toBeGreaterThanOrEqual(5);
    for (const image of expected) {
      const tag = images.find((candidate) => originalUrlOf(attr(candidate, 'src')) === image.url);
      expect(tag, image.url).toBeDefined();
      expect(attr(tag!, 'alt')).toBe(escapeText(image.alt));
      expect(Number(attr(tag!, 'width'))).toBeGreaterThan(0);
      expect(Number(attr(tag!, 'height'))).toBeGreaterThan(0);
    }
  });

  it('ships no script but its structured data', () => {
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.attributes.trim()).toBe('type="application/ld+json"');
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('faq', () => {
  it('renders each question as a closed native disclosure, the question in its summary', () => {
    const { id, data } = dataOf('faq');
    const section = sectionHtml(html, id);
    const details = [...section.matchAll(/<details\b([^>]*)>\s*<summary\b[^>]*>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/g)];
    expect(details).toHaveLength(data.items.length);
    details.forEach(([, attributes, summary, answer], index) => {
      expect(attributes).not.toMatch(/\bopen\b/);
      expect(summary).toContain(escapeText(data.items[index].question));
      expect(answer).toMatch(/<p>/);
    });
    expect(section).toContain(`<h2 class="heading__title"`);
  });

  it('adds one FAQPage JSON-LD block with a Question and its acceptedAnswer for each item', () => {
    const { data } = dataOf('faq');
    const pages = faqPagesOf(html);
    expect(pages).toHaveLength(1);
    const [faq] = pages;
    expect(schemaOrgProblems(faq)).toEqual([]);
    expect(faq['@context']).toBe('https://schema.org');
    expect(faq.mainEntity).toHaveLength(data.items.length);
    faq.mainEntity.forEach((entity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }, index: number) => {
      expect(entity['@type']).toBe('Question');
      expect(entity.name).toBe(data.items[index].question);
      expect(entity.acceptedAnswer['@type']).toBe('Answer');
      expect(entity.acceptedAnswer.text).toMatch(/^<p>.+<\/p>$/s);
    });
    // A link in an answer stays a link in the structured data.
    expect(JSON.stringify(faq)).toContain('<a href=\\"/docs/getting-started/\\">');
  });

  it('escapes content so that it cannot end the script element', () => {
    const scripts = scriptsOf(hostileHtml);
    expect(scripts.every((script) => /type="application\/ld\+json"/.test(script.attributes))).toBe(true);
    expect(hostileHtml).not.toContain('<script>alert(1)');
    const [faq] = faqPagesOf(hostileHtml);
    expect(faq.mainEntity[0].name).toBe(`Is ${HOSTILE} safe?`);
    expect(faq.mainEntity[0].acceptedAnswer.text).toContain('&lt;/script&gt;');
  });
});

describe('testimonials', () => {
  it('renders each quote as a figure: the words in a blockquote, the name and role in its caption', () => {
    const { id, data } = dataOf('testimonials');
    const section = sectionHtml(html, id);
    const figures = [...section.matchAll(/<figure\b[^>]*>([\s\S]*?)<\/figure>/g)].map(([, inner]) => inner!);
    expect(figures).toHaveLength(data.items.length);
    figures.forEach((figure, index) => {
      const item = data.items[index];
      expect(figure).toMatch(new RegExp(`<blockquote\\b[^>]*>\\s*<p\\b[^>]*>${escapeText(item.quote).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`));
      const caption = figure.match(/<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/)![1]!;
      expect(caption).toContain(escapeText(item.name));
      if (item.role) expect(caption).toContain(escapeText(item.role));
    });
    // The decorative quotation mark is hidden from assistive technology.
    expect(section).toMatch(/<span class="quote__mark"[^>]*aria-hidden="true"/);
  });
});

describe('feature-grid', () => {
  it('renders each feature as a list item with a hidden icon, an h3 title, its text and its link', () => {
    const { id, data } = dataOf('feature-grid');
    const section = sectionHtml(html, id);
    const items = [...section.matchAll(/<li class="feature"[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner]) => inner!);
    expect(items).toHaveLength(data.items.length);
    items.forEach((item, index) => {
      const feature = data.items[index];
      expect(item).toMatch(/<svg\b[^>]*aria-hidden="true"/);
      expect(item).toMatch(new RegExp(`<h3\\b[^>]*>${escapeText(feature.title)}</h3>`));
      expect(item).toContain(escapeText(feature.text));
      if (feature.link) expect(item).toMatch(new RegExp(`<a\\b[^>]*href="${feature.link.href}"[^>]*>\\s*${escapeText(feature.link.label)}`));
      else expect(item).not.toContain('<a ');
    });
    expect(section).toContain(`--columns: ${data.columns}`);
  });
});

describe('media-text', () => {
  it('renders the image and the Markdown text, with the side the content chose', () => {
    const sections = allOf('media-text');
    for (const { id, data } of sections) {
      const section = sectionHtml(html, id);
      expect(section).toContain(`media-text--image-${data.imageSide}`);
      // The image comes first in the source whatever the side, so phones show it first.
      expect(section.indexOf('<img')).toBeLessThan(section.indexOf('class="prose'));
      expect(section).toMatch(new RegExp(`<h2\\b[^>]*>${escapeText(data.title)}</h2>`));
      if (data.body.includes('**')) expect(section).toContain('<strong>');
      if (data.cta) expect(section).toContain(`href="${data.cta.href}"`);
    }
  });
});
