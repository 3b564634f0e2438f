/**
 * Everything the editor knows, in one value: the documents and their undo
 * history, where the editor is (route, selection), what it shows over the
 * workspace (dialogs, notices, the removed-section toast), what the server
 * said (issues, site problems), saving, the upload queue and the session
 * (who is signed in, and whether they still are). Only the named
 * commands in ./commands change it, each a pure function of the state.
 */
import { emptyHistory, type History } from '../history';
import type { OpTarget } from '../content-ops';
import type { Recoverable } from '../drafts';
import { docsFromPayload, type Docs, type EditorContent, type EditorPayload, type EditorUser } from '../model';
import { siteCheckOf, type ProblemLocation, type SiteCheck } from '../problems';
import { unreadableName } from '../unreadable-files';
import type { ServerDoc } from '../server-docs';
import type { ConfirmedSampleText, StarterGoingPublic } from '../starter-going-public';
import type { JsonPath } from '../json-merge';
import type { UploadItem } from '../uploads';
import type { ServerMarks } from './server-marks';
import type { IssueMap } from '../validate';

export type Viewport = 'mobile' | 'tablet' | 'desktop';
/** The pane a narrow window shows, one at a time: the lists and outline, the preview, or the form. */
export type Pane = 'content' | 'preview' | 'form';

/** A line under a notice; with a location, it is a link to the field it is about. */
export interface NoticeDetail {
  text: string;
  location?: ProblemLocation;
}

export interface Notice {
  /**
   * `error`: a problem, or a question that needs an answer; it stays above the panes until dealt
   * with. `success` and `info` report what an action did (or why it did nothing): they float over
   * the preview and go by themselves (notice-display.ts).
   */
  kind: 'success' | 'error' | 'info';
  text: string;
  details?: readonly NoticeDetail[];
  /** "Save is blocked: fix N problems first": its list follows the edits, and it goes once none is left. */
  blockedSave?: true;
  /**
   * The names of the uploads stored without where they were taken (locationRemoved). It says what
   * became of files, not what the last edit did, so edits do not clear it (it floats and goes by itself, notice-display.ts).
   */
  locationRemovedFrom?: readonly string[];
}

export type Dialog =
  | { kind: 'picker' }
  | { kind: 'new-page' }
  | { kind: 'new-entry'; collection: string }
  /**
   * A save refused over a file someone changed in the same places. `theirs`: the server's version,
   * when it could be read, and `clashes`: the values changed both ways, which the dialog names and
   * asks about (every other change of either side is kept).
   */
  | { kind: 'conflict'; file: string; currentVersion: string | null; theirs?: ServerDoc; clashes?: JsonPath[] }
  /**
   * A save found the file renamed or deleted on the server since it was loaded. `movedTo`: what it
   * became, when the server's documents tell; `carried`: the unsaved edits merged onto that, when
   * they merge (absent: they change what was changed there too).
   */
  /** `carried`: the edits merged onto what it became, when they merge; `mine`: merged keeping these edits where both changed, when they do not. */
  | { kind: 'gone'; file: string; movedTo?: ServerDoc; carried?: { data: unknown }; mine?: { data: unknown } }
  | { kind: 'sign-out'; unsaved: number; elsewhere: readonly string[] }
  /** Discard, pressed on the drafts of an earlier session: they are gone for good once confirmed, so it asks first. */
  | { kind: 'discard-drafts' }
  /** Save, when it would show visitors starter text they do not have yet (starter-going-public.ts): it asks first, naming each field. */
  | { kind: 'sample-text'; documents: readonly StarterGoingPublic[] }
  | null;

/** A delete or rename waiting for confirmation (the content-ops dialog). */
export interface OpRequest {
  action: 'delete' | 'rename';
  target: OpTarget;
}

/** A section just removed from a page, which the toast can put back. */
export interface RemovedSection {
  file: string;
  section: unknown;
  index: number;
  /** What the toast calls it: the section's label. */
  label: string;
  /** For a shared section: its file, which stays. */
  sharedFile?: string;
}

/** Something for the interface to move focus to once it is on screen. */
export type FocusRequest =
  | { kind: 'field'; field: string; at: number }
  | { kind: 'section'; index: number; at: number }
  | null;

/**
 * The session: who is signed in and whether they still are. `signed-out`: a
 * request was answered 401 (the session expired or was ended elsewhere); the
 * edits stay, and saving waits until `checking` finds a session again.
 * `signing-out`: the user chose Sign out, and the editor is leaving.
 * `switching-user`: someone else signed in; the editor opens afresh for them, and the unsaved edits
 * stay on this device as the first user's drafts, offered to no one else.
 */
export interface Session {
  user: EditorUser;
  /** Under `astro dev`: no sign-in, no sign-out; the developer is an admin. */
  dev: boolean;
  status: 'signed-in' | 'signed-out' | 'checking' | 'signing-out' | 'switching-user';
  /** Why the last check found no session, for the banner. */
  problem?: string;
  /** Bumped when a session is found again, so what failed for want of one (the preview) is asked again. */
  renewed: number;
}

