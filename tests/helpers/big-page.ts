/**
 * A page of many sections (a header, `sections` of four mixed types, a footer),
 * for the editor's large-page test and benchmark. Section i has the id `big-i`;
 * every fourth, from 0, is a content-block with a Title field.
 */
export function bigPage(sections: number) {
  const list = Array.from({ length: sections }, (_, i) => {
    const id = `big-${i}`;
    switch (i % 4) {
      case 0:
        return { id, type: 'content-block', data: { title: `Block ${i}`, body: `Paragraph ${i} with **bold** text.` } };
      case 1:
        return { id, type: 'cta-banner', data: { title: `Banner ${i}`, ctas: [{ id: `${id}-go`, label: 'Go', href: '/', variant: 'primary' }] } };
      case 2:
        return { id, type: 'stats-band', data: { stats: [{ icon: 'zap', value: `${i}`, label: 'Items' }] } };
      default:
        return { id, type: 'page-hero', data: { title: `Heading ${i}` } };
    }
  });
  return { id: 'big', slug: 'big', meta: { title: 'Big page', description: 'A page with many sections.' }, sections: [{ $ref: '../shared/header.json' }, ...list, { $ref: '../shared/footer.json' }] };
}
