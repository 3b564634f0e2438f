/**
 * The click-to-play facade, as the HTML document of an `<iframe srcdoc>`: the
 * poster and a link to the player. Nothing in it comes from the video host, so
 * the host is contacted only when the link is followed, and that navigation
 * replaces the facade with the player inside the same frame. It needs no
 * script, so visitor pages keep shipping none.
 *
 * The document is written here as a string; Astro escapes it once more as the
 * attribute value. Every value put into it is escaped here first, so content
 * (a title with `</iframe>` or quotes) stays text inside the frame.
 */
import { textDirection } from '../../engine/text-direction';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/*
 * The frame cannot read the page's stylesheet, so it carries its own: the
 * theme's system font, focus ring and colours, written out.
 */
const STYLE = `
html,body{margin:0;height:100%;background:#0b1120}
body{position:relative;overflow:hidden;font:600 1rem/1.2 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Liberation Sans',Arial,sans-serif}
img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
a{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#fff;text-decoration:none;background:linear-gradient(180deg,rgb(11 17 32/.05),rgb(11 17 32/.45))}
a:focus-visible{outline:3px solid #a5b4fc;outline-offset:-6px;border-radius:12px}
.play{display:inline-flex;align-items:center;gap:.75rem;padding:.75rem 1.25rem .75rem .75rem;border-radius:999px;background:rgb(11 17 32/.82);box-shadow:0 12px 32px -8px rgb(0 0 0/.5);transition:background-color .18s}
.icon{display:grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:50%;background:#fff;color:#0b1120}
@media (prefers-reduced-motion:reduce){.play{transition:none}}
`.replace(/\n/g, '');

export interface FacadeInput {
  /** The video's title: the frame document's title and the end of the play link's name. */
  title: string;
  /** The player address (built by `embedUrl`, so only an allowlisted host). */
  playerUrl: string;
  /** A site path: it resolves against the page, as a srcdoc document has the page's base URL. */
  poster: { url: string; alt: string };
  /** Visible text of the play link. */
  playLabel: string;
  /** The page's language (the site settings), as the frame's own document has its own `lang`. */
  lang: string;
  /** The brand colour (the site settings, a checked #rrggbb), behind the play label on hover and focus. */
  accent: string;
}

/** The facade document for `srcdoc`. */
export function facadeDocument({ title, playerUrl, poster, playLabel, lang, accent }: FacadeInput): string {
  const icon = '<svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 5.5v13l11-6.5z" fill="currentColor"/></svg>';
  return [
    `<!doctype html><html lang="${escapeHtml(lang)}" dir="${textDirection(lang)}"><head><meta charset="utf-8">`,
    // The players refuse to play without knowing the embedding site, so the origin is sent (the browser default, stated).
    '<meta name="referrer" content="strict-origin-when-cross-origin">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}a:hover .play,a:focus-visible .play{background:${escapeHtml(accent)}}</style></head><body>`,
    `<img src="${escapeHtml(poster.url)}" alt="${escapeHtml(poster.alt)}">`,
    // The link's name starts with its visible text (WCAG 2.5.3) and adds which video it plays.
    `<a href="${escapeHtml(playerUrl)}" aria-label="${escapeHtml(`${playLabel}: ${title}`)}"><span class="play"><span class="icon">${icon}</span>`,
    `<span>${escapeHtml(playLabel)}</span></span></a>`,
    '</body></html>',
  ].join('');
}
