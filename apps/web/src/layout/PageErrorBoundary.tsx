import { CloseCircleFilled, DisconnectOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { retryFailedLazies } from '../shared/retryableLazy';
import { isChunkLoadError, SERVER_PROBE_MS, serverReachable } from '../shared/serverReachable';

/** How long a page whose code fails while the server answers waits before it is tried again. */
export const UP_RETRY_GAP_MS = 60_000;

type Props = { children: ReactNode; resetKey?: unknown };
type State = { failed: boolean; network: boolean; resetKey?: unknown };

/**
 * Keeps a failing page (a chunk that did not load, a render error) inside the frame, so the menu and
 * tabs stay usable. Error boundaries can only be classes. The panel is built from what the frame has
 * already loaded (no illustration), so it shows even when the network that failed the page is gone.
 *
 * A page whose code could not be fetched because the server is unreachable says so ("network
 * connection failed") and loads itself again once the server answers; `resetKey` (the header's
 * refresh) also tries again.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, network: false, resetKey: this.props.resetKey };

  constructor(props: Props) {
    super(props);
    // A visit to a page: code that failed to load before is fetched again.
    retryFailedLazies();
  }
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A probe failed during this outage: the server's return means the page can load again. */
  private wasDown = false;
  /** When the page was last loaded again with no probe having seen the server down. */
  private retriedWhileUpAt = Number.NEGATIVE_INFINITY;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, network: isChunkLoadError(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    retryFailedLazies();
    return { resetKey: props.resetKey, failed: false, network: false };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) this.watchServer();
  }

  override componentWillUnmount() {
    this.stopWatching();
  }

  private stopWatching() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private watchServer(delay = SERVER_PROBE_MS) {
    this.stopWatching();
    this.timer = setTimeout(async () => {
      this.timer = null;
      if (!this.state.failed) return;
      if (await serverReachable()) {
        // Back after an outage, or answering at the first probe already (it came back within one
        // interval): load again. Code that cannot be fetched while the server answers all along is a
        // missing file, not the network, so that is tried again at most once a minute, never in a loop.
        const wait = this.wasDown ? 0 : this.retriedWhileUpAt + UP_RETRY_GAP_MS - Date.now();
        if (wait > 0) return this.watchServer(wait);
        if (!this.wasDown) this.retriedWhileUpAt = Date.now();
        return this.retry();
      }
      this.wasDown = true;
      this.watchServer();
    }, delay);
  }

  private retry = () => {
    this.stopWatching();
    this.wasDown = false;
    retryFailedLazies();
    this.setState({ failed: false, network: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    const network = this.state.network;
    return (
      <div className="cpm-page-error" role="alert" data-testid={network ? 'page-offline' : 'page-error'}>
        {network ? (
          <DisconnectOutlined className="cpm-page-error-icon" />
        ) : (
          <CloseCircleFilled className="cpm-page-error-icon" />
        )}
        <h2>{network ? i18n.t('common:message.networkFailed') : i18n.t('exception:500.title')}</h2>
        <p>{network ? i18n.t('common:offline.description') : i18n.t('exception:500.description')}</p>
        <Button type="primary" onClick={this.retry} data-testid="page-error-retry">
          {i18n.t('common:actions.retry')}
        </Button>
      </div>
    );
  }
}
