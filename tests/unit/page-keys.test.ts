/** A page's render key and its split into frame and view keys (src/server/publish/published-pages.ts). */
import { describe, expect, it } from 'vitest';
import { layoutKeysOf, renderKeyOf } from '../../src/server/publish/published-pages';

const around = ['code-1', '/about/', '{"@type":"WebPage"}', 'site-digest'];
const facts = {
  head: '{"slug":"about","meta":{"title":"About"}}',
  frames: ['["header","site-header",{}]', '["gallery","about-gallery",{}]'],
  around,
  headImages: ['social.jpg:h1'],
  views: [
    { key: 'header:d1', images: [] },
    { key: 'gallery:d2', images: ['a.jpg:h2', 'b.jpg:h3'] },
  ],
};

describe('renderKeyOf', () => {
  it('changes with the body, anything around it and any image’s bytes, and with nothing else', () => {
    const key = renderKeyOf('digest', around, ['a.jpg:h2']);
    expect(renderKeyOf('digest', [...around], ['a.jpg:h2'])).toBe(key);
    expect(renderKeyOf('other digest', around, ['a.jpg:h2'])).not.toBe(key);
    expect(renderKeyOf('digest', ['code-2', ...around.slice(1)], ['a.jpg:h2'])).not.toBe(key);
    expect(renderKeyOf('digest', around, ['a.jpg:h9'])).not.toBe(key);
    expect(renderKeyOf('digest', around, [])).not.toBe(key);
  });
});

describe('layoutKeysOf', () => {
  it('writes a view without images as its section’s own key, and one with images followed by a short hash of their facts', () => {
    const [header, gallery] = layoutKeysOf(facts).views;
    expect(header).toBe('header:d1');
    expect(gallery).toMatch(/^gallery:d2 [\w-]{16}$/);
    // However many images a view shows (a list of every post, each with its cover), its key stays short.
    const many = Array.from({ length: 1000 }, (_, index) => `cover-${index}.jpg:${'h'.repeat(43)}`);
    expect(layoutKeysOf({ ...facts, views: [{ key: 'posts-list:d3', images: many }] }).views[0]).toMatch(/^posts-list:d3 [\w-]{16}$/);
  });

  it('changes only the view whose image changed, not the frame: the page can be made from its pieces', () => {
    const before = layoutKeysOf(facts);
    const after = layoutKeysOf({ ...facts, views: [facts.views[0]!, { key: 'gallery:d2', images: ['a.jpg:h2', 'c.jpg:h4'] }] });
    expect(after.frame).toBe(before.frame);
    expect(after.views[0]).toBe(before.views[0]);
    expect(after.views[1]).not.toBe(before.views[1]);
  });

  it('changes the frame with the head, its images, a section’s settings or anything around the page', () => {
    const { frame } = layoutKeysOf(facts);
    expect(layoutKeysOf({ ...facts, head: '{"slug":"about","meta":{"title":"About us"}}' }).frame).not.toBe(frame);
    expect(layoutKeysOf({ ...facts, headImages: ['social.jpg:h9'] }).frame).not.toBe(frame);
    expect(layoutKeysOf({ ...facts, frames: [facts.frames[0]!, '["gallery","about-gallery",{"paddingTop":"lg"}]'] }).frame).not.toBe(frame);
    expect(layoutKeysOf({ ...facts, around: [...around.slice(0, 3), 'other site'] }).frame).not.toBe(frame);
  });
});
