/**
 * A synthetic site for build benchmarks: N pages of about ten mixed sections
 * each, the shared header and footer through $ref, a posts-list over the
 * posts collection, and the given numbers of posts and tags. No template
 * pages, so the site has exactly N routes. Each page's own sections carry its
 * number, so they are unique, as on a real site: what the section render
 * cache can reuse is what real pages share (header, footer, the lists).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const write = async (path: string, value: unknown) => {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(value));
};

const cta = (id: string) => ({ id, label: 'Get started', href: '/', variant: 'primary' });
const words = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => ['content', 'static', 'design', 'fast', 'schema', 'editor', 'page', 'section'][(seed + i * 7) % 8]).join(' ');

function sections(index: number) {
  const id = (purpose: string) => `p${index}-${purpose}`;
  return [
    { $ref: '../../shared/header.json' },
    { id: id('hero'), type: 'page-hero', data: { label: 'Benchmark', title: `Page ${index}`, description: words(18, index) } },
    { id: id('intro'), type: 'content-block', data: { title: 'Introduction', body: `## ${words(4, index)} ${index}\n\n${words(60, index)}\n\n- ${words(6, index)}\n- ${words(6, index + 1)}` } },
    { id: id('stats'), type: 'stats-band', data: { stats: [{ icon: 'zap', value: `${index}`, label: 'Pages' }, { icon: 'users', value: '12k', label: 'Readers' }, { icon: 'star', value: '4.9', label: 'Rating' }] } },
    { id: id('posts'), type: 'posts-list', data: { title: 'Latest posts', variant: index % 2 ? 'grid' : 'bento', limit: 6 } },
    { id: id('more'), type: 'content-block', data: { body: `${words(80, index + 3)} (${index})`, width: 'wide' } },
    { id: id('tags'), type: 'tags-list', data: { title: 'Topics' } },
    { id: id('cta'), type: 'cta-banner', data: { title: `${words(5, index)} ${index}`, description: words(14, index), ctas: [cta(id('cta-a')), { ...cta(id('cta-b')), variant: 'ghost' }] } },
    { id: id('outro'), type: 'content-block', data: { body: `${words(40, index + 5)} (${index})` } },
    { $ref: '../../shared/footer.json' },
  ];
}

export async function generateSite(dataRoot: string, { pages, posts, tags }: { pages: number; posts: number; tags: number }) {
  await rm(dataRoot, { recursive: true, force: true });
  await write(join(dataRoot, 'shared/header.json'), {
    id: 'site-header',
    type: 'header',
    data: { logoText: 'Bench', menu: [{ label: 'Home', href: '/' }, { label: 'Docs', href: '/docs/' }] },
    settings: { sticky: true },
  });
  // The site's details (name, tagline): structured data and the feed need them, as on a real site.
  await write(join(dataRoot, 'shared/site.json'), { name: 'Bench', tagline: 'A generated site for the benchmarks.' });
  await write(join(dataRoot, 'shared/footer.json'), { id: 'site-footer', type: 'footer', data: { brandText: 'Bench', copyright: '© Bench', menu: [] } });
  for (let t = 0; t < tags; t += 1) {
    await write(join(dataRoot, `collections/tags/tag-${t}.json`), { name: `Tag ${t}`, description: words(10, t), accent: '#4f46e5' });
  }
  for (let p = 0; p < posts; p += 1) {
    const day = String((p % 28) + 1).padStart(2, '0');
    const month = String((p % 12) + 1).padStart(2, '0');
    await write(join(dataRoot, `collections/posts/post-${p}.json`), {
      title: `Post ${p}: ${words(4, p)}`,
      excerpt: words(20, p),
      date: `${2020 + (p % 6)}-${month}-${day}`,
      author: 'Bench Author',
      cover: { url: '/assets/images/cover-editorial.webp', alt: 'Cover' },
      tags: [`tag-${p % tags}`, `tag-${(p + 3) % tags}`],
      body: words(120, p),
    });
  }
  await Promise.all(
    Array.from({ length: pages }, (_, i) =>
      write(join(dataRoot, `pages/bench/p-${i}.json`), { id: `p-${i}`, slug: `bench/p-${i}`, meta: { title: `Page ${i}`, description: words(12, i) }, sections: sections(i) }),
    ),
  );
}
