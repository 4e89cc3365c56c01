import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** A new key (a new hash, new data) clears the error and gives the children another chance. */
  resetKey: string;
  /**
   * What is inside, in words (“the chart “Sweep of the prefetch distance””). With it, a
   * rendering error shows a short message in the part's place and the rest of the page stays;
   * without it, this is the page's last line of defence (a message and a way home).
   */
  part?: string;
}

interface State {
  error: Error | null;
  key: string;
}

/** A rendering bug shows a message, never a blank page: one per page, one per chart and panel. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.part)
      return (
        <div className="error-box part-error" role="alert" data-testid="part-error">
          <p>
            <strong>{capitalise(this.props.part)} could not be shown.</strong> {error.message}
          </p>
          <p>The rest of the page is not affected.</p>
        </div>
      );
    return (
      <main id="main" className="page-error" role="alert">
        <h1>Something went wrong</h1>
        <p>{error.message}</p>
        <p>
          <a href="#/">Back to the papers</a>
        </p>
      </main>
    );
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
