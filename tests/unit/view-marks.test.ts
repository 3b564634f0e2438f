import { describe, expect, it } from 'vitest';
import { markedView, unmarkedPage } from '../../src/lib/view-marks';
import { withLiveRenderContext } from '../../src/server/render-context';

const marked = (view: string) => withLiveRenderContext({ markViews: true }, () => markedView(view));

describe('marks around section views', () => {
  it('are put only when the render asks for them', () => {
    expect(markedView('<p>Hi</p>')).toBe('<p>Hi</p>');
    expect(withLiveRenderContext({}, () => markedView('<p>Hi</p>'))).toBe('<p>Hi</p>');
    expect(marked('<p>Hi</p>')).toMatch(/^<!--view [0-9a-f-]{36}--><p>Hi<\/p><!--view [0-9a-f-]{36}-->$/);
  });

  it('are taken out again, leaving the page as it is without them and saying where each view is', () => {
    const views = ['<nav>Ü menu</nav>', '', '<p>Text — with a comment <!--view x--></p>'];
    const page = `<html><body><header>${marked(views[0]!)}</header><section>${marked(views[1]!)}</section><main>${marked(views[2]!)}</main></body></html>`;
    const plain = `<html><body><header>${views[0]}</header><section>${views[1]}</section><main>${views[2]}</main></body></html>`;
    const unmarked = unmarkedPage(Buffer.from(page))!;
    expect(unmarked.body.toString()).toBe(plain);
    const found = [0, 1, 2].map((index) => unmarked.body.toString('utf8', unmarked.views[index * 2], unmarked.views[index * 2 + 1]));
    expect(found).toEqual(views);
  });

  it('leave a page without marks alone', () => {
    expect(unmarkedPage(Buffer.from('<p>no views</p>'))).toBeUndefined();
  });

  it('give no views when a mark has no pair (the page is still cleaned)', () => {
    const lone = marked('x').slice(0, -1 - marked('x').indexOf('x'));
    const unmarked = unmarkedPage(Buffer.from(`<p>${lone}</p>`))!;
    expect(unmarked.views).toEqual([]);
    expect(unmarked.body.toString()).not.toContain('<!--view');
  });
});
