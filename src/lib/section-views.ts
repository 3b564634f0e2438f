/**
 * The section types' views, `src/sections/<type>/View.astro`, found by folder like the
 * definitions. They are loaded one by one, only those of the types a page shows: in dev, a view
 * that does not compile fails the pages that show its type, naming its file, where one eager glob
 * failed every page and the editor's preview with it. The visitor route loads a page's views
 * before anything renders (src/lib/visitor-page.ts), since a failure mid-render would be a cut-off
 * page sent with 200.
 */
import { loadErrorReason } from '../engine/schema/registry-folders';

export type SectionView = (props: Record<string, unknown>) => unknown;

const views = import.meta.glob<{ default: SectionView }>('../sections/*/View.astro');

/** A view that could not be loaded: the message names its file and why. */
export class ViewLoadError extends Error {}

/**
 * A view that threw while it rendered one section (valid code meeting data it did not expect): the
 * message names the section, its type's view and the view's own words, so a failed build, a failed
 * publication, the preview and the dev page each say which section to look at.
 */
export class ViewRenderError extends Error {
  constructor(section: { id: string; type: string }, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    super(`The ${section.type} section "${section.id}" could not be shown: src/sections/${section.type}/View.astro failed with "${reason}"`, { cause: error });
  }
}

async function loadView(type: string): Promise<[string, SectionView]> {
  const load = views[`../sections/${type}/View.astro`];
  if (!load) throw new ViewLoadError(`Section type "${type}" has no View.astro`);
  try {
    return [type, (await load()).default];
  } catch (error) {
    throw new ViewLoadError(`src/sections/${type}/View.astro cannot be loaded: ${loadErrorReason(error)}`, { cause: error });
  }
}

/** The views of `types`; throws a ViewLoadError for the first that cannot be loaded. */
export async function loadViews(types: Iterable<string>): Promise<Map<string, SectionView>> {
  return new Map(await Promise.all([...new Set(types)].map(loadView)));
}

/**
 * The types among `types` whose folder has no View.astro, each as a problem on its section.ts: a
 * folder half made. The build refuses them, and dev lists them in the editor's Problems panel; a
 * type with no page showing it once built, and failed the first page an editor gave it.
 */
export function typesWithoutView(types: Iterable<string>): { file: string; message: string }[] {
  return [...types]
    .filter((type) => !views[`../sections/${type}/View.astro`])
    .map((type) => ({ file: `src/sections/${type}/section.ts`, message: `has no View.astro beside it, so no page can show the "${type}" type: add src/sections/${type}/View.astro` }));
}
