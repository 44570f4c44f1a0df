import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * Keeps a failing page (a chunk that did not load, a render error) inside the frame, so the menu and
 * tabs stay usable. Error boundaries can only be classes.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="500"
        title={i18n.t('exception:500.title')}
        subTitle={i18n.t('exception:500.description')}
        extra={
          <Button type="primary" onClick={() => this.setState({ failed: false })}>
            {i18n.t('common:actions.retry')}
          </Button>
        }
      />
    );
  }
}
