/**
 * The editor's one store: a reducer that runs a named command. A command is
 * `{ type: 'moveSection', from: 2, to: 1 }`; `run` adds the time, so the
 * commands themselves stay pure and a test can pass its own clock.
 */
import * as commands from './commands';
import { blockedSaveNotice } from './commands/request-save';
import type { EditorState } from './state';

type Commands = typeof commands;
export type CommandName = keyof Commands;

/** What a command takes besides the state, without the time (the store supplies it). */
type InputOf<K extends CommandName> = Parameters<Commands[K]> extends [unknown, infer I, ...unknown[]] ? Omit<I, 'now'> : Record<never, never>;

export type Command = { [K in CommandName]: { type: K } & InputOf<K> }[CommandName];

export function run(state: EditorState, command: Command & { now?: number }): EditorState {
  const { type, ...input } = command;
  const apply = commands[type] as (state: EditorState, input: object) => EditorState;
  return withStaleNoticeCleared(state, apply(state, { now: Date.now(), ...input }));
}

/**
 * A notice says what the last action did ("Moved FAQ up to position 4.", "Saved the page “About”.").
 * Once a later command changes the documents or opens another page without a notice of its own,
 * the old one describes nothing any more, and it goes; an error stays until it is dealt with, and a
 * blocked save's list of problems follows the edits.
 */
export function withStaleNoticeCleared(before: EditorState, after: EditorState): EditorState {
  const notice = before.notice;
  if (!notice || after.notice !== notice) return after;
  // The problems that block a save are listed as they are now: fixed ones leave the list, and the notice goes with the last.
  if (notice.blockedSave) return after.docs === before.docs ? after : { ...after, notice: blockedSaveNotice(after) };
  if (notice.kind === 'error' || notice.locationRemovedFrom) return after;
  return after.docs !== before.docs || after.route !== before.route ? { ...after, notice: null } : after;
}
