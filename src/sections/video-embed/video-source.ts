/**
 * Which videos the video-embed section may show, and where they play from.
 * Content stores a provider and a video ID, never a URL: the player's address
 * is built here from two fixed, privacy-enhanced hosts, so no content can make
 * a page frame anything else. Links that editors paste are read with the URL
 * parser and a host allowlist (never a pattern over the whole URL), only to
 * tell them which ID to type.
 */

export const PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof PROVIDERS)[number];

export const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/** IDs as the players issue them: YouTube's are 11 characters of base64url, Vimeo's are numbers. */
const ID_FORMATS: Record<VideoProvider, { pattern: RegExp; rule: string }> = {
  youtube: { pattern: /^[A-Za-z0-9_-]{11}$/, rule: 'A YouTube video ID is 11 letters, digits, - or _ (for example aqz-KE-bpKQ)' },
  vimeo: { pattern: /^[1-9]\d{0,11}$/, rule: 'A Vimeo video ID is a number (for example 76979871)' },
};

/** The hosts whose video addresses are understood, as `URL.hostname` spells them (lower case). */
const HOSTS: ReadonlyMap<string, VideoProvider> = new Map([
  ['youtube.com', 'youtube'],
  ['www.youtube.com', 'youtube'],
  ['m.youtube.com', 'youtube'],
  ['youtu.be', 'youtube'],
  ['youtube-nocookie.com', 'youtube'],
  ['www.youtube-nocookie.com', 'youtube'],
  ['vimeo.com', 'vimeo'],
  ['www.vimeo.com', 'vimeo'],
  ['player.vimeo.com', 'vimeo'],
]);

export const isVideoId = (provider: VideoProvider, id: string) => ID_FORMATS[provider].pattern.test(id);

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** youtube.com/watch?v=ID, youtu.be/ID, and /embed/, /shorts/, /live/ paths. */
function youtubeId(url: URL, segments: string[]): string | undefined {
  if (url.hostname === 'youtu.be') return segments.length === 1 ? segments[0] : undefined;
  if (segments.length === 1 && segments[0] === 'watch') return url.searchParams.get('v') ?? undefined;
  if (segments.length === 2 && ['embed', 'shorts', 'live'].includes(segments[0]!)) return segments[1];
  return undefined;
}

/** player.vimeo.com/video/ID, vimeo.com/ID and vimeo.com/channels/name/ID. */
function vimeoId(url: URL, segments: string[]): string | undefined {
  if (url.hostname === 'player.vimeo.com') return segments.length === 2 && segments[0] === 'video' ? segments[1] : undefined;
  return segments.at(-1);
}

/** The provider and ID of a pasted YouTube or Vimeo address, or undefined for any other text. */
export function parseVideoUrl(value: string): { provider: VideoProvider; id: string } | undefined {
  // A pasted link often lacks its scheme (`youtu.be/…`); only web addresses are read.
  const url = parseUrl(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return undefined;
  const provider = HOSTS.get(url.hostname);
  if (!provider) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const id = provider === 'youtube' ? youtubeId(url, segments) : vimeoId(url, segments);
  return id !== undefined && isVideoId(provider, id) ? { provider, id } : undefined;
}

/**
 * Why `id` is not a video ID of `provider`, or undefined when it is. When an
 * editor pastes the video's address instead, the message names the ID to type.
 */
export function videoIdProblem(provider: VideoProvider, id: string): string | undefined {
  if (isVideoId(provider, id)) return undefined;
  if (!/[/:.]/.test(id)) return ID_FORMATS[provider].rule;
  const pasted = parseVideoUrl(id.trim());
  if (!pasted) return 'Only YouTube and Vimeo videos can be shown: enter the video’s ID, not a link';
  if (pasted.provider !== provider) {
    return `This is a ${PROVIDER_NAMES[pasted.provider]} link, but the provider is ${PROVIDER_NAMES[provider]}: choose ${PROVIDER_NAMES[pasted.provider]} and enter the ID ${pasted.id}`;
  }
  return `Enter the video ID, not the link: for this link it is ${pasted.id}`;
}

/** The ID of a link of `provider`'s pasted where its ID goes, to put there instead; undefined for an ID, or anything else. */
export function videoIdInLink(provider: VideoProvider, value: string): string | undefined {
  if (isVideoId(provider, value)) return undefined;
  const pasted = parseVideoUrl(value.trim());
  return pasted?.provider === provider ? pasted.id : undefined;
}

/**
 * The privacy-enhanced player a click on the facade opens: YouTube's no-cookie
 * host, Vimeo's player with Do Not Track. It autoplays, because the click was
 * the request to play.
 */
export function embedUrl(provider: VideoProvider, id: string): string {
  // Validation already ran; this guard keeps an unchecked ID out of the address even if it did not.
  if (!isVideoId(provider, id)) throw new Error(`Not a ${PROVIDER_NAMES[provider]} video ID: ${JSON.stringify(id)}`);
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`
    : `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1`;
}
