/**
 * Build time: one warning of what leads nowhere in the content, a line each, naming the file, the
 * field, the address and what is wrong: a link to no page (src/engine/links-nowhere.ts), a field
 * or a link naming an image no one has uploaded (images/missing-uploads.ts), or a relative link
 * to an image in a text. A warning, not a stop: the pages are right in every other way, and a link
 * to a page deleted since, or a typo, is the content's to mend (the editor's Problems panel lists
 * the links too). Read from all the content, drafts included, as the editor judges them: a link to
 * a draft waits for it, and is not said here. It runs where the section registry is loaded (the
 * visitor route's getStaticPaths), so Markdown texts are read with the site's parser; the build's
 * config, which must not load the registry, once warned of missing images apart, reading a text
 * whole, and named a link field to a missing image in both warnings.
 */
import { linksLeadingNowhere } from '../engine/links-nowhere';
import { linkPointers } from '../engine/markdown-fields';
import { relativeImageName, uploadedImageName } from '../engine/references';
import { siteMarkdown } from '../engine/site-markdown';
import type { ContentSnapshot } from '../engine/snapshot';
import { ASSETS_DIR, ASSETS_URL_PREFIX } from '../server/paths';
import { missingUploads, regularFiles } from './images/missing-uploads';

/** A field, or a link in a text, that leads nowhere: where, the address as written, and what is wrong. */
export interface LeadingNowhere {
  file: string;
  pointer: string;
  link: string;
  /** `page`: no page there; `upload`: no uploaded image; `relative`: an image written relative to the page (`relative-upload`: one not uploaded either). */
  why: 'page' | 'upload' | 'relative' | 'relative-upload';
}

/** Everything in `snapshot` that leads nowhere, given the uploaded images' names, by file and field; each once. */
export function contentLeadingNowhere(snapshot: ContentSnapshot, uploads: ReadonlySet<string>): LeadingNowhere[] {
  const found = new Map<string, LeadingNowhere>();
  const add = (file: string, pointer: string, link: string) => {
    const relative = relativeImageName(link);
    const why = relative !== undefined ? (uploads.has(relative) ? 'relative' : 'relative-upload') : uploadedImageName(link) !== undefined ? 'upload' : 'page';
    found.set(JSON.stringify([file, pointer, link]), { file, pointer, link, why });
  };
  for (const { file, pointer, link } of linksLeadingNowhere(snapshot, { linkFields: linkPointers, markdown: siteMarkdown, uploads })) add(file, pointer, link);
  // Image fields too (a hero's picture, a post's cover), which are no links; a link among them is said once.
  for (const { file, pointer, url } of missingUploads(snapshot, uploads, siteMarkdown)) add(file, pointer, url);
  return [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

const WHY = {
  page: () => 'no page there',
  upload: () => 'no uploaded image there',
  relative: (link: string) => `relative: write ${ASSETS_URL_PREFIX}${relativeImageName(link)}`,
  'relative-upload': (link: string) => `relative, and no uploaded image has that name: upload it, then write ${ASSETS_URL_PREFIX}${relativeImageName(link)}`,
} as const;

/**
 * What the build says of them: a line for each, up to `shown`, then how many more (a site whose
 * every page links to a home page it lacks, as the bench's generated one, would print thousands).
 */
export function leadingNowhereWarning(found: readonly LeadingNowhere[], shown = 50): string {
  const one = found.length === 1;
  return [
    `${one ? 'A link or image leads' : `${found.length} links and images lead`} to nothing on the site: visitors get "page not found" for a link, or a broken image.`,
    ...found.slice(0, shown).map(({ file, pointer, link, why }) => `  src/data/${file}#${pointer}: ${link} (${WHY[why](link)})`),
    ...(found.length > shown ? [`  … and ${found.length - shown} more`] : []),
    `Point ${one ? 'it' : 'each'} at a page that exists, upload the image again under that name or choose another, or remove ${one ? 'it' : 'each'} (the editor’s Problems panel opens each link).`,
  ].join('\n');
}

/** Warns of everything in the build's content that leads nowhere; says nothing when nothing does. */
export async function warnOfWhatLeadsNowhere(): Promise<void> {
  const { loadBuildSnapshot } = await import('./build-snapshot');
  // The content's own folder, as the production server decides (server/uploaded-images.mjs).
  const found = contentLeadingNowhere(await loadBuildSnapshot(), new Set(await regularFiles(ASSETS_DIR)));
  if (found.length > 0) console.warn(leadingNowhereWarning(found));
}
