import { PUBLISH_AT_RULE, parsePublishAt } from '../../../../engine/schema/publication';
import type { EditorState } from '../state';
import { setPublication } from '../set-publication';

/**
 * Schedule: the page or entry is published and goes public at `at` (an ISO
 * 8601 date-time with a time zone; the picker's local time converted). A time
 * already past publishes it at once, as the site would.
 */
export function scheduleDocument(state: EditorState, input: { file: string; at: string; now: number }): EditorState {
  if (parsePublishAt(input.at) === undefined) return { ...state, notice: { kind: 'error', text: `Schedule: ${PUBLISH_AT_RULE}.` } };
  return setPublication(state, input.file, 'Schedule', input.now, 'published', input.at);
}
