/**
 * The keys that hold a link wherever they appear in content (`href`, `logoHref`, a page's
 * `canonical`), read from the registry's forms: a page's move points the values under these at its
 * new address, and never a text that merely reads like one (a label "/about").
 */
import { collectionNames } from '../../collections/registry';
import { inputJsonSchema } from '../../engine/schema/json-schema';
import { PageMetaSchema } from '../../engine/schema/page';
import { sectionTypes } from '../../sections/registry';
import { fieldsOf, type FieldSpec } from './form';
import { entryForm, sectionForm } from './section-forms';
import { settingsJsonSchema } from './site-settings';

/** A list of links is named by its key and `[]` (`links.0` is an item of `links[]`). */
function collect(specs: readonly FieldSpec[], into: Set<string>, key?: string): Set<string> {
  for (const spec of specs) {
    if (spec.kind === 'link') into.add(key ?? spec.key);
    if (spec.children) collect(spec.children, into);
    if (spec.item) collect([spec.item], into, `${spec.key}[]`);
  }
  return into;
}

let linkKeys: ReadonlySet<string> | undefined;

/** Whether the value at `field` (a dotted path: `sections.2.data.ctas.0.href`) is a link field's. */
export function isLinkField(field: string): boolean {
  linkKeys ??= collect(
    [
      ...sectionTypes.flatMap((type) => sectionForm(type).data),
      ...collectionNames.flatMap((name) => entryForm(name)),
      ...fieldsOf(inputJsonSchema(PageMetaSchema)),
      ...fieldsOf(settingsJsonSchema),
    ],
    new Set(),
  );
  const keys = field.split('.');
  const last = keys.at(-1)!;
  return /^\d+$/.test(last) ? linkKeys.has(`${keys.at(-2)}[]`) : linkKeys.has(last);
}
