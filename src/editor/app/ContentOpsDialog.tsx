/**
 * The confirmation of a delete or a rename (move): it names what will change
 * before anything happens (who points at the thing, the files rewritten, the
 * redirect a page gets), then applies it as one changeset.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  currentName, deleteChanges, describeIssue, linkReferrersOf, lockedBecause, referrersOf, renameProblem, targetName, unlinkAndDeleteChanges,
  type OpTarget,
} from '../lib/content-ops';
import { renamePlan } from '../lib/rename-plan';
import type { Docs } from '../lib/model';
import { countedFiles } from '../lib/doc-name';
import { withExtensionKept } from '../lib/media';
import { useMarkdownReader } from './hooks/useMarkdownReader';
import { addressOf } from '../lib/page-links';
import { ReferrerList, prefixOf } from './op-referrers';
import { OtherTabsWarning, useOtherTabsDrafts } from './op-other-tabs';
import { usesInOtherTabs } from '../lib/other-tabs-uses';
import { applyChanges, loadState } from './api';
import { REDIRECTS_FILE } from '../../engine/redirects';
import { Dialog } from './dialogs';

import type { OpRequest } from '../lib/store/state';
export type { OpRequest };

/** What happened, for the editor to reload and go: `route` undefined stays, null leaves the deleted thing. */
export interface AppliedOp {
  request: OpRequest;
  message: string;
  route?: string | null;
  /** The production server's ticket for publishing the change. */
  publish?: { ticket: number };
}

interface Props {
  request: OpRequest;
  docs: Docs;
  /** Who is signed in: their other open tabs' unsaved changes are looked at too. */
  user: string;
  /** Whether the signed-in user may change a file (a move rewrites links only where they may). */
  mayChange(file: string): boolean;
  /** What has unsaved changes, counted by kind ("1 page"); empty when nothing has. */
  unsaved: string;
  saving: boolean;
  onSave(): void;
  onApplied(done: AppliedOp): void;
  onClose(): void;
}

