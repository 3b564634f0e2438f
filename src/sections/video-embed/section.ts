import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, heading, ImageSelectionSchema, MAX_LABEL_LENGTH, MAX_PARAGRAPH_LENGTH, optionalText, requiredText, text } from '../../engine/schema/primitives';
import { PROVIDER_NAMES, PROVIDERS, videoIdInLink, videoIdProblem, type VideoProvider } from './video-source';

export const POSTER_RULE = 'The poster must be an image on this site (uploaded, or a path starting with /), so nothing is fetched from elsewhere before the video is played';

/** The poster is shown before any click, so it may not come from another host (the video host's thumbnails included). */
const PosterSchema = ImageSelectionSchema.superRefine((poster, context) => {
  if (typeof poster.url === 'string' && poster.url !== '' && !poster.url.startsWith('/')) {
    context.addIssue({ code: 'custom', message: POSTER_RULE, path: ['url'] });
  }
});

export default defineSection({
  type: 'video-embed',
  label: 'Video',
  description: 'A YouTube or Vimeo video behind its poster: nothing loads from the video host until a visitor presses play.',
  keywords: ['media', 'youtube', 'vimeo', 'film', 'movie', 'player'],
  schema: z
    .object({
      /** Small eyebrow text above the title. */
      label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
      /** The video's title: the heading above it, and the name screen readers give the player. */
      title: field(heading(), 'Title', 'The heading above the video; screen readers also use it to name the player.'),
      /** Optional copy under the title. */
      description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the title.', { kind: 'textarea' }),
      /** Where the video is hosted. */
      provider: field(z.enum(PROVIDERS), 'Provider', 'Where the video is hosted.', {
        optionLabels: PROVIDER_NAMES,
      }),
      /** The ID from the video's address, never the address itself; its format bounds its length (11 characters, or a number), so it has no limit of its own. */
      videoId: field(
        text(),
        'Video ID',
        'The ID in the video’s address: for youtube.com/watch?v=aqz-KE-bpKQ it is aqz-KE-bpKQ; for vimeo.com/76979871 it is 76979871.',
        { example: 'aqz-KE-bpKQ' },
      ),
      /** The still shown until the video is played; an image on this site. */
      poster: field(PosterSchema, 'Poster', 'The picture shown until the video is played: an image on this site, uploaded or under /assets/images/.', {
        kind: 'image',
      }),
      /** The visible text of the play button. */
      playLabel: field(requiredText(MAX_LABEL_LENGTH).default('Play video'), 'Play button text', 'The visible text of the play button; the title is added for screen readers.'),
    })
    // The ID's format depends on the provider; this runs even while another field is invalid,
    // so a pasted link is explained at once.
    .superRefine(
      (data, context) => {
        if (typeof data !== 'object' || data === null) return;
        const { provider, videoId } = data as { provider?: unknown; videoId?: unknown };
        if (typeof videoId !== 'string' || !/\S/.test(videoId) || !PROVIDERS.includes(provider as VideoProvider)) return;
        const problem = videoIdProblem(provider as VideoProvider, videoId);
        if (problem) context.addIssue({ code: 'custom', message: problem, path: ['videoId'] });
      },
      { when: () => true },
    ),
  // A link pasted where the ID goes: its ID, one click away.
  fixes: {
    videoId: ({ provider, videoId }) => (typeof videoId === 'string' && PROVIDERS.includes(provider as VideoProvider) ? videoIdInLink(provider as VideoProvider, videoId) : undefined),
  },
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['provider', 'videoId', 'playLabel'],
  defaults: {
    title: 'A short tour',
    provider: 'youtube',
    videoId: 'aqz-KE-bpKQ',
    poster: { url: '/assets/images/cover-static-sites.webp', alt: 'A glowing grid stretching to the horizon' },
    playLabel: 'Play video',
  },
});
