/**
 * The FAQPage structured data of a faq section, as schema.org and Google's
 * FAQ guidelines describe it: a `Question` per item, each with its
 * `acceptedAnswer`. The view serialises it with the site's one JSON-LD
 * escaper (jsonLdText in src/lib/seo/json-ld.ts), never as assembled text.
 */
import { renderMarkdown } from '../../engine/markdown';
import type { JsonLd } from '../../lib/seo/json-ld';

export interface FaqItem {
  question: string;
  answer: string;
}

export function faqPage(items: readonly FaqItem[]): JsonLd {
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
