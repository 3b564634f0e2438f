/**
 * `npm run typecheck` or `npm run build` while `npm run dev` runs, on a real `astro dev` over a
 * project copy: the code the editor loads later (the rich-text field's ProseMirror) is still served.
 * `astro sync`, which both run first, rewrote the dev server's pre-bundled dependencies, which then
 * answered 504 "Outdated Optimize Dep", and a post would not open in the editor until the dev server
 * was restarted (QA; src/server/vite-per-command.ts).
 */
import { describe, expect, it } from 'vitest';
import { devSiteForTests } from '../helpers/dev-site';
import { askUntil, raw } from '../helpers/http';
import { syncProject } from '../helpers/servers';

const site = devSiteForTests('dev-deps');

describe('the dev server beside the other commands', () => {
  it('still serves the editor’s lazily loaded dependencies after astro sync ran in the same project', async () => {
    expect((await raw(site.server.origin, { path: '/editor/about' })).status).toBe(200);
    await syncProject(site.project);
    // The rich-text field's code is asked for once a post opens: its dependencies are bundled then.
    const plugins = await raw(site.server.origin, { path: '/src/editor/lib/rich-text/plugins.ts' });
    const deps = [...plugins.text.matchAll(/"(\/node_modules\/\.vite\/deps\/prosemirror[^"]+)"/g)].map((match) => match[1]!);
    expect(deps.length).toBeGreaterThan(0);
    for (const dep of deps) expect((await askUntil(() => raw(site.server.origin, { path: dep }), (answer) => answer.status === 200)).status, dep).toBe(200);
  });
});
