/**
 * A link's target as a combobox (ARIA 1.2: an input with a listbox popup):
 * the site's pages and posts by title, stored as site paths (`/about`), the
 * uploaded images by file name, stored as their URLs, or any other value typed
 * by hand, checked as you type with the link allowlist.
 * Without a LinkTargetsProvider it is a checked URL input.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { linkProblem } from '../../../engine/schema/urls';
import { entryNounOf } from '../../lib/entries';
import { hrefOf, IMAGE_GROUP, imageTargets, isPageSearch, matchingTargets, movedLink, pageLinkVerdict, sitePathOf, suggestedLink, targetOf, type LinkTarget } from '../../lib/link-targets';
import { useLinkSite, useLinkTargets } from './LinkTargetsContext';
import { useAssetDetails, useMissingUpload } from '../media/useAssetDetails';

export interface LinkInputProps {
  id: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  /** Extra attributes for the input (the form's `data-field`). */
  inputProps?: Record<string, string | undefined>;
}

/** At most this many pages and posts, and as many images, so neither crowds the other out. */
const MAX_OPTIONS = 50;
/** `page`, `image`, or an entry by its collection's own noun (`post`). */
const groupNoun = (group: string) => (group === 'page' || group === IMAGE_GROUP ? group : entryNounOf(group));
const isImage = (target: LinkTarget) => target.group === IMAGE_GROUP;

/**
 * What a link may be chosen from: the pages and posts, then the uploaded images, from the list the
 * media library and the image fields share (fetched once, refreshed after an upload). Without a
 * LinkTargetsProvider none: the input is a checked URL input.
 */
export function useLinkChoices(): readonly LinkTarget[] {
  const targets = useLinkTargets();
  const uploads = useAssetDetails();
  return useMemo(() => (targets.length > 0 && uploads && uploads.size > 0 ? [...targets, ...imageTargets(uploads.keys())] : targets), [targets, uploads]);
}

function optionsFor(targets: readonly LinkTarget[], query: string): LinkTarget[] {
  const found = matchingTargets(targets, query);
  return [...found.filter((target) => !isImage(target)).slice(0, MAX_OPTIONS), ...found.filter(isImage).slice(0, MAX_OPTIONS)];
}
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const STATE_NAMES = { draft: 'Draft', scheduled: 'Scheduled' } as const;
/** What following a link to a target that is not public yet gives a visitor. */
const STATE_WARNINGS = {
  draft: 'It is a draft: visitors get “page not found” until it is published.',
  scheduled: 'It is scheduled: visitors get “page not found” until its publishing time.',
} as const;

