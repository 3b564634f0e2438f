import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { renderSectionDocs } from '../../src/engine/docs';
import { sectionDefinitions } from '../../src/sections/registry';
import { collectionDefinitions } from '../../src/collections/registry';

const docsFile = fileURLToPath(new URL('../../docs/sections.md', import.meta.url));

it('docs/sections.md matches the schemas (run `npm run docs` to regenerate)', () => {
  const generated = renderSectionDocs(sectionDefinitions, collectionDefinitions);
  if (process.env.UPDATE_DOCS === '1') writeFileSync(docsFile, generated);
  expect(readFileSync(docsFile, 'utf8')).toBe(generated);
  for (const definition of sectionDefinitions) expect(generated).toContain(`### \`${definition.type}\``);
  for (const collection of collectionDefinitions) expect(generated).toContain(`src/data/collections/${collection.name}/<slug>.json`);
});
