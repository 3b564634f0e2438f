/**
 * The gallery, pricing-table, logo-cloud and video-embed schemas: the demo
 * page passes, and each rule refuses at the field it is about, in words that
 * name that field. Also the video helpers: reading pasted links through the
 * URL parser and a host allowlist, and the escaping of the facade document.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sectionRegistry, StoredPageSchema, StoredSectionSchema } from '../../src/sections/registry';
import { LINK_RULE } from '../../src/engine/schema/urls';
import { POSTER_RULE } from '../../src/sections/video-embed/section';
import { embedUrl, parseVideoUrl, videoIdProblem } from '../../src/sections/video-embed/video-source';
import { escapeHtml, facadeDocument } from '../../src/sections/video-embed/facade';

const TYPES = ['gallery', 'pricing-table', 'logo-cloud', 'video-embed'] as const;
const page = JSON.parse(readFileSync(fileURLToPath(new URL('../../src/data/pages/pricing.json', import.meta.url)), 'utf8'));
const demo = (type: string) => page.sections.find((section: { type?: string }) => section.type === type).data;

/** Issues of `data` for `type`, as `path: message`. */
function issues(type: string, data: unknown): string[] {
  const result = sectionRegistry.get(type)!.schema.safeParse(data);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const image = (alt = 'A picture') => ({ url: '/assets/images/cover-editorial.webp', alt });
const cta = { id: 'go', label: 'Go', href: '/go/', variant: 'primary' };
const plan = (name: string, highlighted = false) => ({ name, price: '€1', features: ['One thing'], cta, highlighted });
const video = { title: 'A tour', provider: 'youtube', videoId: 'aqz-KE-bpKQ', poster: image('A still') };

describe('the pricing demo page', () => {
  it('is a valid stored page that uses all four types', () => {
    expect(StoredPageSchema.safeParse(page).error?.issues ?? []).toEqual([]);
    for (const type of TYPES) expect(issues(type, demo(type)), type).toEqual([]);
  });

  it('and every default of the four types is valid too', () => {
    for (const type of TYPES) expect(issues(type, sectionRegistry.get(type)!.defaults), type).toEqual([]);
  });

  it('refuses unknown fields by name, with a suggestion', () => {
    const section = { id: 'g', type: 'gallery', data: { ...demo('gallery'), colums: '3' } };
    const messages = (StoredSectionSchema.safeParse(section).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^data\.colums: Unknown field "colums": did you mean "columns"\?/));
  });
});

describe('gallery', () => {
  it('needs one picture at least, 24 at most, each with alt text', () => {
    expect(issues('gallery', { images: [] })).toEqual(['images: Add at least one picture']);
    expect(issues('gallery', { images: Array.from({ length: 25 }, () => ({ image: image() })) })).toEqual(['images: At most 24 pictures']);
    expect(issues('gallery', { images: [{ image: { url: '/a.webp', alt: ' ' } }] })).toEqual(['images.0.image.alt: Required']);
  });

  it('offers 2, 3 or 4 columns, and opens pictures full size unless told not to', () => {
    expect(issues('gallery', { images: [{ image: image() }], columns: '5' })[0]).toMatch(/^columns: /);
    const parsed = sectionRegistry.get('gallery')!.schema.parse({ images: [{ image: image() }] });
    expect(parsed).toMatchObject({ columns: '3', openFullSize: true });
  });

  it('refuses a script URL as a picture', () => {
    expect(issues('gallery', { images: [{ image: { url: 'javascript:alert(1)', alt: 'x' } }] })).toEqual(['images.0.image.url: Image URLs must start with https:// or /']);
  });
});

