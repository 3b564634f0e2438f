// The production server: `npm start` after `npm run build`. It is the
// @astrojs/node standalone handler (static files from dist/client, then the
// API routes) behind one addition: safety headers for uploaded images, which
// the adapter's static file handler cannot set.
import http from 'node:http';
import { setAssetHeaders } from './asset-headers.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);

const server = http.createServer((request, response) => {
  setAssetHeaders(request.url ?? '', response);
  handler(request, response);
});

server.listen(port, host, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` : `${host}:${port}`;
  console.log(`Server listening on http://${shown}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
