/**
 * The Problems panel's list of links that lead nowhere (links-nowhere.ts, sent by the server), by
 * the document that holds them. Apart from problems.ts, which the editor's first load carries:
 * only the panel, loaded when it opens (lazy-dialogs.ts), reads it.
 */
import { linkDestination } from '../../engine/link-destination';
import { relativeImageName } from '../../engine/references';
import { docName } from './content-ops';
import type { Docs } from './model';
import type { SiteCheck } from './problems';

/** The links of one page, entry or shared section that lead nowhere, each with what it leads to in words. */
export interface LinksNowhereOf {
  file: string;
  name: string;
  links: { pointer: string; link: string; sentence: string }[];
}

/**
 * The links that lead nowhere, by the document that holds them (named as the page list names it),
 * each said plainly: no page there, no such uploaded image, or an image linked by a relative address. Warnings: they count as no problem,
 * since the site builds and saves with them.
 */
export function linksNowhereByFile(links: SiteCheck['linksNowhere'] = [], docs: Docs): LinksNowhereOf[] {
  const byFile = new Map<string, LinksNowhereOf>();
  for (const { file, pointer, link } of links) {
    let entry = byFile.get(file);
    if (!entry) byFile.set(file, (entry = { file, name: docName(docs, file), links: [] }));
    const upload = linkDestination(link);
    const relative = relativeImageName(link);
    const sentence =
      relative !== undefined
        ? `Links to “${link}”, an image written from the page’s address: visitors on most pages, and on any after a move, get “page not found”. Write /assets/images/${relative} instead (upload the image first if the media library does not have it).`
        : upload && 'upload' in upload
          ? `Links to “${link}”, an image that is not in the media library.`
          : `Links to “${link}”, where there is no page.`;
    entry.links.push({ pointer, link, sentence });
  }
  return [...byFile.values()];
}
