/**
 * A stylesheet cut down to the rules that can match a given page.
 *
 * Astro scopes a component's styles with an attribute: `.title` in a section's
 * `<style>` becomes `.title[data-astro-cid-…]`, and only that component's
 * elements carry the attribute. One route renders every visitor page, so its
 * stylesheet holds the styles of every section type, about 50 KB, most of
 * which a given page cannot use. A selector that needs the attribute of a
 * component the page does not show matches nothing on it, so leaving it out
 * changes nothing a browser draws.
 *
 * The stylesheet is parsed once with css-tree; cutting it down for a page is
 * then joining the parts it keeps. Only what is certain is left out: a
 * selector whose own compound selectors need an absent scope. Scopes inside a
 * pseudo-class's argument (`:not(…)`, `:is(…)`) do not count, and every
 * at-rule other than `@media`, `@supports` and `@container` (@font-face,
 * @keyframes, @layer, …) stays whole.
 */
import { generate, ident, parse, type Atrule, type CssNode, type Rule } from 'css-tree';

const SCOPE_ATTRIBUTE = 'data-astro-cid-';
/**
 * At-rules whose block holds rules: kept while any of their rules is. Not `@layer`: a layer's
 * first block sets its rank among layers even when empty, so its blocks stay whole.
 */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'container']);

type Part =
  /** Kept on every page. */
  | { kind: 'text'; text: string }
  /** A rule: each selector with the scopes it needs, and the declarations they share. */
  | { kind: 'rule'; selectors: { text: string; scopes: string[] }[]; block: string }
  /** An at-rule that groups rules: `@media (…){`, then its parts. */
  | { kind: 'group'; open: string; parts: Part[] };

export interface PrunableStylesheet {
  parts: Part[];
  /** Every scope a selector of the stylesheet needs. */
  scopes: ReadonlySet<string>;
}

/** `css` parsed into the parts a page may leave out. */
export function prunableStylesheet(css: string): PrunableStylesheet {
  const scopes = new Set<string>();
  const tree = parse(css, { parseValue: false, parseAtrulePrelude: false, parseCustomProperty: false });
  const parts = tree.type === 'StyleSheet' ? tree.children.toArray().map((node) => partOf(node, scopes)) : [{ kind: 'text' as const, text: css }];
  return { parts, scopes };
}

function partOf(node: CssNode, scopes: Set<string>): Part {
  if (node.type === 'Rule') return ruleOf(node, scopes);
  if (node.type === 'Atrule') return groupOf(node, scopes) ?? { kind: 'text', text: generate(node) };
  return { kind: 'text', text: generate(node) };
}

function ruleOf(rule: Rule, scopes: Set<string>): Part {
  // A selector css-tree could not parse comes as raw text: kept, as nothing certain can be said of it.
  if (rule.prelude.type !== 'SelectorList') return { kind: 'text', text: generate(rule) };
  const selectors = rule.prelude.children.toArray().map((selector) => {
    const needed = selector.type === 'Selector' ? scopesNeededBy(selector.children.toArray()) : [];
    for (const scope of needed) scopes.add(scope);
    return { text: generate(selector), scopes: needed };
  });
  return { kind: 'rule', selectors, block: generate(rule.block) };
}

/** The scopes a selector's own compound selectors ask for: `[data-astro-cid-x]`, present, with no value. */
function scopesNeededBy(parts: CssNode[]): string[] {
  const scopes: string[] = [];
  for (const part of parts) {
    if (part.type !== 'AttributeSelector' || part.matcher !== null || part.name.name.length <= SCOPE_ATTRIBUTE.length) continue;
    // css-tree keeps a name as written: `\61 bc` is `abc`. Attribute names are not case-sensitive
    // in HTML, so both sides are compared in lower case.
    const name = ident.decode(part.name.name).toLowerCase();
    if (name.startsWith(SCOPE_ATTRIBUTE)) scopes.push(name.slice(SCOPE_ATTRIBUTE.length));
  }
  return scopes;
}

function groupOf(atrule: Atrule, scopes: Set<string>): Part | undefined {
  if (!GROUPING_AT_RULES.has(atrule.name.toLowerCase()) || !atrule.block) return undefined;
  const children = atrule.block.children.toArray();
  // Declarations straight in the block (nested CSS) are not rules that could be left out.
  if (!children.every((child) => child.type === 'Rule' || child.type === 'Atrule')) return undefined;
  const prelude = atrule.prelude ? ` ${generate(atrule.prelude)}` : '';
  return { kind: 'group', open: `@${atrule.name}${prelude}{`, parts: children.map((child) => partOf(child, scopes)) };
}

/** The stylesheet with only the selectors whose scopes are all `present` on the page. */
export function prunedStylesheet(sheet: PrunableStylesheet, present: ReadonlySet<string>): string {
  return join(sheet.parts, present);
}

function join(parts: Part[], present: ReadonlySet<string>): string {
  let css = '';
  for (const part of parts) {
    if (part.kind === 'text') css += part.text;
    else if (part.kind === 'rule') {
      const kept = part.selectors.filter((selector) => selector.scopes.every((scope) => present.has(scope)));
      if (kept.length > 0) css += `${kept.map((selector) => selector.text).join(',')}${part.block}`;
    } else {
      const inner = join(part.parts, present);
      if (inner) css += `${part.open}${inner}}`;
    }
  }
  return css;
}

/** Letters, digits, `-` and `_`: what Astro's scope names are made of, and more, so that none is cut short. */
const isScopeCharacter = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x5f;

/**
 * The scopes a page's markup may carry: every `data-astro-cid-…` in its bytes. Text that spells one
 * out only adds a scope, which keeps more CSS than needed; an attribute can never be missed.
 */
export function scopesIn(page: Buffer): Set<string> {
  // Searched as a Latin-1 string, a byte a character: about twice as fast as searching the buffer
  // (each search a call into it). Bytes of other UTF-8 characters are never scope characters.
  const text = page.toString('latin1');
  const scopes = new Set<string>();
  // An element carries its component's scope, so the same one comes many times in a row.
  let last = '';
  for (let at = text.indexOf(SCOPE_ATTRIBUTE); at >= 0; at = text.indexOf(SCOPE_ATTRIBUTE, at + 1)) {
    const start = at + SCOPE_ATTRIBUTE.length;
    let end = start;
    while (end < text.length && isScopeCharacter(text.charCodeAt(end))) end += 1;
    const scope = text.slice(start, end);
    if (scope === last || scope === '') continue;
    last = scope;
    scopes.add(scope.toLowerCase());
  }
  return scopes;
}
