/**
 * What a change does to files besides the ones it names, which only someone who may change those
 * files may do: the content store asks these with the role of whoever makes the change
 * (`mayWrite`, from src/server/auth/roles.ts), before anything is written.
 */
import { ASSETS_URL_PREFIX } from '../../../server/headers.mjs';
import { siteMarkdown as markdown } from '../../engine/site-markdown';
import { urlReferrers } from '../../engine/references';
import { REDIRECTS_FILE, type Redirect } from '../../engine/redirects';
import type { ContentSnapshot } from '../../engine/snapshot';
import { HttpError } from '../errors';
import type { Plan } from './plan';

/** Which files the role of whoever applies a changeset may change: all, when not given. */
export type MayWrite = (file: string) => boolean;

/**
 * A move or a delete keeps the references to the page whole, so it rewrites redirects.json whoever
 * makes it. But moved onto an address a redirect leads away from, to another page, or deleted while
 * an administrator's redirect leads to it (not its own trail), it would end that redirect, which
 * only someone who may change the redirects may do (an editor once removed an administrator's
 * redirect each way, and then took its address).
 */
export function refuseEndedRedirects(plan: Plan, mayWrite: MayWrite | undefined): void {
  if (!mayWrite || mayWrite(REDIRECTS_FILE)) return;
  const named = (redirects: Redirect[]) => `${redirects.length === 1 ? 'redirect' : 'redirects'} ${redirects.map(({ from, to }) => `${from} → ${to}`).join(', ')} (redirects.json), which only an administrator can change`;
  if (plan.endedRedirects.length > 0) throw new HttpError(403, `Moving a page there would end the ${named(plan.endedRedirects)}. Choose another address, or ask an administrator to remove the redirect first`);
  if (plan.deleteEndedRedirects.length > 0) throw new HttpError(403, `Deleting the page would end the ${named(plan.deleteEndedRedirects)}. Ask an administrator to delete it, or to point the redirect elsewhere first`);
}

/**
 * Replacing an image changes every document that shows it: one an editor may not change (the site's
 * social image in shared/site.json, the shared header's logo) only an administrator may replace, as
 * only they may point it elsewhere (an editor once replaced the site's social image on every page).
 * A rename keeps the same image, so an editor may still rename it.
 */
export function refuseReplacingOthersImage(snapshot: ContentSnapshot, name: string, mayWrite: MayWrite | undefined): void {
  if (!mayWrite) return;
  const others = [...new Set(urlReferrers(snapshot, `${ASSETS_URL_PREFIX}${name}`, new Set(), markdown).map(({ file }) => file))].filter((file) => !mayWrite(file));
  if (others.length === 0) return;
  throw new HttpError(403, `Replacing "${name}" would change ${others.join(', ')}, which only an administrator can change. Upload the new image under another name, or ask an administrator to replace it`);
}
