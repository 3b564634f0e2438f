// @ts-check
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from 'astro/config';
import { searchForWorkspaceRoot } from 'vite';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { setAssetHeaders } from './server/headers.mjs';
import { devWriteGuard } from './src/server/dev-guard.ts';
import { contentEditor } from './src/editor/integration.ts';
import { PRERENDER_CONCURRENCY } from './src/build-settings.mjs';

/**
 * Adds `integration` under `astro dev` only. React renders the editor, which exists only
 * in dev (src/editor/integration.ts); visitor pages ship no client JavaScript, so a build
 * without it is the same site, minus React's client build and renderer setup.
 * @param {import('astro').AstroIntegration} integration
 * @returns {import('astro').AstroIntegration}
 */
function devOnly(integration) {
  return {
    name: `${integration.name} (dev only)`,
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'dev') updateConfig({ integrations: [integration] });
      },
    },
  };
}

// Visitor pages are prerendered (see src/pages/[...slug].astro); only the API
// routes that opt out with `prerender = false` run in the Node server.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [devOnly(react()), contentEditor()],
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  // The write endpoints run their own origin, Host and content-type guard (src/server/guards.ts),
  // which answers in JSON; Astro's form-origin check would answer first, in plain text.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'always', concurrency: PRERENDER_CONCURRENCY },
  vite: {
    server: {
      // Where the installed packages really are, should they be links (a shared install, or a test's
      // project copy): the editor island's modules are served from there.
      fs: { allow: [searchForWorkspaceRoot(process.cwd()), dirname(realpathSync('node_modules/astro'))] },
    },
    plugins: [
      {
        name: 'content-site-dev-server',
        enforce: 'post',
        configureServer(server) {
          // Before Vite serves public/, so dev images get the same headers as production.
          server.middlewares.use((request, response, next) => {
            setAssetHeaders(request.url ?? '', response);
            next();
          });
          // A post hook of a post plugin runs after Astro's own, so unshifting here puts the
          // write guard first: before Astro reads (and buffers) a write request's body, and
          // before Vite's and Astro's own plain-text refusals, so refusals of writes are JSON.
          return () => {
            server.middlewares.stack.unshift({ route: '', handle: devWriteGuard });
          };
        },
      },
    ],
  },
});
