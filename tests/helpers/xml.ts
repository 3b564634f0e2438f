/** A small element tree from saxes, a conforming XML parser: for tests that read generated XML (sitemaps, feeds). */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses with saxes, a conforming XML parser: any well-formedness error fails the test. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => (open.at(-1)!.text += text));
  parser.on('cdata', (text) => (open.at(-1)!.text += text));
  parser.on('closetag', () => void open.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  if (root.children.length !== 1) throw new Error(`expected one root element, found ${root.children.length}`);
  return root.children[0]!;
}

export const child = (element: XmlElement, name: string) => element.children.find((candidate) => candidate.name === name);
export const childText = (element: XmlElement, name: string) => child(element, name)?.text;
