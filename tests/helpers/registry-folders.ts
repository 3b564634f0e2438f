/**
 * A section type and a collection a site builder adds, as the README shows them (a quotation, and
 * the authors of posts), written into a project copy's `src` while its dev server runs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const QUOTE_SECTION = `import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { field, text } from '../../engine/schema/primitives';

export default defineSection({
  type: 'quote',
  label: 'Quote',
  description: 'A short quotation with its source.',
  schema: z.object({
    text: field(text(), 'Quote', 'The words quoted.'),
    source: field(z.string().optional(), 'Source', 'Who said it.'),
  }),
  defaults: { text: 'Simplicity is prerequisite for reliability.' },
});
`;

const QUOTE_VIEW = `---
import type { SectionViewProps } from '../../engine/schema/define-section';
import section from './section';
type Props = SectionViewProps<typeof section>;
const { data } = Astro.props;
---
<figure class="container"><blockquote>{data.text}</blockquote>{data.source && <figcaption>{data.source}</figcaption>}</figure>
`;

const AUTHORS_COLLECTION = `import { z } from 'astro/zod';
import { defineCollection } from '../../engine/schema/define-collection';
import { field, text } from '../../engine/schema/primitives';

export default defineCollection({
  name: 'authors',
  label: 'Authors',
  singular: 'author',
  description: 'The people who write the posts.',
  schema: z.object({ name: field(text(), 'Name', 'Full name.'), bio: field(text(), 'Bio', 'One sentence.') }),
  labelField: 'name',
  starter: ({ title }) => ({ name: title, bio: 'One sentence about them.' }),
});
`;


/** Writes `text` at `path` under the project's `src`, making its folder. */
async function addSource(projectRoot: string, path: string, text: string): Promise<void> {
  const file = join(projectRoot, 'src', path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** The `quote` section type: a quotation (`text`, labelled "Quote") and its optional `source`. */
export async function addQuoteSection(projectRoot: string): Promise<void> {
  await addSource(projectRoot, 'sections/quote/section.ts', QUOTE_SECTION);
  await addSource(projectRoot, 'sections/quote/View.astro', QUOTE_VIEW);
}

/** The `authors` collection: entries with a `name` and a `bio`. */
export const addAuthorsCollection = (projectRoot: string) => addSource(projectRoot, 'collections/authors/collection.ts', AUTHORS_COLLECTION);