describe('pricing-table', () => {
  it('allows at most one highlighted plan, and says so at the second switch, naming the first plan', () => {
    expect(issues('pricing-table', { plans: [plan('Basic'), plan('Plus', true)] })).toEqual([]);
    expect(issues('pricing-table', { plans: [plan('Basic', true), plan('Plus'), plan('Pro', true)] })).toEqual([
      'plans.2.highlighted: Only one plan can be highlighted, and “Basic” already is: switch off Highlight here or there',
    ]);
  });

  it('reports a second highlight even while another field of a plan is invalid', () => {
    const found = issues('pricing-table', { plans: [plan('', true), plan('Plus', true)] });
    expect(found).toContain('plans.0.name: Required');
    expect(found).toContain('plans.1.highlighted: Only one plan can be highlighted, and plan 1 already is: switch off Highlight here or there');
  });

  it('needs 1 to 4 plans, each with a price, a valid button and short feature lines', () => {
    expect(issues('pricing-table', { plans: [] })).toEqual(['plans: Add at least one plan']);
    expect(issues('pricing-table', { plans: Array.from({ length: 5 }, (_, i) => plan(`P${i}`)) })).toEqual(['plans: At most 4 plans']);
    expect(issues('pricing-table', { plans: [{ ...plan('A'), price: '' }] })).toEqual(['plans.0.price: Required']);
    expect(issues('pricing-table', { plans: [{ ...plan('A'), features: ['ok', ' '] }] })).toEqual(['plans.0.features.1: Required']);
    expect(issues('pricing-table', { plans: [{ ...plan('A'), features: Array.from({ length: 13 }, () => 'x') }] })).toEqual(['plans.0.features: At most 12 features per plan']);
    expect(issues('pricing-table', { plans: [{ ...plan('A'), cta: { ...cta, href: 'javascript:alert(1)' } }] })).toEqual([`plans.0.cta.href: ${LINK_RULE}`]);
  });
});

describe('logo-cloud', () => {
  it('needs logos with alt text, and links only of the allowed kinds', () => {
    expect(issues('logo-cloud', { logos: [] })).toEqual(['logos: Add at least one logo']);
    expect(issues('logo-cloud', { logos: [{ image: { url: '/l.webp', alt: '' } }] })).toEqual(['logos.0.image.alt: Required']);
    expect(issues('logo-cloud', { logos: [{ image: image('Acme'), href: 'javascript:alert(1)' }] })).toEqual([`logos.0.href: ${LINK_RULE}`]);
    expect(issues('logo-cloud', { logos: [{ image: image('Acme'), href: 'https://acme.example/' }, { image: image('Beta') }] })).toEqual([]);
  });
});

