/**
 * The visual editor exists only under `astro dev`: its routes are injected
 * for the dev server and never for a build, so production has no editor route
 * and no editor code.
 */
import type { AstroIntegration } from 'astro';

export function contentEditor(): AstroIntegration {
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:setup': ({ command, injectRoute, updateConfig }) => {
        if (command !== 'dev') return;
        injectRoute({ pattern: '/editor/[...slug]', entrypoint: './src/editor/routes/EditorPage.astro', prerender: false });
        injectRoute({ pattern: '/api/editor/state', entrypoint: './src/editor/routes/state.ts', prerender: false });
        injectRoute({ pattern: '/api/editor/preview', entrypoint: './src/editor/routes/preview.astro', prerender: false });
        // The dev site reads content from disk on every request, so file changes need no
        // reload; without this, every save would make the browser reload the editor.
        updateConfig({ vite: { server: { watch: { ignored: ['**/src/data/**', '**/public/assets/images/**'] } } } });
      },
    },
  };
}
