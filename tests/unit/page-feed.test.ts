import { describe, expect, it } from 'vitest';
import { FeedFailed, PageFeed, planWhileRendering } from '../../src/server/publish/page-feed';

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

describe('planning while rendering', () => {
  it('stops planning at its next page once rendering failed, and fails with rendering\'s error', async () => {
    const planned: number[] = [];
    const renderError = new Error('Rendering the page at /p-1/ failed (500)');
    const attempt = planWhileRendering<number, string, string>(
      async (push) => {
        for (let page = 0; page < 100; page += 1) {
          planned.push(page);
          push(page % 2 === 0 ? page : undefined);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return 'planned';
      },
      async (feed) => {
        await feed.take(2);
        throw renderError;
      },
    );
    await expect(attempt).rejects.toBe(renderError);
    // Settled only once planning stopped, a page or so after the failure: nothing runs on behind it.
    const count = planned.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(planned.length).toBe(count);
    expect(count).toBeLessThan(100);
  });

  it('fails with planning\'s own error when planning fails, and returns both results otherwise', async () => {
    const planError = new Error('pages/about.json: unknown field "titel"');
    await expect(
      planWhileRendering<number, string, number>(
        async (push) => {
          push(1);
          throw planError;
        },
        async (feed) => (await feed.all()).length,
      ),
    ).rejects.toBe(planError);
    expect(
      await planWhileRendering<number, string, number>(
        async (push) => {
          [1, 2, 3].forEach((page) => push(page));
          return 'planned';
        },
        async (feed) => (await feed.all()).length,
      ),
    ).toEqual(['planned', 3]);
  });
});
