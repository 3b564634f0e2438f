// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { setAssetHeaders } from './server/asset-headers.mjs';

// Visitor pages are prerendered (see src/pages/[...slug].astro); only the API
// routes that opt out with `prerender = false` run in the Node server.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [
      {
        name: 'asset-headers',
        // Runs before Vite serves public/, so dev images get the same headers as production.
        configureServer(server) {
          server.middlewares.use((request, response, next) => {
            setAssetHeaders(request.url ?? '', response);
            next();
          });
        },
      },
    ],
  },
});
