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
  descriptionField: 'bio',
  starter: ({ title }) => ({ name: title, bio: 'One sentence about them.' }),
});
`;

const AUTHOR_CARD_SECTION = `import { z } from 'astro/zod';
import { defineSection, requireStoredEntry } from '../../engine/schema/define-section';
import { field, text } from '../../engine/schema/primitives';

export default defineSection({
  type: 'author-card',
  template: 'authors',
  label: 'Author card',
  description: 'The current author, on the authors template page.',
  schema: z.object({
    name: field(text(), 'Name', 'Filled from the current author.'),
    bio: field(text(), 'Bio', 'Filled from the current author.'),
  }),
  bound: ['name', 'bio'],
  bind: (_data, context) => {
    const author = requireStoredEntry(context, 'authors', 'author-card');
    return { name: String(author.name), bio: String(author.bio) };
  },
  defaults: {},
});
`;

const AUTHOR_CARD_VIEW = `---
import type { SectionViewProps } from '../../engine/schema/define-section';
import section from './section';
type Props = SectionViewProps<typeof section>;
const { data } = Astro.props;
---
<div class="container"><h2 class="author-name">{data.name}</h2><p>{data.bio}</p></div>
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

/**
 * A collection shaped like `authors` under another name (`speakers`, "Speakers", "speaker"): a site
 * with many collections, whose editor shows a tab for each.
 */
export const addCollectionLikeAuthors = (projectRoot: string, name: string, label: string, singular: string) =>
  addSource(
    projectRoot,
    `collections/${name}/collection.ts`,
    AUTHORS_COLLECTION.replace("name: 'authors'", `name: '${name}'`).replace("label: 'Authors'", `label: '${label}'`).replace("singular: 'author'", `singular: '${singular}'`),
  );

/** The `author-card` section type: shows the current entry of the `authors` collection, on its template page. */
export async function addAuthorCardSection(projectRoot: string): Promise<void> {
  await addSource(projectRoot, 'sections/author-card/section.ts', AUTHOR_CARD_SECTION);
  await addSource(projectRoot, 'sections/author-card/View.astro', AUTHOR_CARD_VIEW);
}
