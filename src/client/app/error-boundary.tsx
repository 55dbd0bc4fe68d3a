import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback.js';

type State = { hasFailed: false } | { hasFailed: true; error: unknown };

/**
 * Catches what a screen throws while rendering and shows the error fallback page instead of a blank app.
 * React logs the error itself. Try Again renders the children afresh.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { hasFailed: true, error };
  }

  private readonly reset = () => this.setState({ hasFailed: false });

  override render() {
    if (this.state.hasFailed) return <ErrorFallback error={this.state.error} onReset={this.reset} />;
    return this.props.children;
  }
}
