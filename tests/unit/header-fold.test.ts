/** Where the header's menu folds into its drawer: after its own text, not one breakpoint for every menu. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FOLD_STEPS, foldWidth } from '../../src/sections/header/fold';

// The demo's header, its name (a `$ref` to the site settings) as it resolves.
const demo = { ...JSON.parse(readFileSync(new URL('../../src/data/shared/header.json', import.meta.url), 'utf8')).data, logoText: 'Northwind' };
const labels = (...names: string[]) => names.map((label) => ({ label }));

describe('foldWidth', () => {
  it('folds the demo menu at 52rem, as it always did', () => {
    expect(foldWidth(demo)).toBe(52);
  });

  it('folds eight long labels later, past the width they were measured to need (70.9rem)', () => {
    const eight = { ...demo, menu: labels('Journal', 'Case studies', 'Services', 'Pricing', 'Documentation', 'About us', 'Careers', 'Contact') };
    expect(foldWidth(eight)).toBe(76);
  });

  it('always folds a menu wider than the widest bar (80rem), and sooner without a button', () => {
    expect(foldWidth({ logoText: 'A very long studio name indeed', menu: labels(...Array(8).fill('Extraordinarily long label')), cta: { label: 'Book a call' } })).toBe('always');
    // Eight 13-character labels: about 88rem, wider than the bar on any screen.
    expect(foldWidth({ logoText: 'Northwind', menu: labels(...Array(8).fill('Thirteen char')), cta: { label: 'Get started' } })).toBe('always');
    // Eight 12-character labels: just under it, so they fold below 84rem and fit above.
    expect(foldWidth({ logoText: 'Northwind', menu: labels(...Array(8).fill('Twelve chars')), cta: { label: 'Go' } })).toBe(FOLD_STEPS.at(-1));
    expect(foldWidth({ ...demo, cta: null })).toBe(52);
  });
});