describe('video-embed', () => {
  it('accepts a YouTube or a Vimeo ID and nothing else as the provider', () => {
    expect(issues('video-embed', video)).toEqual([]);
    expect(issues('video-embed', { ...video, provider: 'vimeo', videoId: '76979871' })).toEqual([]);
    expect(issues('video-embed', { ...video, provider: 'dailymotion' })[0]).toMatch(/^provider: /);
  });

  it('explains an ID of the wrong shape for its provider', () => {
    expect(issues('video-embed', { ...video, videoId: 'short' })).toEqual(['videoId: A YouTube video ID is 11 letters, digits, - or _ (for example aqz-KE-bpKQ)']);
    expect(issues('video-embed', { ...video, provider: 'vimeo' })).toEqual(['videoId: A Vimeo video ID is a number (for example 76979871)']);
    expect(issues('video-embed', { ...video, videoId: '' })).toEqual(['videoId: Required']);
  });

  it('stores IDs, not links: a pasted link is refused with the ID to type instead', () => {
    expect(issues('video-embed', { ...video, videoId: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42s' })).toEqual([
      'videoId: Enter the video ID, not the link: for this link it is aqz-KE-bpKQ',
    ]);
    expect(issues('video-embed', { ...video, videoId: 'https://vimeo.com/76979871' })).toEqual([
      'videoId: This is a Vimeo link, but the provider is YouTube: choose Vimeo and enter the ID 76979871',
    ]);
    expect(issues('video-embed', { ...video, videoId: 'https://evil.example/watch?v=aqz-KE-bpKQ' })).toEqual([
      'videoId: Only YouTube and Vimeo videos can be shown: enter the video’s ID, not a link',
    ]);
  });

  it('explains a pasted link even while the poster is still missing', () => {
    const found = issues('video-embed', { ...video, poster: undefined, videoId: 'youtu.be/aqz-KE-bpKQ' });
    expect(found).toContain('videoId: Enter the video ID, not the link: for this link it is aqz-KE-bpKQ');
    expect(found.some((issue) => issue.startsWith('poster: '))).toBe(true);
  });

  it('takes its poster from this site only, so nothing is fetched from elsewhere before a click', () => {
    expect(issues('video-embed', { ...video, poster: { url: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg', alt: 'A still' } })).toEqual([`poster.url: ${POSTER_RULE}`]);
    expect(issues('video-embed', { ...video, poster: { url: '//i.ytimg.com/x.jpg', alt: 'A still' } })).toEqual(['poster.url: Image URLs must start with https:// or /']);
    expect(issues('video-embed', { ...video, poster: { url: '/assets/images/still.webp', alt: '' } })).toEqual(['poster.alt: Required']);
  });
});

describe('reading pasted video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ&list=x', 'youtube', 'aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ?si=abc', 'youtube', 'aqz-KE-bpKQ'],
    ['youtu.be/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['HTTPS://WWW.YOUTUBE.COM/watch?v=aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'vimeo', '76979871'],
  ])('%s', (link, provider, id) => {
    expect(parseVideoUrl(link)).toEqual({ provider, id });
  });

  it.each([
    'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
    'https://evil.example/youtube.com/watch?v=aqz-KE-bpKQ',
    'https://www.youtube.com@evil.example/watch?v=aqz-KE-bpKQ',
    'https://user@www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://www.youtube.com:8443/watch?v=aqz-KE-bpKQ',
    'javascript://www.youtube.com/%0aalert(1)',
    'ftp://vimeo.com/76979871',
    'https://www.youtube.com/watch?v=too-short',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ"><script>',
    'https://vimeo.com/76979871abc',
    'https://vimeo.com/',
  ])('refuses %s', (link) => {
    expect(parseVideoUrl(link)).toBeUndefined();
  });

  it('builds the player address only from an allowlisted host and a checked ID', () => {
    expect(embedUrl('youtube', 'aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    expect(embedUrl('vimeo', '76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    expect(() => embedUrl('youtube', '../../x?a=b')).toThrow(/Not a YouTube video ID/);
    expect(videoIdProblem('youtube', 'aqz-KE-bpKQ')).toBeUndefined();
  });

  it('offers the ID of a link pasted where the ID goes, one click away (the message alone left the typing to the editor)', () => {
    const fix = sectionRegistry.get('video-embed')!.fixes!.videoId!;
    expect(fix({ provider: 'youtube', videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toBe('dQw4w9WgXcQ');
    expect(fix({ provider: 'vimeo', videoId: ' vimeo.com/76979871 ' })).toBe('76979871');
    // Nothing to mend in an ID, nothing to offer for another provider's link (its provider must be chosen first) or for any other text.
    expect(fix({ provider: 'youtube', videoId: 'dQw4w9WgXcQ' })).toBeUndefined();
    expect(fix({ provider: 'youtube', videoId: 'https://vimeo.com/76979871' })).toBeUndefined();
    expect(fix({ provider: 'youtube', videoId: 'https://example.com/watch?v=dQw4w9WgXcQ' })).toBeUndefined();
    expect(fix({ provider: 'dailymotion', videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toBeUndefined();
  });
});

describe('the facade document', () => {
  const hostile = '</title></a><script>alert("x")</script><img src=x onerror=alert(1)>&amp;';
  const doc = facadeDocument({ title: hostile, playerUrl: embedUrl('vimeo', '76979871'), poster: { url: '/p.webp', alt: hostile }, playLabel: hostile, lang: 'en', accent: '#4f46e5' });

  it('keeps content as text: no markup of its own, however it is spelled', () => {
    expect(doc).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>/);
    expect(doc.match(/<img\b/g)).toHaveLength(1);
    expect(doc.match(/<a\b/g)).toHaveLength(1);
    expect(doc).toContain(`<title>${escapeHtml(hostile)}</title>`);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('contacts the video host only through its one link, and holds no script', () => {
    expect(doc).toContain('<a href="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1" aria-label="');
    expect(doc.match(/vimeo|youtube/gi)).toHaveLength(1);
    expect(doc).toContain('<img src="/p.webp"');
  });
});
