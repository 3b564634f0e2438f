/**
 * Loading a registry's folders one by one (src/sections/registry.ts, src/collections/registry.ts).
 * With one eager glob, a folder that does not compile or exports no usable definition failed the
 * registry module, and with it every module importing it: every page, the editor and the API of the
 * dev server. Each folder is now imported on its own and checked; a broken one is a problem named
 * by its file, and the other folders make the registry. The build refuses any problem
 * (`assertNoRegistryProblems`): a site is never built without a type its content may use.
 */
import type { z } from 'astro/zod';
import { buildStop } from '../content-error';

export interface RegistryProblem {
  /** The definition's file from the project's root: `src/sections/quote/section.ts`. */
  file: string;
  /** The folder's name: the section type or collection it was to define. */
  name: string;
  message: string;
}

/** What a folder's module may be: a glob's loader, as `import.meta.glob` without `eager` gives it. */
export type FolderModules = Record<string, () => Promise<unknown>>;

/** The first line of a load error, without the absolute path Vite puts in front: a sentence for a list. */
export function loadErrorReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? 'it could not be loaded';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line.trim();
}

/**
 * Each folder's default export, checked by `check` (which returns what is wrong with it, if
 * anything), in folder order. `root` is where the glob's `./` is, from the project's root.
 */
export async function loadFolders<Definition>(
  root: string,
  modules: FolderModules,
  check: (value: Record<string, unknown>, folder: string) => string[],
): Promise<{ definitions: Definition[]; problems: RegistryProblem[] }> {
  const folders = Object.entries(modules).sort(([a], [b]) => a.localeCompare(b));
  const loaded = await Promise.allSettled(folders.map(([, load]) => load()));
  const definitions: Definition[] = [];
  const problems: RegistryProblem[] = [];
  loaded.forEach((result, index) => {
    const path = folders[index]![0];
    const name = path.split('/')[1]!;
    const file = `${root}/${path.slice(2)}`;
    if (result.status === 'rejected') return problems.push({ file, name, message: `cannot be loaded: ${loadErrorReason(result.reason)}` });
    const definition = (result.value as { default?: unknown }).default;
    const wrong = typeof definition === 'object' && definition !== null ? check(definition as Record<string, unknown>, name) : ['has no default export of a definition'];
    if (wrong.length > 0) return problems.push({ file, name, message: wrong.join('; ') });
    definitions.push(definition as Definition);
  });
  return { definitions, problems };
}

/** Whether `value` is a zod object schema (`z.object({…})`), by zod 4's own description of it. */
export const isZodObject = (value: unknown): value is z.ZodObject => (value as { _zod?: { def?: { type?: unknown } } } | undefined)?._zod?.def?.type === 'object';

/** The names in `fields` whose value in `definition` is not of `type`. */
export const wrongTypes = (definition: Record<string, unknown>, type: string, fields: readonly string[]) =>
  fields.filter((field) => typeof definition[field] !== type).map((field) => `"${field}" must be a ${type}`);

/** The registry problems as the build's error says them: one line per broken folder. */
export function formatRegistryProblems(problems: readonly RegistryProblem[]): string {
  return `${problems.length} broken registry folder${problems.length === 1 ? '' : 's'}:\n${problems.map(({ file, message }) => `  ${file}: ${message}`).join('\n')}`;
}

/** Outside dev a broken folder stops everything, naming it: the build must not go on without it. */
export function assertNoRegistryProblems(problems: readonly RegistryProblem[], dev: boolean): void {
  if (!dev && problems.length > 0) throw buildStop(formatRegistryProblems(problems));
}
