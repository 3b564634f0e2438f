/** What every field widget receives, and what a form gives its fields. */
import type { FieldSpec } from '../../lib/form';
import type { IssueMap } from '../../lib/validate';
import type { MediaOptions } from '../media/media-options';

export type Path = readonly (string | number)[];

/** A `$ref`'s value, and where it lives ("Site settings › Site name", "Footer › Menu"). */
export interface ResolvedRef {
  value: unknown;
  place: string;
}

export interface FieldContext {
  issues: IssueMap;
  /** Dotted prefix of `issues` keys for this form (`data`, `settings`, `meta`). */
  onChange(path: Path, value: unknown): void;
  /** Removes the key at `path` (a field no schema declares, shown by UnknownFields); without it, such a field cannot be removed here. */
  onRemove?(path: Path): void;
  /** What a `$ref` stands for: its value (to detach it into a plain value), and where that is, in the forms' words. */
  resolveRef(ref: string): ResolvedRef | undefined;
  /** For image fields: the upload limit and where images are used. Without it, image fields have no picker. */
  media?: MediaOptions;
  /** The form is shown, not edited (a shared section an editor may not change): widgets that are not form controls stop taking input too. */
  readOnly?: boolean;
  /** A value to offer with one click under the field's problem (the section type's `fixes`), or undefined. */
  fixOf?(path: Path): string | undefined;
  /** For relation fields (an array of entry slugs): the entries of a collection to choose from. */
  relationOptions?(collection: string): readonly RelationOption[];
}

/** An entry a relation field can point to. */
export interface RelationOption {
  slug: string;
  label: string;
  /** A #rrggbb accent, shown as a dot (tags). */
  accent?: string;
}

export interface FieldProps {
  spec: FieldSpec;
  value: unknown;
  path: Path;
  context: FieldContext;
}

/** A widget of the kinds table: the field plus its element id and the error under its path. */
export interface WidgetProps extends FieldProps {
  id: string;
  error?: string;
}
