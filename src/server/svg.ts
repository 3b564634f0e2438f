/**
 * The SVG upload check: the bytes are parsed as XML (saxes, namespace-aware,
 * strict) and every construct must be on the allowlist of svg-allowlist.ts.
 * An SVG is refused, never rewritten: the first thing found that is not
 * allowed throws HttpError(400, 'SVG refused: …') naming it and its line.
 * svg-draw-cost.ts bounds what the accepted picture costs to draw.
 */
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { HttpError } from './errors';
import {
  ANIMATABLE_ATTRIBUTES,
  ANIMATION_ELEMENTS,
  ATTRIBUTES,
  CSS_AT_RULES,
  CSS_FUNCTIONS,
  DECLARABLE_NAMESPACES,
  ELEMENTS,
  SVG_NS,
  XLINK_ATTRIBUTES,
  XLINK_NS,
  XML_ATTRIBUTES,
  XML_NS,
  XMLNS_NS,
} from './svg-allowlist';
import { SvgDrawCost } from './svg-draw-cost';

class Refusal extends Error {}

/**
 * How deep elements may nest, and how many there may be. Real SVGs stay far
 * below both; saxes resolves each name's namespace by walking the open
 * elements, so together they bound the parse time.
 */
export const MAX_SVG_DEPTH = 100;
export const MAX_SVG_ELEMENTS = 200_000;