export function LinkInput({ id, value, onChange, invalid, describedBy, autoFocus, inputProps }: LinkInputProps) {
  const targets = useLinkChoices();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Opening on a chosen path lists everything, not just that path.
  const [typed, setTyped] = useState(false);
  const options = useMemo(() => optionsFor(targets, typed ? value : ''), [targets, value, typed]);
  const chosen = targetOf(targets, value);
  const refusal = value === '' ? undefined : linkProblem(value);
  // Judged as the Problems panel judges it. A typo in a site path would be a live "page not found":
  // said, though saving stays allowed (a page may come later). A moved page's old address works, a hop
  // per click: the new one is offered.
  // The hook runs on every render, whatever the value: React needs the same hooks in the same order.
  const site = useLinkSite();
  const verdict = refusal ? undefined : pageLinkVerdict(site, value);
  const nowhere = verdict && 'nowhere' in verdict ? sitePathOf(value) : undefined;
  const movedTo = verdict && 'movedTo' in verdict ? verdict.movedTo : undefined;
  // A redirect to a draft leads somewhere once the draft is published, not before.
  const movedToState = movedTo === undefined ? undefined : targetOf(targets, movedTo)?.state;
  // A link to an image no one has uploaded: the save would be refused (the content store checks), so it is said as it is typed.
  const missingImage = useMissingUpload(useAssetDetails(), refusal ? '' : value);
  const listId = `${id}-targets`;
  // A typed path that is exactly a page's needs no list (which would cover what comes below, such as a dialog's buttons).
  const expanded = open && options.length > 0 && !(typed && chosen);
  const optionId = (index: number) => `${id}-target-${index}`;
  // While words typed still find pages and posts, they are a search, not yet a link to refuse; a scheme (`javascript:`) is a link.
  const searching = expanded && typed && !value.includes(':');
  // Words that find nothing: said as a search that found nothing, not as a malformed address.
  const problem = searching ? undefined : refusal && typed && isPageSearch(value) ? `Nothing on this site is called “${value.trim()}”. Choose a page from the list, or type a full web address (https://…).` : refusal;
  const suggestion = problem ? suggestedLink(value) : undefined;

  const show = (from: number) => {
    setOpen(true);
    setActive(from);
  };
  const choose = (target: LinkTarget) => {
    onChange(hrefOf(target));
    setTyped(false);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) return show(step === 1 ? 0 : options.length - 1);
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded && (active >= 0 || (searching && isPageSearch(value)))) {
      event.preventDefault();
      choose(options[Math.max(active, 0)]!);
    } else if (event.key === 'Escape' && expanded) {
      // Only the popup closes; the dialog or form around stays.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const described = [describedBy, chosen && `${id}-chosen`, nowhere && `${id}-nowhere`, movedTo && `${id}-moved`, missingImage && `${id}-missing-image`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="link-input">
      <input
        {...inputProps}
        id={id}
        className="input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || problem ? true : undefined}
        aria-describedby={described}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder={targets.some(isImage) ? 'Search pages, posts and images, or type a URL' : targets.length ? 'Search pages and posts, or type a URL' : 'https://… or /path'}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setTyped(true);
          // Words typed are a search, whose first match Enter picks (so it shows as chosen); a path typed is the link as it is.
          show(isPageSearch(event.target.value) ? 0 : -1);
        }}
        onClick={() => setOpen((current) => !current)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={targets.some(isImage) ? 'Pages, posts and images' : 'Pages and posts'} className="link-options" hidden={!expanded}>
        {expanded &&
          options.map((target, index) => (
            <li
              key={target.path}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`link-option${index === active ? ' is-active' : ''}${isImage(target) ? ' link-option-image' : ''}`}
              // Keeps focus in the input, so choosing does not blur and close first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(target)}
            >
              {/* Decorative: the option is named by the file name beside it. */}
              {isImage(target) && <img className="link-option-thumb" src={target.path} alt="" loading="lazy" decoding="async" width={40} height={30} />}
              <span className="link-option-title">{target.title}</span>
              <span className="link-option-meta">
                <span className="link-option-group">{capitalised(groupNoun(target.group))}</span> <span className="link-option-path">{hrefOf(target)}</span>
                {target.state && <span className="link-option-state">{STATE_NAMES[target.state]}</span>}
              </span>
            </li>
          ))}
      </ul>
      {chosen && (
        <p className="link-chosen" id={`${id}-chosen`}>
          Links to {groupNoun(chosen.group)} “{chosen.title}”
          {chosen.state && <span className="link-chosen-state">. {STATE_WARNINGS[chosen.state]}</span>}
        </p>
      )}
      {nowhere && (
        <p className="link-chosen link-nowhere" id={`${id}-nowhere`}>
          No page or post has the address {nowhere === '/' ? '/' : `${nowhere}/`}: visitors who follow this link get “page not found”.
        </p>
      )}
      {movedTo && (
        <p className="link-chosen" id={`${id}-moved`}>
          {movedToState
            ? `The page at this address moved to ${movedTo}. ${STATE_WARNINGS[movedToState]} `
            : `The page at this address moved to ${movedTo}: the link still works, through a redirect. `}
          <button type="button" className="btn btn-small" onClick={() => onChange(movedLink(value, movedTo))}>
            Use {movedTo}
          </button>
        </p>
      )}
      {missingImage && (
        <p className="link-chosen link-nowhere" id={`${id}-missing-image`}>
          No uploaded image has this address: check the spelling, or upload the image first in the media library (any image field’s Choose image).
        </p>
      )}
      {problem && (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
          {suggestion && (
            <>
              {' '}
              <button type="button" className="btn btn-small" onClick={() => onChange(suggestion)}>
                Use {suggestion}
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
