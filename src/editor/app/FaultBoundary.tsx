/**
 * Keeps a fault in one part of the editor in that part. React unmounts the
 * whole tree when a render throws and nothing catches it, which blanked the
 * editor over one field's bug. Here the part that threw says so in words, and
 * the rest (the outline, the preview, Save, every unsaved edit in the store)
 * goes on. Choosing something else (`resetKey`) tries the part again, and so
 * does any change to what it shows (`retryOn`): an Undo that takes back the
 * value it failed on brings the form back.
 * Around the whole editor (`whole`), the last line of defence: the screen says
 * what failed and offers a reload, and the unsaved edits are on this device
 * (the drafts are written as the editor's tree goes), offered back after it.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What the part shows, for the message ("This form"). */
  part: string;
  /** When it changes (another section chosen), the part is rendered again. */
  resetKey: string;
  /** When it is another object (the documents after an edit or an Undo), the part is tried again. */
  retryOn?: unknown;
  /** The whole editor: a screen of its own, with Reload instead of Try again. */
  whole?: boolean;
  children: ReactNode;
}

interface State {
  /** Why the part could not be rendered. */
  failed: string | null;
  /** `retryOn` as it was once the failure was shown: a change from it tries again. */
  failedOn?: { value: unknown };
}

export class FaultBoundary extends Component<Props, State> {
  state: State = { failed: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    const message = error instanceof Error ? error.message : String(error);
    return { failed: message || 'an unexpected error', failedOn: undefined };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // For whoever looks at the console: the stack stays there, never in the editor's words.
    console.error(error, info.componentStack);
  }

  componentDidUpdate(previous: Props) {
    const { failed, failedOn } = this.state;
    if (!failed) return;
    // The render that failed may itself have brought the change (typing the value it fails on),
    // so what counts is a change after the failure was shown, not before it.
    if (previous.resetKey !== this.props.resetKey || (failedOn && failedOn.value !== this.props.retryOn)) this.setState({ failed: null });
    else if (!failedOn) this.setState({ failedOn: { value: this.props.retryOn } });
  }

  render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    const reason = `${this.props.part} could not be shown: ${failed.replace(/\.$/, '')}.`;
    if (this.props.whole) {
      return (
        <main className="editor-fault" role="alert">
          <h1>Something went wrong in the editor</h1>
          <p className="field-error">{reason}</p>
          <p>Your unsaved changes are kept on this device. Reload the editor: it offers them back.</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload the editor
          </button>
        </main>
      );
    }
    return (
      <div className="inspector-body fault" role="alert">
        <p className="field-error">{reason}</p>
        <p className="inspector-description">Your unsaved changes are kept. Undo the last change, choose another section or page, or try again.</p>
        <button type="button" className="btn btn-small" onClick={() => this.setState({ failed: null })}>
          Try again
        </button>
      </div>
    );
  }
}
