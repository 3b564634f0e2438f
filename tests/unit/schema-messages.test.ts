import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { PostSchema } from '../../src/collections/posts/collection';
import { StoredSectionSchema } from '../../src/sections/registry';

const messages = (schema: z.ZodType, value: unknown) => Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('validation messages in plain words (schema/messages.ts, installed by primitives.ts)', () => {
  it('says what a field must be, not which type zod expected', () => {
    const post = { title: 42, excerpt: 'x', date: '2026-01-01', author: ['a'], tags: 'news', body: true };
    expect(messages(PostSchema, post)).toEqual({
      title: 'Must be text, not a number',
      author: 'Must be text, not a list',
      tags: 'Must be a list, not text',
      body: 'Must be text, not on or off (true or false)',
    });
  });

  it('calls a missing field required', () => {
    expect(messages(PostSchema, { excerpt: 'x', date: '2026-01-01', author: 'a', tags: [], body: 'b' })).toEqual({ title: 'Required' });
  });

  it('lists a short enum and names the value of a long one', () => {
    const section = (data: object) => ({ id: 's', type: 'posts-list', data: { title: 'News', ...data } });
    expect(messages(StoredSectionSchema, section({ variant: 'masonry' }))['data.variant']).toBe('Choose one of “grid”, “bento”');
    const grid = { id: 'f', type: 'feature-grid', data: { items: [{ id: 'a', icon: 'unicorn', title: 'A', text: 'B' }] } };
    expect(messages(StoredSectionSchema, grid)['data.items.0.icon']).toBe('“unicorn” is not one of this field\'s choices');
  });

  it('keeps a message the schema writes itself', () => {
    expect(messages(PostSchema, { title: 'T', excerpt: 'x', date: '2026-13-01', author: 'a', tags: [], body: 'b' })).toEqual({ date: 'Pick a date (YYYY-MM-DD)' });
    const banner = { id: 'c', type: 'cta-banner', data: { title: 'T', ctas: [1, 2, 3].map((n) => ({ id: `b${n}`, label: 'Go', href: '/', variant: 'primary' })) } };
    expect(messages(StoredSectionSchema, banner)['data.ctas']).toBe('At most two buttons');
  });

  it('caps every Markdown text at 200,000 characters, a post body as a section body', () => {
    const long = 'a'.repeat(200_001);
    const message = 'Keep this text to 200,000 characters (about 30,000 words) or fewer';
    expect(messages(PostSchema, { title: 'T', excerpt: 'x', date: '2026-01-01', author: 'a', tags: [], body: long })).toEqual({ body: message });
    expect(messages(StoredSectionSchema, { id: 'c', type: 'content-block', data: { body: long } })).toEqual({ 'data.body': message });
    expect(messages(StoredSectionSchema, { id: 'c', type: 'content-block', data: { body: long.slice(1) } })).toEqual({});
  });

  it('words limits a schema leaves to zod', () => {
    expect(messages(z.string().min(3), 'ab')['']).toBe('Use at least 3 characters');
    expect(messages(z.string().max(1), 'ab')['']).toBe('Use at most 1 character');
    expect(messages(z.array(z.string()).max(8), Array(9).fill('a'))['']).toBe('Keep at most 8 items');
    expect(messages(z.number().int(), 1.5)['']).toBe('Must be a whole number, not a decimal number');
    expect(messages(z.number().gt(0), 0)['']).toBe('Must be more than 0');
    expect(messages(z.url(), 'nope')['']).toBe('Use a full address, like https://example.com');
  });
});
