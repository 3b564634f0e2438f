/**
 * The static build of the pricing demo page, which uses gallery,
 * pricing-table, logo-cloud and video-embed: each renders from the demo
 * content with its structure and the accessibility basics, and the video
 * facade makes no request to the video host before a click.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject } from '../helpers/servers';
import { originalUrlOf } from '../helpers/images';

interface Image { url: string; alt: string }
interface DemoSection { id: string; type: string; data: Record<string, unknown> }

let project: ProjectCopy;
let html: string;
let demo: DemoSection[];

/** The video hosts' domains (the copy may name YouTube; only an address would be a request). */
const VIDEO_HOSTS = /(?:youtube(?:-nocookie)?\.com|youtu\.be|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)/i;
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
/** The text of an attribute value as the browser reads it. */
const unescape = (value: string) =>
  value.replace(/&(#(\d+)|#x([\da-f]+)|quot|amp|lt|gt|apos);/gi, (_, entity: string, dec?: string, hex?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" })[entity.toLowerCase()]!,
  );
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The rendered root element of a section, by id (sections do not nest). */
function sectionHtml(id: string): string {
  const start = html.indexOf(`data-section-id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<section', start);
  return html.slice(open, html.indexOf('</section>', start) + '</section>'.length);
}
const dataOf = (type: string) => demo.find((section) => section.type === type)!;

beforeAll(async () => {
  project = await copyProject('sections-b');
  await buildProject(project);
  html = await readFile(join(project.root, 'dist', 'client', 'pricing', 'index.html'), 'utf8');
  demo = JSON.parse(await readFile(join(project.dataRoot, 'pages', 'pricing.json'), 'utf8')).sections.filter((section: { type?: string }) => section.type);
});

afterAll(() => project?.remove());

describe('the pricing page', () => {
  it('renders each demo section in order, between the shared header and footer', () => {
    const rendered = [...html.matchAll(/\bdata-section-id="([^"]+)"[^>]*\bdata-section-type="([^"]+)"/g)].map(([, id, type]) => `${id}:${type}`);
    expect(rendered).toEqual(['site-header:header', ...demo.map((section) => `${section.id}:${section.type}`), 'site-footer:footer']);
    for (const type of ['gallery', 'pricing-table', 'logo-cloud', 'video-embed']) expect(demo.map((section) => section.type)).toContain(type);
  });

  it('keeps its headings in order: one h1, and no level skipped', () => {
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => index > 0 && expect(level, `heading ${index + 1} after h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1));
  });

  it('gives every image alt text and a size that reserves its space', () => {
    // The facade's poster lives inside the iframe's srcdoc, checked below.
    const images = [...html.replace(/\ssrcdoc="[^"]*"/g, '').matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    const pictures = (dataOf('gallery').data.images as unknown[]).length + (dataOf('logo-cloud').data.logos as unknown[]).length;
    expect(images).toHaveLength(pictures);
    for (const tag of images) {
      expect(attr(tag, 'alt'), tag).toBeTruthy();
      expect(Number(attr(tag, 'width')), tag).toBeGreaterThan(0);
      expect(Number(attr(tag, 'height')), tag).toBeGreaterThan(0);
    }
  });

  it('ships no script at all, and no event handler', () => {
    expect(html.match(/<script\b[^>]*>/gi) ?? []).toEqual((html.match(/<script type="application\/ld\+json">/g) ?? []));
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('gallery', () => {
  it('renders each picture as a figure with its caption, linked to its largest copy (never the original, which keeps its EXIF)', () => {
    const section = dataOf('gallery');
    const part = sectionHtml(section.id);
    const pictures = section.data.images as { image: Image; caption?: string }[];
    const figures = [...part.matchAll(/<figure\b[^>]*>([\s\S]*?)<\/figure>/g)].map(([, inner]) => inner!);
    expect(figures).toHaveLength(pictures.length);
    pictures.forEach(({ image, caption }, index) => {
      const figure = figures[index]!;
      const link = figure.match(/<a\b[^>]*>[\s\S]*?<\/a>/)![0];
      const href = attr(link, 'href')!;
      expect(href).toMatch(/^\/_img\/[^/]+\/[0-9a-f]{16}-w\d+\.(jpg|png)$/);
      expect(originalUrlOf(href)).toBe(image.url);
      expect(attr(link.match(/<img\b[^>]*>/)![0], 'alt')).toBe(escapeText(image.alt));
      if (caption) expect(figure).toMatch(new RegExp(`<figcaption\\b[^>]*>${escapeText(caption).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</figcaption>`));
    });
    expect(part).toContain(`--columns: ${section.data.columns};`);
  });
});

describe('pricing-table', () => {
  it('renders each plan with its name under the table title, its price, features and button', () => {
    const section = dataOf('pricing-table');
    const part = sectionHtml(section.id);
    const plans = section.data.plans as { name: string; price: string; period?: string; features: string[]; cta: { label: string; href: string }; highlighted: boolean }[];
    expect([...part.matchAll(/<h2\b[^>]*>([^<]*)<\/h2>/g)].map(([, text]) => text)).toEqual([section.data.title]);
    expect([...part.matchAll(/<h3\b[^>]*>([^<]*)<\/h3>/g)].map(([, text]) => text)).toEqual(plans.map((plan) => escapeText(plan.name)));
    for (const plan of plans) {
      expect(part).toContain(escapeText(plan.price));
      for (const feature of plan.features) expect(part).toContain(escapeText(feature));
      expect(part).toMatch(new RegExp(`<a [^>]*href="${plan.cta.href.replaceAll('&', '&amp;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>\\s*${plan.cta.label}`));
    }
  });

  it('marks exactly the highlighted plan, with its badge as text', () => {
    const section = dataOf('pricing-table');
    const part = sectionHtml(section.id);
    const plans = section.data.plans as { name: string; highlighted: boolean }[];
    const items = [...part.matchAll(/<li class="plan\b[^"]*"[^>]*>/g)].map(([tag]) => tag);
    expect(items).toHaveLength(plans.length);
    expect(items.map((tag) => tag.includes('plan--highlighted'))).toEqual(plans.map((plan) => plan.highlighted));
    expect(part.match(/class="plan__badge"[^>]*>([^<]*)</)![1]).toBe(section.data.highlightLabel);
  });
});

describe('logo-cloud', () => {
  it('renders every logo with its name as alt text, linked when it has a link', () => {
    const section = dataOf('logo-cloud');
    const part = sectionHtml(section.id);
    const logos = section.data.logos as { image: Image; href?: string }[];
    const items = [...part.matchAll(/<li class="logo"[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner]) => inner!);
    expect(items).toHaveLength(logos.length);
    logos.forEach(({ image, href }, index) => {
      const img = items[index]!.match(/<img\b[^>]*>/)![0];
      expect(originalUrlOf(attr(img, 'src'))).toBe(image.url);
      expect(attr(img, 'alt')).toBe(escapeText(image.alt));
      expect(attr(items[index]!.match(/<a\b[^>]*>/)?.[0] ?? '', 'href')).toBe(href);
    });
    expect(logos.some((logo) => logo.href) && logos.some((logo) => !logo.href)).toBe(true);
  });
});

describe('video-embed', () => {
  const facade = () => {
    const part = sectionHtml(dataOf('video-embed').id);
    // Quoted attribute values may hold `>` (the srcdoc does).
    const iframes = part.match(/<iframe\b(?:[^>"]|"[^"]*")*>/g) ?? [];
    expect(iframes).toHaveLength(1);
    return { part, iframe: iframes[0]!, doc: unescape(attr(iframes[0]!, 'srcdoc')!) };
  };

  it('is an iframe named by the title, whose own document shows the poster and a play link', () => {
    const { data } = dataOf('video-embed');
    const { iframe, doc } = facade();
    expect(attr(iframe, 'title')).toBe(escapeText(data.title as string));
    expect(attr(iframe, 'src')).toBeUndefined();
    expect(attr(iframe, 'loading')).toBe('lazy');
    // Escaped in full: the facade's markup is never a literal tag in the page's source.
    expect(attr(iframe, 'srcdoc')).not.toMatch(/[<>]/);
    const poster = data.poster as Image;
    // A copy of the poster (no EXIF), never the original upload.
    const img = doc.match(/<img src="([^"]+)" alt="([^"]*)">/)!;
    expect(img[1]).toMatch(/^\/_img\/[^/]+\/[0-9a-f]{16}-w\d+\.(jpg|png)$/);
    expect(originalUrlOf(img[1])).toBe(poster.url);
    expect(img[2]).toBe(escapeText(poster.alt));
    expect(doc.match(/<a\b[^>]*>/g)).toEqual([
      `<a href="https://www.youtube-nocookie.com/embed/${data.videoId}?autoplay=1" aria-label="${data.playLabel}: ${escapeText(data.title as string)}">`,
    ]);
    expect(doc).toContain(`<span>${data.playLabel}</span>`);
  });

  it('makes no request to the video host: the host is named only by the link inside the facade', () => {
    const { doc } = facade();
    // Outside the srcdoc the page never names a video host: no src, href, preconnect or poster from there.
    const withoutSrcdoc = html.replace(/\ssrcdoc="[^"]*"/g, '');
    expect(withoutSrcdoc).not.toMatch(VIDEO_HOSTS);
    // Inside it, the one mention is the play link's href; nothing there loads by itself.
    expect(doc.match(new RegExp(VIDEO_HOSTS.source, 'gi'))).toHaveLength(1);
    expect(doc.replace(/<a href="[^"]*"/, '')).not.toMatch(VIDEO_HOSTS);
    expect(doc).not.toMatch(/<(script|iframe|link|object|embed)\b|\son[a-z]+=|url\(/i);
  });
});
