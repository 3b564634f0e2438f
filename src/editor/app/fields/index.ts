/** The form fields: `Field` renders any field spec through the kinds table. */
export { Field } from './Field';
export { FIELD_KINDS, initialValue } from './kinds';
export { LinkInput, type LinkInputProps } from './LinkInput';
export { UnknownFields } from './UnknownFields';
export { LinkSiteProvider, LinkTargetsProvider, useLinkTargets } from './LinkTargetsContext';
export type { FieldContext, FieldProps, Path, RelationOption, WidgetProps } from './types';
