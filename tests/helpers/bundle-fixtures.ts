/** Pages and sections shared by the bundle-check tests (tests/unit/bundle-check*.test.ts). */
export const meta = { title: 'T', description: 'D' };
export const header = { id: 'site-header', type: 'header', data: { logoText: 'Acme', menu: [{ label: 'About', href: '/about/' }] } };
export const block = (id: string, body = 'Hello') => ({ id, type: 'content-block', data: { body }, settings: { paddingTop: 'lg' } });
export const page = (slug: string, sections: unknown[]) => ({ id: slug, slug, meta, sections });
