/** A small site in the editor's state, for the command tests: a home page, a shared header and footer, a post and a tag. */
import type { EditorPayload, StoredPage } from '../../../src/editor/lib/model';
import { initialState, type EditorState } from '../../../src/editor/lib/store/state';

export const HOME = 'pages/home.json';
export const FOOTER = 'shared/footer.json';
export const POST = 'collections/posts/hello.json';

export const homePage: StoredPage = {
  id: 'home',
  slug: 'home',
  meta: { title: 'Home', description: 'The home page.' },
  sections: [
    { $ref: '../shared/header.json' },
    { id: 'home-hero', type: 'hero', data: { title: 'Hi', subtitle: 'Welcome.', primaryCta: { id: 'hero-go', label: 'Go', href: '/', variant: 'primary' } } },
    { id: 'home-cta', type: 'cta-banner', data: { title: 'Go', ctas: [] } },
    { $ref: '../shared/footer.json' },
  ],
};

export const payload: EditorPayload = {
  docs: [
    { file: HOME, kind: 'page', saveSlug: 'home', data: homePage, version: 'v1' },
    { file: 'shared/header.json', kind: 'shared', saveSlug: 'shared/header', data: { id: 'site-header', type: 'header', data: { logoText: 'Site', links: [] } }, version: 'v2' },
    { file: FOOTER, kind: 'shared', saveSlug: 'shared/footer', data: { id: 'site-footer', type: 'footer', data: { brandText: 'Site', copyright: '©', menu: [] } }, version: 'v3' },
    { file: POST, kind: 'entry', saveSlug: 'posts/hello', data: { title: 'Hello', excerpt: 'E', date: '2026-01-01', author: 'A', tags: [], body: 'Hi' }, version: 'v4' },
    { file: 'collections/tags/news.json', kind: 'entry', saveSlug: 'tags/news', data: { name: 'News', description: 'D', accent: '#123456' }, version: 'v5' },
  ],
  problems: [],
  siteProblems: [],
  images: [],
  maxUploadBytes: 1024,
  // An administrator on the production server: everything may be changed, as under astro dev.
  user: { name: 'grace', role: 'admin' },
  dev: false,
};

/** The editor with the home page open, at a fixed time. */
export const start = (route: string | null = 'home'): EditorState => initialState(payload, route);
/** The same, signed in as an `editor`: pages and entries, not the shared header and footer. */
export const startAsEditor = (route: string | null = 'home'): EditorState => initialState({ ...payload, user: { name: 'ada', role: 'editor' } }, route);
export const NOW = 1_000_000;
export const home = (state: EditorState) => state.docs[HOME]!.data as StoredPage;
export const ids = (state: EditorState) => home(state).sections.map((section) => (section as { id?: string; $ref?: string }).id ?? (section as { $ref: string }).$ref);
export const labels = (state: EditorState) => state.history.past.map((step) => step.label);
