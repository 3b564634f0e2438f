/**
 * The section render cache: a section view's HTML, rendered once for each
 * distinct input and reused on every other page that shows the same section
 * (the shared header and footer, lists over the same posts). SectionFrame
 * renders the view on a miss and offers what it wrote, which is kept from the
 * second time that key is rendered; the frame itself, which carries the
 * section's id, is rendered on every page.
 *
 * The key is the section's type and a hash of everything the view reads: its
 * data and settings, and, only where its definition declares them
 * (`viewReads`), its id, the part of the visitor's path it depends on and
 * whether it writes the page's main heading. Equal
 * keys mean equal inputs, so a hit is the HTML the view would write. Views also
 * read a little of the content outside their data (the site's language, an
 * image file's hash), so the key carries the generation of the content snapshot
 * the page renders from: a build is one generation, and on the production
 * server each publication starts a new one, never served another's HTML. In a
 * long-lived process the cache is bounded by size, least recently used first,
 * so old generations' entries fall out as new ones come in.
 *
 * Off in `astro dev` (views change under it), for the editor's preview, and with SECTION_CACHE=off, which
 * the build test uses to prove the output is byte-identical without it.
 */
import { hash } from 'node:crypto';
import type { AstroIntegration } from 'astro';
import type { BundleSection } from '../engine/resolver';
import type { ViewReads } from '../engine/schema/define-section';
import { liveRenderContext } from '../server/render-context';

/** Enough for every shared section of a large site; unique sections pass through it. */
const BUDGET_CHARS = 16 * 1024 * 1024;
/**
 * A section is kept from the second time its key is rendered: most sections are unique to
 * their page, and storing each of them (then evicting it) cost more than the hits saved.
 * Keys seen once are remembered up to this many, then forgotten all at once.
 */
const SEEN_ONCE_LIMIT = 100_000;

export interface SectionCacheStats {
  hits: number;
  misses: number;
  entries: number;
  chars: number;
}

const COUNTS = ['hits', 'misses', 'entries', 'chars'] as const;

interface CacheState {
  entries: Map<string, string>;
  seenOnce: Set<string>;
  stats: SectionCacheStats;
  /** Counts of other threads that rendered for this process (countSectionsRenderedElsewhere). */
  elsewhere: SectionCacheStats;
  /** Content snapshot → its generation number (see above). */
  generations: WeakMap<object, number>;
  lastGeneration: number;
}

// On globalThis: the build's prerendering and its integrations load separate copies of this
// module in one process, and the report below reads the copy that rendered.
const KEY = Symbol.for('content-site.section-cache');
const state: CacheState = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  entries: new Map<string, string>(),
  seenOnce: new Set<string>(),
  stats: { hits: 0, misses: 0, entries: 0, chars: 0 },
  elsewhere: { hits: 0, misses: 0, entries: 0, chars: 0 },
  generations: new WeakMap<object, number>(),
  lastGeneration: 0,
}) as CacheState;

function generationOf(snapshot: object): number {
  let generation = state.generations.get(snapshot);
  if (generation === undefined) {
    generation = ++state.lastGeneration;
    state.generations.set(snapshot, generation);
  }
  return generation;
}

/**
 * Whether this render goes through the cache. Not for the editor's preview either: its views read
 * unsaved site settings (src/editor/routes/preview.astro) that the keys do not carry, so one
 * preview's words would be served to the next.
 */
export const sectionCacheEnabled = (): boolean => !import.meta.env?.DEV && process.env.SECTION_CACHE !== 'off' && !liveRenderContext()?.settings;

/** Digests of sections, by section object (see sectionDigest). */
const digests = new WeakMap<object, string>();

/**
 * A hash of what a view reads of its own section: its data and settings, and its id where the
 * view reads it. It is kept for a frozen section, which the resolver shares between bundles and
 * between publications while its file stays (src/engine/bundle-check.ts), and for a section
 * whose digest came with its bundle from where it was resolved (adoptSectionDigests).
 */
export function sectionDigest(section: BundleSection, reads: ViewReads<never>): string {
  let digest = digests.get(section);
  if (digest === undefined) {
    // The bundle's data is what the view's data is: the definition's schema validated it.
    // crypto.hash: one call, no Hash object; createHash showed in build profiles.
    digest = hash('sha256', JSON.stringify([section.data, section.settings, reads.id ? section.id : null]), 'base64url');
    if (Object.isFrozen(section)) digests.set(section, digest);
  }
  return digest;
}

