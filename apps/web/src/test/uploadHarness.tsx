import { Card } from 'antd';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../app/AppProviders';
import { initI18n } from '../i18n';
import { useSessionStore } from '../shared/session/sessionStore';
import { useSettingsStore } from '../shared/settings/settingsStore';
import { Upload } from '../shared/upload/Upload';
import { rulesForKind, uploadUrlForKind } from '../shared/upload/uploadRules';
import '../styles/global.css';

/**
 * Hosts the upload component for the browser suite until a product page uses it: the real
 * component, sending to the server's real upload endpoint with the session the suite signed in.
 * Served by Vite from the suite only; never part of the console build.
 */
const params = new URLSearchParams(window.location.search);
initI18n(params.get('lang') === 'cn' ? 'cn' : 'en');
useSettingsStore.setState({ themeMode: params.get('theme') === 'dark' ? 'dark' : 'light' });
useSessionStore.setState({ token: params.get('token') });

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <AppProviders>
      <div className="cpm-content" style={{ minHeight: '100vh', background: 'var(--ant-color-bg-layout)' }}>
        <Card variant="borderless" style={{ maxWidth: 960, margin: '0 auto' }} data-testid="upload-harness">
          <Upload
            action={uploadUrlForKind('systemFile')}
            rules={rulesForKind('systemFile', { maxCount: 10, plainName: true })}
          />
        </Card>
      </div>
    </AppProviders>,
  );
