import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashPage } from './route-crash';

interface State {
  error: unknown;
  componentStack: string | null | undefined;
}

/**
 * Around the whole app: a crash outside the router (its providers) shows the crash page, reported
 * with its component stack, instead of an empty window. Crashes inside a route are the router's
 * errorElement (RouteCrash).
 */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, componentStack: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    // The report waits for the component stack (componentDidCatch comes after the first render).
    if (this.state.componentStack === undefined) return null;
    return <CrashPage error={this.state.error} componentStack={this.state.componentStack} />;
  }
}