/**
 * Takes the digests of a bundle's sections, made by the thread that resolved it (the production
 * server's), for the sections parsed from its JSON here (a render worker): hashing each section
 * of each page again was about a twentieth of a worker's time.
 */
export function adoptSectionDigests(sections: readonly BundleSection[], given: readonly string[]): void {
  sections.forEach((section, index) => {
    if (given[index] !== undefined) digests.set(section, given[index]);
  });
}

/** Where on its page a section is shown, as far as a view may read it. */
export interface SectionPlace {
  /** The visitor's path of the page (visitorPath). */
  path: string;
  /** Whether the section writes the page's `h1` (src/engine/main-heading.ts). */
  mainHeading: boolean;
}

/**
 * What a section's view writes at its `place`, given the content outside its section (the site's
 * settings, the images' bytes): its type, its digest, the part of the path it reads and, for a
 * view that writes a title, its heading's level. Equal keys, equal HTML, as long as that outside
 * content is the same too (the publisher's page layouts check it apart, src/server/publish/page-layout.ts).
 */
export function sectionViewKey(section: BundleSection, reads: ViewReads<never>, place: SectionPlace): string {
  const pathPart = reads.path as ((data: unknown, path: string) => unknown) | undefined;
  const where = pathPart ? `:${hash('sha256', JSON.stringify(pathPart(section.data, place.path)) ?? 'null', 'base64url')}` : '';
  const level = reads.mainHeading ? (place.mainHeading ? ':h1' : ':h2') : '';
  return `${section.type}:${sectionDigest(section, reads)}${where}${level}`;
}

/** The cache key of a section's view output at its `place`, rendered from the content `snapshot`. */
export function sectionRenderKey(section: BundleSection, reads: ViewReads<never>, place: SectionPlace, snapshot: object): string {
  return `${generationOf(snapshot)}:${sectionViewKey(section, reads, place)}`;
}

/** The cached HTML of `key`, counted as a hit or a miss. */
export function cachedSection(key: string): string | undefined {
  const html = state.entries.get(key);
  if (html === undefined) {
    state.stats.misses += 1;
    return undefined;
  }
  state.stats.hits += 1;
  // Most recently used last, so eviction takes the oldest first.
  state.entries.delete(key);
  state.entries.set(key, html);
  return html;
}

export function cacheSection(key: string, html: string, budget = BUDGET_CHARS): void {
  const size = html.length + key.length;
  if (size > budget || state.entries.has(key)) return;
  if (!state.seenOnce.delete(key)) {
    if (state.seenOnce.size >= SEEN_ONCE_LIMIT) state.seenOnce.clear();
    state.seenOnce.add(key);
    return;
  }
  state.entries.set(key, html);
  state.stats.chars += size;
  for (const [oldest, oldHtml] of state.entries) {
    if (state.stats.chars <= budget) break;
    state.entries.delete(oldest);
    state.stats.chars -= oldest.length + oldHtml.length;
  }
  state.stats.entries = state.entries.size;
}

/** What this thread's cache did, and what other threads counted for this process. */
export function sectionCacheStats(): SectionCacheStats {
  return addSectionCounts({ ...state.stats, entries: state.entries.size }, state.elsewhere);
}

/**
 * Adds the counts of sections rendered on other threads for this process (the build's render
 * workers, each with a cache of its own), so the build reports its hit rate over all of them.
 */
export function countSectionsRenderedElsewhere(counts: SectionCacheStats): void {
  addSectionCounts(state.elsewhere, counts);
}

/** Adds `counts` into `total`, count by count. */
export function addSectionCounts(total: SectionCacheStats, counts: SectionCacheStats): SectionCacheStats {
  for (const name of COUNTS) total[name] += counts[name];
  return total;
}

/** Empties the cache and its counts (tests). */
export function clearSectionCache(): void {
  state.entries.clear();
  state.seenOnce.clear();
  Object.assign(state.stats, { hits: 0, misses: 0, entries: 0, chars: 0 });
  Object.assign(state.elsewhere, { hits: 0, misses: 0, entries: 0, chars: 0 });
}

/** An integration that reports the build's hit rate in its output. */
export function sectionCacheReport(): AstroIntegration {
  return {
    name: 'section-cache-report',
    hooks: {
      'astro:build:done': ({ logger }) => {
        const { hits, misses, entries } = sectionCacheStats();
        const rendered = hits + misses;
        if (rendered === 0) return;
        logger.info(`${rendered} sections, ${hits} from the cache (${((hits / rendered) * 100).toFixed(1)} % hit rate), ${entries} distinct kept`);
      },
    },
  };
}
