import type { ProblemLocation } from '../../problems';
import type { EditorState } from '../state';

/** Opens the page or entry a problem is in, selects its section and asks for its field to be focused. */
export function goToField(state: EditorState, input: { location: ProblemLocation; now: number }): EditorState {
  const { route, section, field } = input.location;
  return {
    ...state,
    problemsOpen: false,
    dialog: null,
    route,
    selection: section,
    pane: 'form',
    scrollRequest: state.scrollRequest + 1,
    focus: { kind: 'field', field, at: input.now },
  };
}
