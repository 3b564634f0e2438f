/**
 * The editor's reader of Markdown fields for the references between files
 * (src/engine/references.ts), as the content store's (site-markdown.ts) but on
 * the markdown-it that prosemirror-markdown ships. Loaded with the rich-text
 * field's code, never in the editor's first load: the delete and rename dialog
 * of an image waits for it, so that it names a body linking to the image as
 * the store will.
 */
import { markdownPointers } from '../../../engine/markdown-fields';
import { markdownLinks } from '../../../engine/markdown-links';
import type { MarkdownReader } from '../../../engine/references';
import { BundledMarkdownIt } from './markdown';

export const markdownReader: MarkdownReader = { fields: markdownPointers, links: markdownLinks(BundledMarkdownIt) };
