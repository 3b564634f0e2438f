/**
 * The publication fields every page file and every collection entry may have,
 * declared once: page.ts spreads them into the stored page, collections.ts
 * into every collection's stored schema. What they mean for the public site
 * is src/engine/publication.ts.
 */
import { z } from 'astro/zod';
import { field } from './primitives';

export const PUBLICATION_STATUSES = ['draft', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PUBLISH_AT_RULE = 'Use an ISO 8601 date and time with a time zone, such as 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00';

/**
 * The instant `value` names, or undefined when it is not an ISO 8601
 * date-time with a time zone. The shape is zod's ISO check (which also refuses
 * impossible days such as 02-30); the instant comes from the platform's
 * date parser, so both must accept it.
 */
export function parsePublishAt(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !z.iso.datetime({ offset: true }).safeParse(value).success) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

export const publicationFields = {
  /** Absent means published. A draft is on no public surface; the editor previews it. */
  status: field(
    z.enum(PUBLICATION_STATUSES).meta({ optionLabels: { draft: 'Draft', published: 'Published' } }).optional(),
    'Status',
    'Draft: only the editor shows it. Published (the default): on the site, from “Publish at” when that is set.',
  ),
  /** A published document is public from this instant on; before it, it is scheduled. */
  publishAt: field(
    z
      .string()
      .refine((value) => parsePublishAt(value) !== undefined, { message: `Publish at: ${PUBLISH_AT_RULE}` })
      .optional(),
    'Publish at',
    'When a published page or entry appears on the site, as an ISO 8601 date and time with a time zone. Empty: at once.',
    { example: '2026-12-01T09:00:00Z' },
  ),
};

/** The keys of the publication fields, which the editor sets with its status commands rather than a form. */
export const PUBLICATION_KEYS: readonly string[] = Object.keys(publicationFields);
