/**
 * The FAQPage structured data of a faq section, as schema.org and Google's
 * FAQ guidelines describe it: a `Question` per item, each with its
 * `acceptedAnswer`. It is data for a `<script type="application/ld+json">`
 * element, so it is serialised here, never assembled as text.
 */
import { renderMarkdown } from '../../engine/markdown';

export interface FaqItem {
  question: string;
  answer: string;
}

export function faqPage(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question.trim(),
      // Answers may carry links and lists: the HTML the page shows, which the schema allows in `text`.
      acceptedAnswer: { '@type': 'Answer', text: renderMarkdown(item.answer).trim() },
    })),
  };
}

/**
 * JSON that is safe inside a `<script>` element. An HTML parser ends the
 * element at the first `</script` whatever the JSON means, and `<!--` changes
 * how it reads on; escaping every `<`, `>` and `&` as `\u003c`… keeps the same
 * JSON value with none of those characters. U+2028 and U+2029 are escaped for
 * older parsers that treat them as line ends inside strings.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
