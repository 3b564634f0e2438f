/**
 * The save status in the top bar: saving, unsaved changes, and after a save
 * on the production server its publication: "Publishing…", then "Live" with
 * a link to the page while it is the one on screen (view-links.ts; the top bar's "View page"
 * gives way to it), or, for a draft or a scheduled page, that it is saved
 * and when visitors see it, or why it failed. Under astro dev nothing is published
 * and it reads "All changes saved".
 */
import { localDateTime } from '../lib/publication';
import type { Publishing } from '../lib/store/state';

interface Props {
  saving: boolean;
  /** What has unsaved changes, counted by kind ("2 pages and 1 post", doc-name.ts's countedFiles); empty when nothing has. */
  unsaved: string;
  publishing: Publishing | null;
  /** Unsaved changes from an earlier visit are offered back (the banner below): not "All changes saved". */
  recoverable?: boolean;
  /** Where "Live" links to (view-links.ts): the page on screen, else none. */
  liveHref?: string | null;
}

function PublishingText({ publishing, liveHref }: { publishing: Publishing; liveHref: string | null }) {
  if (publishing.state === 'publishing') return <>Publishing…</>;
  if (publishing.state === 'failed') return <>Publish failed: {publishing.error?.replace(/\.$/, '')}. The previous version is still live.</>;
  if (publishing.state === 'unknown') return <>Saved. Whether it is live is unknown ({publishing.error?.replace(/\.$/, '')}); reload to check.</>;
  // "Live" would say visitors see it: a draft or a scheduled page is saved, and not public; what else the save wrote may be live.
  const saved = publishing.othersLive ? 'The rest is live; this page is saved' : 'Saved';
  if (publishing.notPublic?.state === 'draft') return <>{saved} as a draft: visitors do not see it</>;
  if (publishing.notPublic?.state === 'scheduled') return <>{saved}: visitors see it from {localDateTime(new Date(publishing.notPublic.at))}</>;
  return (
    <>
      Live
      {liveHref && (
        <a href={liveHref} target="_blank" rel="noreferrer">
          View live page ↗
        </a>
      )}
    </>
  );
}

export function SaveStatus({ saving, unsaved, publishing, recoverable = false, liveHref = null }: Props) {
  // Counted by document: five edits to one page are one page to save. On a phone, what they are to is
  // left to screen readers (styles: .save-state-what), so the line never wraps and moves the panes.
  const changes = unsaved && (
    <>
      Unsaved changes<span className="save-state-what"> to {unsaved}</span>
    </>
  );
  const state = saving ? '' : publishing?.state === 'failed' ? ' is-failed' : publishing?.state === 'unknown' ? ' is-unknown' : unsaved ? ' is-dirty' : '';
  return (
    <span className={`save-state${state}`} role="status" aria-live="polite">
      {saving ? (
        'Saving…'
      ) : publishing ? (
        <>
          <PublishingText publishing={publishing} liveHref={liveHref} />
          {changes && <> · {changes}</>}
        </>
      ) : (
        changes || (recoverable ? 'Unsaved changes from last time: restore or discard them' : 'All changes saved')
      )}
    </span>
  );
}
