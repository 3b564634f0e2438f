/**
 * What an uploaded SVG costs to draw, bounded (svg.ts calls it during its
 * parse). The parse limits bound the file; this bounds the picture: `<use>`
 * and every other reference that instantiates content (url(#id) to a pattern,
 * marker, mask, clipPath, filter or gradient; href inheritance) copies the
 * referenced element once per reference, so a 2 KB file can draw 10⁸
 * shapes. An inherited paint server or marker (fill, stroke, marker-*) set
 * on a group or a <use> is drawn at every shape below it that it reaches, so
 * it counts there, not once. Each element's drawn count is computed once (memoised per
 * element, iteratively so long chains cannot overflow the stack), cycles
 * are refused, and the totals are held to allowlist-style limits. Filter
 * primitives' costly parameters are capped where the element is read
 * (svg-filter-limits.ts).
 * Each function returns why the SVG is refused, or undefined.
 */
import type { SaxesTagNS } from 'saxes';
import { ANIMATION_ELEMENTS, FILTER_REGION_ATTRIBUTES, SVG_NS, UNCOUNTED_ANIMATION_TARGETS, XLINK_NS } from './svg-allowlist';
import { checkFilterParameters, HEAVY_PRIMITIVES, HEAVY_WEIGHT, MAX_FILTER_PRIMITIVES, MAX_SVG_FILTER_WORK, numbers } from './svg-filter-limits';

/**
 * At most this many elements drawn once every reference is expanded: what a
 * file within the parse limit (MAX_SVG_ELEMENTS) could draw written out, so
 * references save bytes but never allow more drawing. Chromium draws 200,000
 * `<use>` copies in about 2 s, 200,000 plain shapes in about 0.4 s.
 */
export const MAX_SVG_DRAWN_ELEMENTS = 200_000;

/** Elements whose href instantiates or inherits the referenced element (not textPath, mpath or animations, which only point at it). */
const INSTANTIATING_HREF = new Set(['use', 'pattern', 'linearGradient', 'radialGradient', 'filter']);
/**
 * Inherited properties: their url(#id) is drawn at each shape below that they
 * reach (through children and <use>), as if set on it. Paint servers and end
 * markers once per shape, marker-mid (and the `marker` shorthand) once per vertex.
 */