export function ContentOpsDialog({ request, docs, user, mayChange, unsaved, saving, onSave, onApplied, onClose }: Props) {
  const { action } = request;
  const [name, setName] = useState(() => currentName(docs, request.target));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // An image's version is the hash of its bytes, as the server has them now (it may be a fresh upload).
  const [images, setImages] = useState<{ url: string; version: string }[] | null>(request.target.type === 'image' ? null : []);
  // A text's links to the image or page count as the store reads them, with the rich-text field's parser, loaded on demand.
  const markdown = useMarkdownReader(true, (error) => setErrors([`The texts that link to ${request.target.type === 'image' ? 'the image' : 'it'} could not be read: ${error.message}`]));
  const otherTabsDrafts = useOtherTabsDrafts(user);
  useEffect(() => {
    if (request.target.type !== 'image') return;
    loadState().then((fresh) => setImages(fresh.images), (error: Error) => setErrors([`The image's version could not be read: ${error.message}`]));
  }, [request.target]);

  const target: OpTarget = request.target.type === 'image' ? { ...request.target, version: images?.find((image) => image.url === (request.target as { url: string }).url)?.version } : request.target;
  const title = targetName(docs, target);
  // A page's or an entry's move changes its address, not its title; a shared file or an image is renamed.
  const movesAddress = target.type === 'doc' && docs[target.file]?.kind !== 'shared';
  const verb = movesAddress ? { noun: 'Change address', doing: 'Changing…', done: 'Moved' } : { noun: 'Rename', doing: 'Renaming…', done: 'Renamed' };
  // "Change the address of page “About” (/about/)": the name starts a sentence elsewhere, not here.
  const inSentence = title.charAt(0).toLowerCase() + title.slice(1);
  const locked = lockedBecause(docs, target);
  const referrers = referrersOf(docs, target, markdown);
  const targetKey = JSON.stringify(target);
  // Parsing every text of the site twice more on each keystroke in the name's input would be wasted: it changes with what it reads.
  const elsewhere = useMemo(() => usesInOtherTabs(docs, otherTabsDrafts, JSON.parse(targetKey) as OpTarget, markdown), [docs, otherTabsDrafts, targetKey, markdown]);
  // Links to its address do not stop a delete, but they will lead nowhere: the dialog names them.
  const links = action === 'delete' ? linkReferrersOf(docs, target, markdown) : [];
  const linkCount = links.reduce((sum, link) => sum + link.pointers.length, 0);
  const address = target.type === 'doc' ? addressOf(docs, target.file) : undefined;
  const addressText = address === '/' ? '/' : `${address}/`;
  // An image keeps its extension when the new name leaves it out.
  const newName = target.type === 'image' ? withExtensionKept(name, currentName(docs, target)) : name;
  const problem = action === 'rename' ? renameProblem(docs, target, newName, images?.map((image) => image.url)) : null;
  const plan = action === 'rename' && !problem ? renamePlan(docs, target, newName, mayChange, markdown) : undefined;
  // For a shared section or a tag: remove it from the pages or posts that use it, and delete it, in one change.
  const unlink = action === 'delete' && referrers.length > 0 ? unlinkAndDeleteChanges(docs, target) : undefined;
  const blocked = Boolean(locked) || unsaved !== '' || busy || images === null || (target.type === 'image' && markdown === undefined) || (action === 'delete' ? referrers.length > 0 : Boolean(problem));

  const apply = async (changes = action === 'delete' ? deleteChanges(docs, target) : plan!.changes) => {
    setBusy(true);
    setErrors([]);
    const result = await applyChanges(changes, `${action === 'delete' ? 'Delete' : movesAddress ? 'Move' : 'Rename'} ${title}`);
    setBusy(false);
    if (result.status === 'saved') {
      // The redirects file is said apart: a rename's message names the redirect it adds, a delete's the ones it ends.
      const pointing = result.rewritten.filter((file) => file !== REDIRECTS_FILE);
      const rewritten = pointing.length ? ` Updated ${countedFiles(pointing)} that used it.` : '';
      const redirectsEnded = action === 'delete' && result.rewritten.includes(REDIRECTS_FILE) ? ' The old addresses that redirected to it stop working too.' : '';
      const unlinked = changes.length > 1 && action === 'delete' ? ` It was removed from ${changes.length - 1} file${changes.length === 2 ? '' : 's'} first.` : '';
      const publish = result.publish && { publish: result.publish };
      if (action === 'delete') onApplied({ request, ...publish, message: `Deleted ${title}.${unlinked}${redirectsEnded}`, route: target.type === 'doc' && docs[target.file]?.kind !== 'shared' ? null : undefined });
      else onApplied({ request, ...publish, message: `${verb.done} ${title} to ${movesAddress ? `${prefixOf(docs, target)}${name}/` : `“${newName}”`}.${plan!.redirect ? ` ${plan!.redirect.from} now redirects to ${plan!.redirect.to}.` : ''}${rewritten}`, route: target.type === 'doc' && docs[target.file]?.kind !== 'shared' ? plan!.to : undefined });
    } else if (result.status === 'invalid') {
      setErrors([`Nothing was changed: ${result.error}`, ...result.issues.map((issue) => describeIssue(docs, issue))]);
    } else if (result.status === 'conflict') {
      setErrors([
        'Nothing was changed: a file changed on disk since the editor loaded it. Reload the editor to see the current files, then try again.',
        ...result.conflicts.map((conflict) => describeIssue(docs, { file: conflict.file, path: '', message: conflict.currentVersion === null ? 'exists now, or is gone' : 'changed on disk' })),
      ]);
    } else {
      setErrors([`Nothing was changed: ${result.error}`]);
    }
  };

  return (
    <Dialog title={action === 'delete' ? `Delete ${inSentence}?` : movesAddress ? `Change the address of ${inSentence}` : `Rename ${inSentence}`} onClose={onClose} className="dialog-op">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!blocked) void apply();
        }}
      >
        {locked ? (
          <p className="notice notice-error">{locked}</p>
        ) : (
          <>
            {unsaved && (
              // Not folded into the same changeset: a delete or move stands on its own, and a refused one must not take unsaved edits down with it.
              <div className="notice notice-warning" role="alert">
                <p>
                  You have unsaved changes to {unsaved}. A {action} is saved at once, on its own: save your changes first.
                </p>
                <button type="button" className="btn btn-small btn-primary" onClick={onSave} disabled={saving}>
                  {saving ? 'Saving…' : 'Save changes'}
                </button>
              </div>
            )}
            {action === 'rename' && (
              <div className="field">
                <label className="field-label" htmlFor="op-new-name">
                  {movesAddress ? 'New address' : 'New file name'}
                </label>
                <div className="slug-input">
                  <span aria-hidden="true">{prefixOf(docs, target)}</span>
                  <input id="op-new-name" className="input mono" value={name} autoFocus spellCheck={false} aria-invalid={touched && problem ? true : undefined} aria-describedby="op-new-name-help" onChange={(event) => { setName(event.target.value.trim()); setTouched(true); }} />
                </div>
                <p className={touched && problem ? 'field-error' : 'field-hint'} id="op-new-name-help">
                  {touched && problem
                    ? problem
                    : target.type === 'image'
                      ? newName !== name
                        ? `It will be named ${newName}.`
                        : 'Letters, digits, - and _. Leave out the extension to keep it.'
                      : `Lowercase letters, digits and hyphens.${movesAddress ? ' This changes where it lives, not its title: the title is a field of the form.' : ''}`}
                </p>
              </div>
            )}
            {action === 'delete' && referrers.length > 0 && (
              <div className="notice notice-error">
                <p>
                  It is still used {referrers.length === 1 ? 'in one place' : `in ${referrers.length} places`}, so it cannot be deleted yet. Take it out of {referrers.length === 1 ? 'that place' : 'each of them'} (or choose something else there), save, then delete it:
                </p>
                <ReferrerList referrers={referrers} docs={docs} />
                {unlink && (
                  <p className="op-unlink">
                    Or remove it from {referrers.length === 1 ? 'it' : 'all of them'} and delete it, in one change:{' '}
                    <button type="button" className="btn btn-small btn-danger-solid" disabled={unsaved !== '' || busy} onClick={() => void apply(unlink.changes)}>
                      Remove from {referrers.length} {docs[target.type === 'doc' ? target.file : '']?.kind === 'shared' ? (referrers.length === 1 ? 'page' : 'pages') : referrers.length === 1 ? 'post' : 'posts'} and delete
                    </button>
                  </p>
                )}
              </div>
            )}
            {action === 'delete' && referrers.length === 0 && links.length === 0 && (
              <p>
                {elsewhere.uses.length ? 'Nothing saved on the site uses it.' : 'Nothing on the site uses it.'} {address !== undefined ? `Its address ${addressText} will stop working, and so will any old address that redirects to it.` : ''}
              </p>
            )}
            {action === 'delete' && links.length > 0 && (
              <div className="notice notice-warning notice-stacked">
                <p>
                  {linkCount === 1 ? 'A link leads' : `${linkCount} links lead`} to its address {addressText}: once it is deleted, visitors who follow {linkCount === 1 ? 'it' : 'them'} get “page not found”. Point {linkCount === 1 ? 'it' : 'them'} elsewhere afterwards:
                </p>
                <ReferrerList referrers={links} docs={docs} />
              </div>
            )}
            <OtherTabsWarning action={action} found={elsewhere} />
            {plan?.redirect && (
              <p className="op-redirect">
                <strong>{plan.redirect.from}</strong> will redirect to <strong>{plan.redirect.to}</strong> (a permanent redirect, so links and search results that use the old address keep working).
              </p>
            )}
            {plan && plan.relinked.length > 0 && (
              <div className="op-rewritten">
                <p>Links to it are changed to lead to the new address, in:</p>
                <ReferrerList referrers={plan.relinked} docs={docs} />
              </div>
            )}
            {plan && plan.leftLinks.length > 0 && (
              <div className={plan.redirect ? 'op-rewritten' : 'notice notice-warning notice-stacked'}>
                <p>
                  {plan.redirect
                    ? 'These links to it (inside texts, or in what only an administrator may change) keep the old address, which redirects to the new one:'
                    : 'These links to it (inside texts, or in what only an administrator may change) keep the old address: visitors who follow them will get “page not found”. Have them changed afterwards:'}
                </p>
                <ReferrerList referrers={plan.leftLinks} docs={docs} />
              </div>
            )}
            {action === 'rename' && referrers.length > 0 && (
              <div className="op-rewritten">
                <p>{referrers.length === 1 ? 'The one place that uses it is' : `The ${referrers.length} places that use it are`} updated to the new name:</p>
                <ReferrerList referrers={referrers} docs={docs} />
              </div>
            )}
            {!(action === 'delete' && referrers.length > 0 && !unlink) && <p className="field-hint op-note">This is saved at once, without pressing Save, and cannot be undone with Undo; the editor reloads and its undo history starts afresh.</p>}
          </>
        )}
        {errors.length > 0 && (
          <div className="notice notice-error" role="alert">
            <ul>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {locked || (action === 'delete' && referrers.length > 0) ? 'Close' : 'Cancel'}
          </button>
          {!locked && (
            <button type="submit" className={action === 'delete' ? 'btn btn-danger-solid' : 'btn btn-primary'} disabled={blocked}>
              {busy ? (action === 'delete' ? 'Deleting…' : verb.doing) : action === 'delete' ? 'Delete' : verb.noun}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
