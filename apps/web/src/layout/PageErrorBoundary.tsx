import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * Keeps a failing page (a chunk that did not load, a render error) inside the frame, so the menu and
 * tabs stay usable. Error boundaries can only be classes. The panel is built from what the frame has
 * already loaded (no illustration), so it shows even when the network that failed the page is gone.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="cpm-page-error" role="alert">
        <CloseCircleFilled className="cpm-page-error-icon" />
        <h2>{i18n.t('exception:500.title')}</h2>
        <p>{i18n.t('exception:500.description')}</p>
        <Button type="primary" onClick={() => this.setState({ failed: false })}>
          {i18n.t('common:actions.retry')}
        </Button>
      </div>
    );
  }
}
