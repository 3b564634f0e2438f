/**
 * The tables of the SVG upload check (svg.ts): which namespaces, elements,
 * attributes, animation targets, CSS functions and CSS at-rules an uploaded
 * SVG may use. Everything not listed here is refused.
 */

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** `xmlns` / `xmlns:*` may only bind these URIs. */
export const DECLARABLE_NAMESPACES: ReadonlySet<string> = new Set([SVG_NS, XLINK_NS]);

/** Attributes in the xml: namespace that change nothing outside the text (xml:base is not one). */
export const XML_ATTRIBUTES: ReadonlySet<string> = new Set(['space', 'lang']);

/** Attributes in the xlink: namespace; xlink:href is also held to `#id`. */
export const XLINK_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'title']);

const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

/** The animation elements: their attributeName must be in ANIMATABLE_ATTRIBUTES. */
export const ANIMATION_ELEMENTS = words('animate animateColor animateMotion animateTransform set');

/** SVG-namespace elements an upload may contain. No script, foreignObject, a, image, feImage, use of fonts or cursors. */
export const ELEMENTS = words(`
  svg g defs symbol use title desc metadata style
  path rect circle ellipse line polyline polygon
  text tspan textPath
  linearGradient radialGradient stop pattern clipPath mask marker
  filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix
  feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood
  feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode
  feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence
  animate animateColor animateMotion animateTransform set mpath
`);

/** Presentation attributes (CSS properties that SVG also takes as attributes). No cursor, no color-profile. */
export const PRESENTATION_ATTRIBUTES = words(`
  alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation
  color-interpolation-filters color-rendering direction display dominant-baseline
  enable-background fill fill-opacity fill-rule filter flood-color flood-opacity
  font font-family font-size font-size-adjust font-stretch font-style font-variant font-weight
  glyph-orientation-horizontal glyph-orientation-vertical image-rendering letter-spacing
  lighting-color marker marker-end marker-mid marker-start mask mask-type opacity overflow
  paint-order pointer-events shape-rendering stop-color stop-opacity stroke stroke-dasharray
  stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity
  stroke-width text-anchor text-decoration text-orientation text-rendering transform
  transform-origin unicode-bidi vector-effect visibility word-spacing writing-mode
`);

/** Geometry and the parameters of gradients, patterns, markers, masks and filter primitives. */
export const GEOMETRY_ATTRIBUTES = words(`
  x y width height cx cy r rx ry x1 y1 x2 y2 fx fy fr d points pathLength viewBox
  preserveAspectRatio offset dx dy rotate textLength lengthAdjust startOffset method spacing side
  gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform
  clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient
  filterUnits primitiveUnits in in2 result mode type values tableValues slope intercept amplitude
  exponent operator k1 k2 k3 k4 order kernelMatrix divisor bias targetX targetY edgeMode
  preserveAlpha surfaceScale diffuseConstant specularConstant specularExponent kernelUnitLength
  scale xChannelSelector yChannelSelector stdDeviation radius baseFrequency numOctaves seed
  stitchTiles azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle
`);

/** Timing and value attributes of animation elements. */
const ANIMATION_ATTRIBUTES = words(`
  attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode
  values keyTimes keySplines keyPoints from to by additive accumulate path origin
`);

/** Everything else an element may carry (style and href are checked further). */
const OTHER_ATTRIBUTES = words(`
  id class style href lang tabindex role focusable version baseProfile zoomAndPan media title
`);

/** No-namespace attributes an upload may use, besides `aria-*`. */
export const ATTRIBUTES: ReadonlySet<string> = new Set([
  ...PRESENTATION_ATTRIBUTES,
  ...GEOMETRY_ATTRIBUTES,
  ...ANIMATION_ATTRIBUTES,
  ...OTHER_ATTRIBUTES,
]);

/** What an animation may change: presentation and geometry only (never href, style, class or an event handler). */
export const ANIMATABLE_ATTRIBUTES: ReadonlySet<string> = new Set([...PRESENTATION_ATTRIBUTES, ...GEOMETRY_ATTRIBUTES]);

/**
 * Animatable attributes an animation may still not change, because the new
 * value would draw what svg-draw-cost.ts never counted: a path's or polyline's
 * vertices (each may carry a marker), markers, filters, masks and clip paths,
 * and the filter parameters it caps. (An animation may also not set any
 * attribute to a url(#id): see svg-draw-cost.ts.)
 */
export const UNCOUNTED_ANIMATION_TARGETS = words(`
  d points marker marker-start marker-mid marker-end filter mask clip-path
  numOctaves radius order kernelMatrix stdDeviation filterUnits
`);
/** A `<filter>`'s region, which an animation of the filter may not change either (its size is capped). */
export const FILTER_REGION_ATTRIBUTES = words('x y width height');

/** CSS functions that compute values and load nothing. `url()` is separate: only `url(#id)`, and never in CSS text. */
export const CSS_FUNCTIONS = words(`
  rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix calc min max clamp var
  translate translatex translatey translatez translate3d scale scalex scaley scalez scale3d
  rotate rotatex rotatey rotatez rotate3d skew skewx skewy matrix matrix3d perspective
  blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia
  cubic-bezier steps linear inset circle ellipse polygon
`);

/** At-rules a `<style>` may use: none of them loads anything. */
export const CSS_AT_RULES = words('media keyframes -webkit-keyframes supports');
