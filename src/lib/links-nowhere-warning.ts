/**
 * Build time: the links that lead nowhere (src/engine/links-nowhere.ts), a warning line each,
 * naming the file, the field and the address. A warning, not a stop: the pages are right in every
 * other way, and a link to a page deleted since, or a typo, is the content's to mend (the editor's
 * Problems panel lists them too). Read from all the content, drafts included, as the editor
 * judges them: a link to a draft waits for it, and is not said here.
 */
import { linksLeadingNowhere, type LinkNowhere } from '../engine/links-nowhere';
import { linkPointers } from '../engine/markdown-fields';
import { siteMarkdown } from '../engine/site-markdown';
import { ASSETS_DIR } from '../server/paths';
import { regularFiles } from './images/missing-uploads';

/**
 * What the build says of them: a line for each, up to `shown`, then how many more (a site whose
 * every page links to a home page it lacks, as the bench's generated one, would print thousands).
 */
export function linksNowhereWarning(links: readonly LinkNowhere[], shown = 50): string {
  return [
    `${links.length === 1 ? 'A link leads' : `${links.length} links lead`} to no page of the site or uploaded image: visitors who follow ${links.length === 1 ? 'it' : 'them'} get "page not found".`,
    ...links.slice(0, shown).map(({ file, pointer, link }) => `  src/data/${file}#${pointer}: ${link}`),
    ...(links.length > shown ? [`  … and ${links.length - shown} more`] : []),
    links.length === 1 ? 'Point it at a page that exists, or remove it (the editor’s Problems panel opens it).' : 'Point each at a page that exists, or remove it (the editor’s Problems panel opens each one).',
  ].join('\n');
}

/** Warns of every link of the build's content that leads nowhere; says nothing when none does. */
export async function warnOfLinksNowhere(): Promise<void> {
  const { loadBuildSnapshot } = await import('./build-snapshot');
  const uploads = new Set(await regularFiles(ASSETS_DIR));
  const found = linksLeadingNowhere(await loadBuildSnapshot(), { linkFields: linkPointers, markdown: siteMarkdown, uploads });
  if (found.length > 0) console.warn(linksNowhereWarning(found));
}
