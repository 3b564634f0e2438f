import { describe, expect, it } from 'vitest';
import { followIdentifier, generateIdentifier, slugifyIdentifier, uniqueIdentifier } from '../../src/editor/lib/identifiers';

describe('identifiers', () => {
  it('slugify labels: lowercase, accents dropped, one hyphen between words', () => {
    expect(slugifyIdentifier('  Get in touch!  ')).toBe('get-in-touch');
    expect(slugifyIdentifier('Café — Menü')).toBe('cafe-menu');
    expect(slugifyIdentifier('!!!')).toBe('');
    expect(slugifyIdentifier('a'.repeat(80))).toHaveLength(48);
  });

  it('are unique among the taken ones', () => {
    expect(uniqueIdentifier('start', [])).toBe('start');
    expect(uniqueIdentifier('start', ['start', 'start-2'])).toBe('start-3');
    expect(generateIdentifier('', ['button'], 'Button')).toBe('button-2');
    expect(generateIdentifier('Sign up', [], 'Button')).toBe('sign-up');
  });

  it('follow the label while generated, and stay once set by hand', () => {
    const step = (current: string, previousSource: string, nextSource: string, taken: string[] = []) => followIdentifier({ current, previousSource, nextSource, taken, fallback: 'button' });
    expect(step('button', '', 'B')).toBe('b');
    expect(step('b', 'B', 'Bo')).toBe('bo');
    expect(step('book-a-dem', 'Book a dem', 'Book a demo')).toBe('book-a-demo');
    expect(step('', 'x', 'Pricing')).toBe('pricing');
    expect(step('cta-primary', 'Get in touch', 'Get in touch now')).toBe('cta-primary');
    expect(step('pricing-2', 'Pricing', 'Pricing plans', ['pricing'])).toBe('pricing-plans');
    expect(step('button-2', '', 'Pricing', ['pricing'])).toBe('pricing-2');
  });
});
