/** Small stored pages and sections for resolver tests: the shared header and footer, a page, a block. */
export const meta = { title: 'T', description: 'D' };
export const header = { id: 'site-header', type: 'header', data: { logoText: 'Acme', menu: [] } };
export const footer = { id: 'site-footer', type: 'footer', data: { brandText: 'Acme', copyright: '©', menu: [] } };
export const page = (slug: string, sections: unknown[], extra: object = {}) => ({ id: slug.replaceAll('/', '-'), slug, meta, sections, ...extra });
export const block = (id: string, body: unknown = 'Hello') => ({ id, type: 'content-block', data: { body } });