/** Idle, or saving these files (with, after a conflict, the versions to overwrite, and what changed in words for the commit). */
export type SaveState =
  | { status: 'idle' }
  /** Where in the history the save was asked for is the history's own `savingAt` (history.ts), which follows its steps. */
  | {
      status: 'saving';
      files: readonly string[];
      baseVersions: Readonly<Record<string, string | null>>;
      summary?: string;
      /** Files whose edits were put together with changes saved elsewhere to other fields (saveConflicted): said once saved. */
      merged?: readonly string[];
    };

/**
 * After a save on the production server: its publication, by ticket, until
 * the next save, with the visitor URL "View live page" opens. Absent
 * under astro dev, which does not publish.
 */
export interface Publishing {
  ticket: number;
  /** `unknown`: the server can no longer tell (publishLost). */
  state: 'publishing' | 'live' | 'failed' | 'unknown';
  /** Absent when visitors do not get the page shown (a draft, a template). */
  path?: string;
  /** Why visitors do not get the open page or entry as saved, when its status is the reason: a draft, or scheduled (`at`: ms since 1970). */
  notPublic?: { state: 'draft' } | { state: 'scheduled'; at: number };
  /** The save also wrote something visitors get (the shared footer, beside a page unpublished in the same save). */
  othersLive?: boolean;
  error?: string;
}

export interface EditorState {
  docs: Docs;
  history: History;
  /** A page slug, or `~<collection>/<slug>` for an entry, or null for the start screen. */
  route: string | null;
  /** The selected section's index on the open page; null: page settings. */
  selection: number | null;
  /** Bumped when the editor (not the preview) selects a section, so the preview scrolls to it. */
  scrollRequest: number;
  viewport: Viewport;
  /** Which pane a window narrower than three panes shows; a wide one shows all three and ignores it. */
  pane: Pane;
  dialog: Dialog;
  notice: Notice | null;
  removed: RemovedSection | null;
  /** Issues the server reported for a file on the last save, with the data it judged, by file; cleared when it saves (server-marks.ts). */
  serverIssues: Readonly<Record<string, ServerMarks>>;
  save: SaveState;
  /**
   * What saves whose answer was lost, and that could not be checked, sent of each file (its JSON):
   * they may have arrived. A later conflict over the file merges from it when the server holds it
   * (saveConflicted); merged from the version loaded instead, a section that save added was taken
   * for one added elsewhere, and kept twice (a review).
   */
  unconfirmed?: Readonly<Record<string, string>>;
  /**
   * The sample text the user said to save anyway, by file, until that file saves: a save that goes
   * again (its answer lost, the server out of reach) does not ask about the same text twice.
   */
  confirmedSampleText?: ConfirmedSampleText;
  publishing: Publishing | null;
  /** Drafts from an earlier session, until restored or discarded. */
  recovery: readonly Recoverable[];
  /** Files another open editor tab has unsaved changes to. */
  openElsewhere: readonly string[];
  /** The site's files as they are on disk: unreadable ones and broken ones. */
  site: Required<SiteCheck>;
  problemsOpen: boolean;
  op: OpRequest | null;
  focus: FocusRequest;
  /** The media library's upload queue: files chosen, dropped or pasted, until uploaded or dismissed. */
  uploads: readonly UploadItem[];
  session: Session;
  /** What the last undo or redo did, for the status line. */
  lastUndo?: { kind: 'undo' | 'redo'; label: string; at: number };
}

/** Under `astro dev` (and for content given without a user): the local developer, an admin, with no sign-in. */
const LOCAL_DEVELOPER: Pick<EditorPayload, 'user' | 'dev'> = { user: { name: 'local', role: 'admin' }, dev: true };

export function initialState(payload: EditorContent & Partial<Pick<EditorPayload, 'user' | 'dev'>>, route: string | null, recovery: readonly Recoverable[] = []): EditorState {
  const { user, dev } = payload.user ? { user: payload.user, dev: payload.dev ?? false } : LOCAL_DEVELOPER;
  return {
    docs: docsFromPayload(payload),
    history: emptyHistory,
    route,
    selection: null,
    scrollRequest: 0,
    viewport: 'desktop',
    pane: 'content',
    dialog: null,
    notice: payload.problems.length
      ? // In an editor's words; the parser's detail, for a developer, is in the Problems panel (QA).
        { kind: 'error', text: 'Some files cannot be read: a developer must fix them (Problems has the details).', details: payload.problems.map((p) => ({ text: unreadableName(p.file) === p.file ? p.file : `${unreadableName(p.file)} (${p.file})` })) }
      : null,
    removed: null,
    serverIssues: {},
    save: { status: 'idle' },
    publishing: null,
    recovery,
    openElsewhere: [],
    site: siteCheckOf(payload),
    problemsOpen: false,
    op: null,
    focus: null,
    uploads: [],
    session: { user, dev, status: 'signed-in', renewed: 0 },
  };
}
