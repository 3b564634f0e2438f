/**
 * How the content store reads Markdown fields for the references between files
 * (references.ts): the fields the schemas declare Markdown, and their links as
 * the site's markdown-it reads them. A module of its own because it loads the
 * section registry and markdown-it, which references.ts leaves to its callers.
 */
import MarkdownIt from 'markdown-it';
import { markdownPointers } from './markdown-fields';
import { markdownLinks } from './markdown-links';
import type { MarkdownReader } from './references';

export const siteMarkdown: MarkdownReader = { fields: markdownPointers, links: markdownLinks(MarkdownIt) };