/** A same-document fragment: the only reference an upload may make. */
const FRAGMENT = /^#[A-Za-z0-9_.:-]+$/;
/** `url(#id)`, optionally quoted, as the whole of a url() call (sticky: matched where a url( starts). */
const FRAGMENT_URL = /url\(\s*(["']?)#[A-Za-z0-9_.:-]+\1\s*\)/iy;
/** A CSS function call: a name directly followed by "(". */
const CSS_FUNCTION = /([A-Za-z_-][A-Za-z0-9_-]*)\(/g;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** UTF-8 only: UTF-16/32 byte-order marks and invalid UTF-8 are refused. A UTF-8 BOM is dropped. */
function decodeUtf8(bytes: Uint8Array): string {
  if (startsWith(bytes, [0x00, 0x00, 0xfe, 0xff]) || startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) {
    throw new Refusal('it is UTF-32 text (only UTF-8 is accepted)');
  }
  if (startsWith(bytes, [0xfe, 0xff]) || startsWith(bytes, [0xff, 0xfe])) throw new Refusal('it is UTF-16 text (only UTF-8 is accepted)');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal('it is not valid UTF-8 text');
  }
}

/** Text with every whitespace and control character removed, lowercased: what a URL parser would see. */
const squeezed = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase();

/** Checks CSS functions in a value: only CSS_FUNCTIONS, and url() only as `url(#id)` when `fragmentUrls` allows it. */
function checkCssFunctions(value: string, where: string, fragmentUrls: boolean): void {
  for (const match of value.matchAll(CSS_FUNCTION)) {
    const name = match[1]!.toLowerCase();
    if (name.endsWith('url')) {
      if (!fragmentUrls) throw new Refusal(`${where} contains url() (CSS may not reference anything)`);
      FRAGMENT_URL.lastIndex = match.index + match[1]!.length - 3;
      if (name !== 'url' || !FRAGMENT_URL.test(value)) {
        throw new Refusal(`${where} contains a url() that is not a same-document url(#id)`);
      }
    } else if (!CSS_FUNCTIONS.has(name)) {
      throw new Refusal(`${where} contains the CSS function ${match[1]}()`);
    }
  }
}

/** Checks what every attribute value and CSS text must satisfy. */
function checkValue(value: string, where: string, fragmentUrls: boolean): void {
  if (value.includes('\\')) throw new Refusal(`${where} contains a backslash (a CSS escape)`);
  const plain = squeezed(value);
  if (/(java|vb|live)script:/.test(plain)) throw new Refusal(`${where} contains a script URL`);
  if (plain.includes('url(') && !fragmentUrls) throw new Refusal(`${where} contains url() (CSS may not reference anything)`);
  checkCssFunctions(value, where, fragmentUrls);
}

/** CSS of a `<style>` element or a style attribute: no url(), no escapes, no markup, only harmless at-rules. */
function checkCss(css: string, where: string): void {
  if (css.includes('<')) throw new Refusal(`${where} contains "<"`);
  checkValue(css, where, false);
  if (/expression|image-set|-moz-binding|behavior:|@import/.test(squeezed(css))) throw new Refusal(`${where} contains a loading or scripting CSS construct`);
  for (const match of css.matchAll(/@([A-Za-z0-9_-]*)/g)) {
    if (!CSS_AT_RULES.has(match[1]!.toLowerCase())) throw new Refusal(`${where} contains the at-rule @${match[1]}`);
  }
}

function checkAttribute(tag: SaxesTagNS, attribute: SaxesAttributeNS): void {
  const { name, local, uri, value } = attribute;
  const where = `the attribute ${name} of <${tag.name}>`;
  if (uri === XMLNS_NS) {
    if (!DECLARABLE_NAMESPACES.has(value)) throw new Refusal(`${where} binds the namespace "${value}" (only SVG and XLink may be declared)`);
    return;
  }
  if (uri === XML_NS) {
    if (!XML_ATTRIBUTES.has(local)) throw new Refusal(`${where} is not allowed`);
  } else if (uri === XLINK_NS) {
    if (!XLINK_ATTRIBUTES.has(local)) throw new Refusal(`${where} is not allowed`);
  } else if (uri !== '') {
    throw new Refusal(`${where} is in the namespace "${uri}"`);
  } else if (/^on/i.test(local)) {
    throw new Refusal(`${where} is an event handler`);
  } else if (!ATTRIBUTES.has(local) && !/^aria-[a-z]+$/.test(local)) {
    throw new Refusal(`${where} is not allowed`);
  }
  if (local === 'href' && (uri === '' || uri === XLINK_NS) && !FRAGMENT.test(value)) {
    throw new Refusal(`${where} is "${value.slice(0, 60)}", not a same-document #id reference`);
  }
  if (value.includes('<')) throw new Refusal(`${where} contains "<"`);
  if (uri === '' && local === 'style') checkCss(value, where);
  else checkValue(value, where, true);
}

function checkElement(tag: SaxesTagNS, depth: number): void {
  if (depth === 0 && (tag.local !== 'svg' || tag.uri !== SVG_NS)) throw new Refusal(`the root element is <${tag.name}>, not an SVG <svg>`);
  if (tag.uri !== SVG_NS) throw new Refusal(`the element <${tag.name}> is not in the SVG namespace`);
  if (!ELEMENTS.has(tag.local)) throw new Refusal(`the element <${tag.name}> is not allowed`);
  const attributeName = tag.attributes.attributeName;
  if (ANIMATION_ELEMENTS.has(tag.local) && attributeName && attributeName.uri === '' && !ANIMATABLE_ATTRIBUTES.has(attributeName.value)) {
    throw new Refusal(`<${tag.name}> animates "${attributeName.value.slice(0, 60)}" (only presentation and geometry attributes may be animated)`);
  }
  for (const attribute of Object.values(tag.attributes)) checkAttribute(tag, attribute);
  const type = tag.attributes.type;
  if (tag.local === 'style' && type && type.uri === '' && type.value.trim().toLowerCase() !== 'text/css') {
    throw new Refusal(`<${tag.name}> has type="${type.value.slice(0, 60)}" (only text/css)`);
  }
}

/** Parses the text and throws a Refusal at the first construct that is not allowed. */
function parse(text: string): void {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const open: SaxesTagNS[] = [];
  const drawCost = new SvgDrawCost();
  let elements = 0;
  let css: string | undefined;
  const inText = (value: string, kind: string) => {
    if (value.includes('<')) throw new Refusal(`${kind} contains "<"`);
    if (css !== undefined) css += value;
  };
  parser.on('xmldecl', ({ version, encoding }) => {
    if (version !== '1.0') throw new Refusal(`the XML declaration says version ${version} (only 1.0)`);
    if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) throw new Refusal(`the XML declaration says encoding="${encoding}" (only UTF-8)`);
  });
  parser.on('doctype', () => {
    throw new Refusal('it contains a DOCTYPE');
  });
  parser.on('processinginstruction', ({ target }) => {
    throw new Refusal(`it contains the processing instruction <?${target.slice(0, 40)}?>`);
  });
  parser.on('comment', (comment) => {
    if (/[<>]/.test(comment)) throw new Refusal('a comment contains "<" or ">"');
  });
  parser.on('opentag', (tag) => {
    if (open.length >= MAX_SVG_DEPTH) throw new Refusal(`elements are nested more than ${MAX_SVG_DEPTH} deep`);
    if (++elements > MAX_SVG_ELEMENTS) throw new Refusal(`it has more than ${MAX_SVG_ELEMENTS} elements`);
    checkElement(tag, open.length);
    if (css !== undefined) throw new Refusal(`<${open.at(-1)!.name}> contains the element <${tag.name}>`);
    const costly = drawCost.enter(tag);
    if (costly) throw new Refusal(costly);
    open.push(tag);
    if (tag.local === 'style') css = '';
  });
  parser.on('text', (value) => inText(value, 'text'));
  parser.on('cdata', (value) => inText(value, 'a CDATA section'));
  parser.on('closetag', (tag) => {
    open.pop();
    drawCost.leave();
    if (tag.local === 'style' && css !== undefined) {
      const style = css;
      css = undefined;
      checkCss(style, `<${tag.name}>`);
    }
  });
  try {
    parser.write(text).close();
  } catch (error) {
    const line = parser.line;
    if (error instanceof Refusal) throw new Refusal(`${error.message} (line ${line})`);
    throw new Refusal(`it is not well-formed XML: ${(error as Error).message}`);
  }
  const costly = drawCost.finish();
  if (costly) throw new Refusal(costly);
}

/** Refuses, with a 400 naming what was found, any SVG that is not plain UTF-8 XML built from the allowlist. */
export function checkSvg(bytes: Uint8Array): void {
  try {
    parse(decodeUtf8(bytes));
  } catch (error) {
    if (error instanceof Refusal) throw new HttpError(400, `SVG refused: ${error.message}`);
    throw error;
  }
}

/** A cheap classification for sniffing (the parse decides): optional BOM, XML declaration, comments, a DOCTYPE, then an `<svg` root, prefixed or not. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  const encoding = startsWith(head, [0xff, 0xfe]) ? 'utf-16le' : startsWith(head, [0xfe, 0xff]) ? 'utf-16be' : 'utf-8';
  let rest = new TextDecoder(encoding).decode(head);
  for (let skip: RegExpExecArray | null; ; rest = rest.slice(skip[0].length)) {
    rest = rest.trimStart();
    skip = /^(<\?[^>]*>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>)/i.exec(rest);
    if (!skip) break;
  }
  return /^<([A-Za-z_][\w.-]*:)?svg[\s>/]/i.test(rest);
}
