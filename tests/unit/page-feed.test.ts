import { describe, expect, it } from 'vitest';
import { FeedFailed, PageFeed } from '../../src/server/publish/page-feed';

const settled = async <T>(promise: Promise<T>) => {
  let state: 'pending' | 'settled' = 'pending';
  void promise.then(
    () => (state = 'settled'),
    () => (state = 'settled'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('a feed of pages being planned', () => {
  it('hands out full batches as they come in, and what is left once planning ends', async () => {
    const feed = new PageFeed<number>();
    const first = feed.take(3);
    feed.push(1);
    feed.push(2);
    expect(await settled(first)).toBe('pending');
    feed.push(3);
    feed.push(4);
    expect(await first).toEqual([1, 2, 3]);
    const second = feed.take(3);
    expect(await settled(second)).toBe('pending');
    feed.end();
    expect(await second).toEqual([4]);
    expect(await feed.take(3)).toBeUndefined();
    expect(await feed.all()).toEqual([1, 2, 3, 4]);
  });

  it('says whether more than a number of pages come, as soon as it knows', async () => {
    const many = new PageFeed<number>();
    const answer = many.moreThan(1);
    many.push(1);
    expect(await settled(answer)).toBe('pending');
    many.push(2);
    expect(await answer).toBe(true);
    const few = new PageFeed<number>();
    const fewAnswer = few.moreThan(16);
    few.push(1);
    few.end();
    expect(await fewAnswer).toBe(false);
  });

  it('fails every renderer waiting on it when planning fails, with planning\'s error as the cause', async () => {
    const feed = new PageFeed<number>();
    const waiting = [feed.take(8), feed.moreThan(16), feed.all()];
    const error = new Error('pages/about.json: unknown field "titel"');
    feed.fail(error);
    for (const promise of waiting) {
      const failure = await promise.catch((thrown: unknown) => thrown);
      expect(failure).toBeInstanceOf(FeedFailed);
      expect((failure as FeedFailed).cause).toBe(error);
    }
  });

  it('is a finished feed when made from a list', async () => {
    const feed = PageFeed.of(['a', 'b']);
    expect(await feed.take(8)).toEqual(['a', 'b']);
    expect(await feed.take(8)).toBeUndefined();
  });
});
