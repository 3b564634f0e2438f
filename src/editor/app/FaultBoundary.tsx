/**
 * Keeps a fault in one part of the editor in that part. React unmounts the
 * whole tree when a render throws and nothing catches it, which blanked the
 * editor over one field's bug. Here the part that threw says so in words, and
 * the rest (the outline, the preview, Save, every unsaved edit in the store)
 * goes on. Choosing something else (`resetKey`) tries the part again.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What the part shows, for the message ("This form"). */
  part: string;
  /** When it changes (another section chosen), the part is rendered again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  /** Why the part could not be rendered. */
  failed: string | null;
}

export class FaultBoundary extends Component<Props, State> {
  state: State = { failed: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    const message = error instanceof Error ? error.message : String(error);
    return { failed: message || 'an unexpected error' };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // For whoever looks at the console: the stack stays there, never in the editor's words.
    console.error(error, info.componentStack);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: null });
  }

  render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    return (
      <div className="inspector-body fault" role="alert">
        <p className="field-error">
          {this.props.part} could not be shown: {failed.replace(/\.$/, '')}.
        </p>
        <p className="inspector-description">Your unsaved changes are kept. Choose another section or page, or try again.</p>
        <button type="button" className="btn btn-small" onClick={() => this.setState({ failed: null })}>
          Try again
        </button>
      </div>
    );
  }
}
