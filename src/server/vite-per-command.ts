/**
 * What Vite is given per Astro command.
 *
 * - The code version of live publishing's render keys (src/server/publish/published-pages.ts): one
 *   per build, so HTML rendered by one build is never taken for another's; CONTENT_SITE_BUILD_ID
 *   names it (a commit hash, say) for a build that comes out the same each time. Every other command
 *   gets a fixed one: Vite hashes `define` into its dependency cache's key, and a new one at each
 *   `npm run dev` made it pre-bundle the dependencies again at every start.
 * - The dev server's pre-bundled dependencies (`node_modules/.vite`) are its own: the other commands
 *   (build, sync, check) keep theirs in `node_modules/.vite-<command>`. `astro sync`, the first step
 *   of `npm run build` and `npm run typecheck`, rewrote the dev server's, and a running `npm run dev`
 *   then answered 504 "Outdated Optimize Dep" for the code the editor loads later (the rich-text
 *   field), so a post would not open until the dev server was restarted (QA).
 */
import { randomUUID } from 'node:crypto';
import type { AstroIntegration } from 'astro';

export function vitePerCommand(buildId: string | undefined): AstroIntegration {
  return {
    name: 'content-site:vite-per-command',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        const codeVersion = command === 'build' ? (buildId ?? randomUUID()) : command;
        updateConfig({
          vite: {
            define: { 'import.meta.env.CONTENT_SITE_BUILD_ID': JSON.stringify(codeVersion) },
            ...(command === 'dev' ? {} : { cacheDir: `node_modules/.vite-${command}` }),
          },
        });
      },
    },
  };
}
