/**
 * The bundle of an unsaved draft, with the site settings it renders with. The editor posts the documents it
 * has changed; they are laid over the files on disk and resolved by the same
 * resolver as the site, so the preview is what a save would publish.
 */
import { ContentError } from '../../engine/resolver';
import { isTemplateSlug } from '../../engine/slug';
import { overlaySnapshot, type ContentSnapshot } from '../../engine/snapshot';
import { loadDevSnapshot } from '../../lib/dev-snapshot';
import { createSiteResolver } from '../../lib/site-resolver';
import { readJsonBody } from '../../server/body';
import { HttpError } from '../../server/errors';
import { guardEditorWrite } from '../../server/guards';
import { MAX_SAVE_BYTES } from '../../server/limits';
import { readSiteSettings, type SiteSettings } from '../../engine/schema/site-settings';
import type { Bundle } from '../../engine/resolver';

const DATA_FILE = /^(?:[a-z0-9-]+\/)*(?:[a-z0-9-]+|\[slug\])\.json$/;

/** The draft's settings; while they are invalid (a colour half typed), the saved ones: the form shows what is wrong. */
function previewSettings(draft: ContentSnapshot, saved: ContentSnapshot): SiteSettings {
  try {
    return readSiteSettings(draft);
  } catch (error) {
    if (error instanceof ContentError) return readSiteSettings(saved);
    throw error;
  }
}

export async function previewBundle(request: Request, user: App.Locals['user']): Promise<{ bundle: Bundle; settings: SiteSettings }> {
  guardEditorWrite(request, user);
  const body = await readJsonBody(request, MAX_SAVE_BYTES);
  const { slug, files } = body as { slug?: unknown; files?: unknown };
  if (typeof slug !== 'string' || slug === '') throw new HttpError(400, 'slug is required');
  if (typeof files !== 'object' || files === null || Array.isArray(files)) throw new HttpError(400, 'files must be an object');
  for (const file of Object.keys(files)) if (!DATA_FILE.test(file)) throw new HttpError(400, `Invalid data file "${file}"`);

  const saved = (await loadDevSnapshot()).snapshot;
  const snapshot = overlaySnapshot(saved, files as Record<string, unknown>);
  const resolver = createSiteResolver(snapshot);
  // A template has no page of its own: preview it with its first entry.
  const target = isTemplateSlug(slug) ? resolver.listPages().find((page) => page.file === `pages/${slug}.json`)?.slug : slug;
  if (!target) throw new HttpError(404, `The template "${slug}" has no entries to preview`);
  try {
    return { bundle: resolver.resolvePage(target), settings: previewSettings(snapshot, saved) };
  } catch (error) {
    // A draft that does not resolve is the editor's to fix, not a server failure.
    if (error instanceof ContentError) throw new HttpError(422, error.message);
    throw error;
  }
}
