/**
 * The few words the site writes itself on every page, besides what editors
 * write: the skip link, the menu button, the names of the menus and topic
 * lists screen readers announce, the reading time, the gallery's "full size"
 * and an empty list's note. They are English unless the site settings give
 * them in the site's language (`labels` in shared/site.json), which a German
 * site, say, must: its pages are read out in German (`<html lang="de">`).
 */
import { z } from 'astro/zod';
import { field, MAX_LABEL_LENGTH, optionalText } from './primitives';

/** Each word as the site writes it when the settings leave it empty. */
export const LABEL_DEFAULTS = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  mainMenu: 'Main',
  footerMenu: 'Footer',
  topics: 'Topics',
  readingTime: '{minutes} min read',
  fullSize: '(full size)',
  noPosts: 'No posts yet.',
  noTopics: 'No topics yet.',
} as const;

export type SiteLabels = Record<keyof typeof LABEL_DEFAULTS, string>;

/** The placeholder the reading time's words put the minutes in. */
const MINUTES = '{minutes}';

const word = (title: string, where: string, name: keyof typeof LABEL_DEFAULTS) => field(optionalText(MAX_LABEL_LENGTH), title, `${where} Left empty, the site writes “${LABEL_DEFAULTS[name]}”`);

export const SiteLabelsSchema = z
  .object({
    skipToContent: word('Skip link', 'The first link of every page, shown to keyboard users only: it jumps past the header to the content.', 'skipToContent'),
    menu: word('Menu button', 'What screen readers say for the button that opens the menu on phones.', 'menu'),
    mainMenu: word('Main menu’s name', 'What screen readers call the header’s menu.', 'mainMenu'),
    footerMenu: word('Footer menu’s name', 'What screen readers call the footer’s links.', 'footerMenu'),
    topics: word('Topics list’s name', 'What screen readers call a post’s list of topics.', 'topics'),
    readingTime: field(
      z
        .string()
        .max(MAX_LABEL_LENGTH)
        .refine((words) => words.trim() === '' || words.includes(MINUTES), `Put ${MINUTES} where the number of minutes goes, as in “${LABEL_DEFAULTS.readingTime}”`)
        .optional(),
      'Reading time',
      `Beside a post’s date, with ${MINUTES} where the number goes. Left empty, the site writes “${LABEL_DEFAULTS.readingTime}”`,
    ),
    fullSize: word('Full-size link', 'What screen readers hear after a gallery picture that opens full size.', 'fullSize'),
    noPosts: word('No posts', 'Shown by a list of posts that has none (yet).', 'noPosts'),
    noTopics: word('No topics', 'Shown by a list of topics that has none (yet).', 'noTopics'),
  })
  .meta({ title: 'Words on every page', description: 'The few words the site writes itself, in the site’s language: left empty, each is English.' });

/** Every word, from the settings where they give it (a blank one counts as not given), else in English. */
export function siteLabels(labels: z.output<typeof SiteLabelsSchema> | undefined): SiteLabels {
  const given = Object.entries(labels ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== '');
  return { ...LABEL_DEFAULTS, ...Object.fromEntries(given) };
}

/** A post's reading time in the settings' words, the number written as the site's language writes numbers. */
export function readingTimeText(labels: SiteLabels, minutes: number, language: string): string {
  return labels.readingTime.replace(MINUTES, new Intl.NumberFormat(language).format(minutes));
}
