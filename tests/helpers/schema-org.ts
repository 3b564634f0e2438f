/**
 * What tests expect of a JSON-LD block, written from schema.org's type
 * definitions and Google Search Central's structured-data documentation
 * (developers.google.com/search/docs/appearance/structured-data/…):
 *
 * - Article (also BlogPosting, NewsArticle): Google requires no property but
 *   recommends headline, author (Person or Organization, each with a name),
 *   datePublished and dateModified (ISO 8601) and image (URLs).
 * - BreadcrumbList: itemListElement is required: ListItems with position
 *   (1, 2, …), name, and item (a URL), which only the last may omit.
 * - Organization: Google recommends name and url (and logo, which needs a
 *   raster image of 112 px or more: checked only when given).
 * - WebSite (site names): name and url, required, on the home page.
 * - FAQPage: mainEntity is required: Questions, each with a name and an
 *   acceptedAnswer (an Answer with text).
 *
 * Every block is standalone: @context is https://schema.org and @type is set.
 * A type with no expectations here is itself a problem, so a new type comes
 * with its rules.
 */

type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const absoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/\s]+/.test(value) && URL.canParse(value);
/** ISO 8601 date (YYYY-MM-DD) or date-time with a zone. */
const isoDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function named(what: string, value: unknown, types: string[], problems: string[]) {
  if (!isObject(value)) return problems.push(`${what} is not an object`);
  if (!types.includes(String(value['@type'])) && !value['@id']) problems.push(`${what} has @type ${String(value['@type'])}, not ${types.join(' or ')}`);
  if (value['@type'] && !text(value.name)) problems.push(`${what} has no name`);
}

const RULES: Record<string, (node: Node, problems: string[]) => void> = {
  Article(node, problems) {
    if (!text(node.headline)) problems.push('Article: headline is missing');
    const authors = list(node.author);
    if (authors.length === 0) problems.push('Article: author is missing');
    authors.forEach((author, index) => named(`Article: author ${index}`, author, ['Person', 'Organization'], problems));
    if (!isoDate(node.datePublished)) problems.push(`Article: datePublished ${JSON.stringify(node.datePublished)} is not ISO 8601`);
    if (node.dateModified !== undefined) {
      if (!isoDate(node.dateModified)) problems.push('Article: dateModified is not ISO 8601');
      else if (Date.parse(node.dateModified as string) < Date.parse(node.datePublished as string)) problems.push('Article: dateModified is before datePublished');
    }
    for (const image of list(node.image)) {
      if (!absoluteUrl(isObject(image) ? image.url : image)) problems.push(`Article: image ${JSON.stringify(image)} is not an absolute URL`);
    }
    if (node.publisher !== undefined) named('Article: publisher', node.publisher, ['Organization'], problems);
  },
  BreadcrumbList(node, problems) {
    const items = node.itemListElement;
    if (!Array.isArray(items) || items.length === 0) return void problems.push('BreadcrumbList: itemListElement is missing or empty');
    items.forEach((item, index) => {
      if (!isObject(item) || item['@type'] !== 'ListItem') return void problems.push(`BreadcrumbList: element ${index} is not a ListItem`);
      if (item.position !== index + 1) problems.push(`BreadcrumbList: element ${index} has position ${String(item.position)}, not ${index + 1}`);
      if (!text(item.name)) problems.push(`BreadcrumbList: element ${index} has no name`);
      const last = index === items.length - 1;
      if (!(last && item.item === undefined) && !absoluteUrl(isObject(item.item) ? item.item['@id'] : item.item)) {
        problems.push(`BreadcrumbList: element ${index} has no absolute item URL`);
      }
    });
  },
  Organization(node, problems) {
    if (!text(node.name)) problems.push('Organization: name is missing');
    if (!absoluteUrl(node.url)) problems.push('Organization: url is not an absolute URL');
    if (node.logo !== undefined && !absoluteUrl(isObject(node.logo) ? node.logo.url : node.logo)) problems.push('Organization: logo is not an absolute URL');
  },
  WebSite(node, problems) {
    if (!text(node.name)) problems.push('WebSite: name is missing');
    if (!absoluteUrl(node.url)) problems.push('WebSite: url is not an absolute URL');
  },
  FAQPage(node, problems) {
    const questions = list(node.mainEntity);
    if (questions.length === 0) problems.push('FAQPage: mainEntity is missing');
    questions.forEach((question, index) => {
      if (!isObject(question) || question['@type'] !== 'Question') return void problems.push(`FAQPage: mainEntity ${index} is not a Question`);
      if (!text(question.name)) problems.push(`FAQPage: question ${index} has no name`);
      const answer = question.acceptedAnswer;
      if (!isObject(answer) || answer['@type'] !== 'Answer' || !text(answer.text)) problems.push(`FAQPage: question ${index} has no acceptedAnswer with text`);
    });
  },
};
RULES.BlogPosting = RULES.Article!;
RULES.NewsArticle = RULES.Article!;

/** Every way `block` falls short of its type's required and recommended properties; empty when none. */
export function schemaOrgProblems(block: unknown): string[] {
  if (!isObject(block)) return ['the block is not a JSON object'];
  const problems: string[] = [];
  if (block['@context'] !== 'https://schema.org') problems.push(`@context is ${JSON.stringify(block['@context'])}, not "https://schema.org"`);
  const type = String(block['@type']);
  const rule = RULES[type];
  if (!rule) return [...problems, `no expectations are written for @type ${type}`];
  rule(block, problems);
  return problems;
}

/** The text of every `<script type="application/ld+json">` element of an HTML page. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\btype="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map(([, body]) => body!);
}