const PER_SHAPE = new Set(['fill', 'stroke', 'marker-start', 'marker-end']);
const PER_VERTEX = new Set(['marker', 'marker-mid']);
/** Elements that are filled, stroked or marked. */
const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath']);
const FRAGMENT_URLS = /url\(\s*["']?#([A-Za-z0-9_.:-]+)/g;

interface Reference {
  id: string;
  /** How often the target is drawn: once, at each shape or vertex the property reaches, or once with its shapes inheriting (href). */
  per: 'once' | 'shape' | 'vertex' | 'href';
}
interface Node {
  /** The element's id, for naming it in a refusal. */
  id?: string;
  local: string;
  children: number[];
  references: Reference[];
  /** 1 for a shape (its vertices), else 0: what inherited paint and markers are drawn on. */
  shape: number;
  vertices: number;
  /** Filter work this element adds where it is drawn: its weight if it is a filter primitive. */
  work: number;
  primitives: number;
}


/** How many vertices a markable shape has (an upper bound: every two numbers may be one). */
function vertices(tag: SaxesTagNS): number {
  const value = (name: string) => tag.attributes[name]?.uri === '' ? tag.attributes[name]!.value : undefined;
  if (tag.local === 'line') return 2;
  if (tag.local === 'path') return Math.max(1, Math.ceil(numbers(value('d')).length / 2));
  if (tag.local === 'polyline' || tag.local === 'polygon') return Math.max(1, Math.ceil(numbers(value('points')).length / 2));
  return 1;
}


/**
 * Why an animation is refused: one that changed a path's vertices, a marker,
 * a filter, mask or clip path, or a capped filter parameter or region, would
 * draw what was never counted: simpler and safer than counting every value.
 * (A fill or stroke animated to a url(#id) is counted instead: animatedReferences.)
 */
function checkAnimation(tag: SaxesTagNS, targetLocal: string | undefined): string | undefined {
  const attribute = (name: string) => (tag.attributes[name]?.uri === '' ? tag.attributes[name]!.value : undefined);
  const target = attribute('attributeName');
  if (target !== undefined && (UNCOUNTED_ANIMATION_TARGETS.has(target) || (targetLocal === 'filter' && FILTER_REGION_ATTRIBUTES.has(target)))) {
    return `<${tag.name}> animates "${target}" (an animation may not change a shape's outline, markers, filters, masks or clip paths: what it would draw is not counted)`;
  }
  return undefined;
}

/** The url(#id) references an animation's values bring to the element it animates, counted as if set there. */
function animatedReferences(tag: SaxesTagNS): Reference[] {
  const attribute = (name: string) => (tag.attributes[name]?.uri === '' ? tag.attributes[name]!.value : '');
  const target = attribute('attributeName');
  const per = PER_VERTEX.has(target) ? 'vertex' : PER_SHAPE.has(target) ? 'shape' : 'once';
  const values = ['from', 'to', 'by', 'values'].map(attribute).join(' ');
  return [...values.matchAll(FRAGMENT_URLS)].map((match) => ({ id: match[1]!, per }));
}

/** Collects the elements and references of one SVG during its parse, then totals what drawing it costs. */
export class SvgDrawCost {
  private readonly nodes: Node[] = [];
  private readonly open: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly animatedByHref: { animation: SaxesTagNS; id: string }[] = [];

  /** An element opened (already allowed by svg.ts's allowlist). */
  enter(tag: SaxesTagNS): string | undefined {
    const index = this.nodes.length;
    const parent = this.open.at(-1);
    const shape = tag.uri === SVG_NS && SHAPES.has(tag.local);
    const node: Node = {
      id: tag.attributes.id?.value,
      local: tag.local,
      children: [],
      references: [],
      shape: shape ? 1 : 0,
      vertices: shape ? vertices(tag) : 0,
      work: 0,
      primitives: 0,
    };
    this.nodes.push(node);
    if (parent !== undefined) this.nodes[parent]!.children.push(index);
    this.open.push(index);
    const id = tag.attributes.id;
    // Browsers resolve #id to the first element with that id.
    if (id && id.uri === '' && !this.ids.has(id.value)) this.ids.set(id.value, index);
    for (const attribute of Object.values(tag.attributes)) {
      const isHref = attribute.local === 'href' && (attribute.uri === '' || attribute.uri === XLINK_NS);
      if (isHref && INSTANTIATING_HREF.has(tag.local)) node.references.push({ id: attribute.value.slice(1), per: 'href' });
      const per = attribute.uri !== '' ? 'once' : PER_VERTEX.has(attribute.local) ? 'vertex' : PER_SHAPE.has(attribute.local) ? 'shape' : 'once';
      for (const match of attribute.value.matchAll(FRAGMENT_URLS)) node.references.push({ id: match[1]!, per });
    }
    if (tag.uri === SVG_NS && ANIMATION_ELEMENTS.has(tag.local)) {
      // An animation changes the element its href names, else its parent (a href target is checked in finish()).
      const href = Object.values(tag.attributes).find((a) => a.local === 'href' && (a.uri === '' || a.uri === XLINK_NS));
      if (href) this.animatedByHref.push({ animation: tag, id: href.value.slice(1) });
      else if (parent !== undefined) this.nodes[parent]!.references.push(...animatedReferences(tag));
      const refused = checkAnimation(tag, href || parent === undefined ? undefined : this.nodes[parent]!.local);
      if (refused) return refused;
    }
    if (tag.uri === SVG_NS && /^fe[A-Z]/.test(tag.local) && parent !== undefined) {
      node.work = HEAVY_PRIMITIVES.has(tag.local) ? HEAVY_WEIGHT : 1;
      const filter = this.nodes[parent]!;
      if (++filter.primitives > MAX_FILTER_PRIMITIVES) return `a <filter> has more than ${MAX_FILTER_PRIMITIVES} primitives`;
    }
    return checkFilterParameters(tag);
  }

  /** An element as a refusal names it. */
  private name(index: number): string {
    const id = this.nodes[index]!.id;
    return id ? `#${id.slice(0, 60)}` : 'an element';
  }

  /** The element last opened is closed. */
  leave(): void {
    this.open.pop();
  }

  /**
   * Totals the drawing: each element counts itself, its children, and each
   * element it references as many times as it is drawn there. Memoised per
   * element; an element met again while its own total is being computed is a cycle.
   */
  finish(): string | undefined {
    if (this.nodes.length === 0) return undefined;
    for (const { animation, id } of this.animatedByHref) {
      const target = this.ids.get(id);
      if (target === undefined) continue;
      const refused = checkAnimation(animation, this.nodes[target]!.local);
      if (refused) return refused;
      this.nodes[target]!.references.push(...animatedReferences(animation));
    }
    const drawn = new Float64Array(this.nodes.length);
    const work = new Float64Array(this.nodes.length);
    const shapes = new Float64Array(this.nodes.length);
    const vertexCount = new Float64Array(this.nodes.length);
    const state = new Uint8Array(this.nodes.length); // 0 new, 1 being totalled, 2 done
    const targets = (node: Node) => node.references.flatMap(({ id, per }) => {
      const target = this.ids.get(id);
      return target === undefined ? [] : [{ target, per, id }];
    });
    const stack = [0];
    while (stack.length > 0) {
      const index = stack.at(-1)!;
      const node = this.nodes[index]!;
      if (state[index] === 0) {
        state[index] = 1;
        for (const child of node.children) {
          // A child still being totalled was reached through a reference from inside itself (#C holds a
          // <use> of its parent #N): counting it now would total it before its contents.
          if (state[child] === 1) return `${this.name(child)} refers to itself (a reference cycle)`;
          if (state[child] === 0) stack.push(child);
        }
        for (const { target, id } of targets(node)) {
          if (state[target] === 1) return `it references #${id.slice(0, 60)} from inside itself (a reference cycle)`;
          if (state[target] === 0) stack.push(target);
        }
        continue;
      }
      stack.pop();
      if (state[index] === 2) continue;
      let total = 1;
      let filterWork = node.work;
      let shapesBelow = node.shape;
      let verticesBelow = node.vertices;
      for (const child of node.children) {
        if (state[child] !== 2) return 'it contains a reference cycle';
        total += drawn[child]!;
        filterWork += work[child]!;
        shapesBelow += shapes[child]!;
        verticesBelow += vertexCount[child]!;
      }
      const found = targets(node);
      // A target still being totalled is an ancestor reached through a sibling's subtree: a cycle.
      if (found.some(({ target }) => state[target] !== 2)) return 'it contains a reference cycle';
      for (const { target, per } of found) {
        if (per !== 'href') continue;
        shapesBelow += shapes[target]!;
        verticesBelow += vertexCount[target]!;
      }
      for (const { target, per } of found) {
        const times = per === 'shape' ? shapesBelow : per === 'vertex' ? verticesBelow : 1;
        total += times * drawn[target]!;
        filterWork += times * work[target]!;
      }
      shapes[index] = shapesBelow;
      vertexCount[index] = verticesBelow;
      drawn[index] = total;
      work[index] = filterWork;
      state[index] = 2;
    }
    if (drawn[0]! > MAX_SVG_DRAWN_ELEMENTS) {
      return `drawing it takes ${Math.round(drawn[0]!).toLocaleString('en')} elements once every <use> and other reference is expanded (at most ${MAX_SVG_DRAWN_ELEMENTS.toLocaleString('en')})`;
    }
    if (work[0]! > MAX_SVG_FILTER_WORK) {
      return `it applies too many filter effects (${Math.round(work[0]!).toLocaleString('en')} units of filter work, at most ${MAX_SVG_FILTER_WORK.toLocaleString('en')}; costly effects count ${HEAVY_WEIGHT})`;
    }
    return undefined;
  }
}
