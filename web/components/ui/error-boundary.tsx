import { Component, type ReactNode } from "react";
import { i18n } from "../../i18n";
import { isServerReachable, probeServer, subscribeConnection } from "../../lib/connection";
import "../../i18n/areas/ui";

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Runs before a retry renders the children again (e.g. forgets failed lazy chunks). */
  onRetry?: () => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** A lazy chunk that did not load: the server is down or a new version replaced it. */
function isChunkError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically|Load failed/i.test(
    error.message,
  );
}

/**
 * Catches a screen that failed to render (typically a lazy chunk that could not load while
 * the server was unreachable) and shows a panel with Retry instead of a blank page. It
 * retries by itself when the server answers again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };
  private unsubscribe?: () => void;

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error) {
    // A chunk that did not load: find out whether the server is gone (the banner shows).
    if (isChunkError(error)) void probeServer();
  }

  override componentDidMount() {
    this.unsubscribe = subscribeConnection((reachable) => {
      if (reachable && this.state.error) this.retry();
    });
  }

  override componentWillUnmount() {
    this.unsubscribe?.();
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const offline = isChunkError(error) || !isServerReachable();
    return (
      <div role="alert" className="card mx-auto mt-12 max-w-md bg-base-100 shadow">
        <div className="card-body items-center text-center">
          <h1 className="text-xl font-bold">
            {offline ? i18n.t("ui.errorBoundary.notLoaded") : i18n.t("errors.fallback")}
          </h1>
          <p className="text-base-content/80">
            {offline
              ? i18n.t("ui.errorBoundary.notLoadedText")
              : i18n.t("ui.errorBoundary.failedText")}
          </p>
          <button type="button" className="btn btn-primary mt-2" onClick={this.retry}>
            {i18n.t("ui.retry")}
          </button>
        </div>
      </div>
    );
  }
}
