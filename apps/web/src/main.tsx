import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { serverReachable } from './shared/serverReachable';
import 'antd/dist/antd.css';
import './styles/global.css';

initI18n();

// A lazily loaded file that could not be fetched has two causes. After a new release the old files
// are gone while the server answers: reload once to pick up the new ones (the flag stops a loop when
// the server itself is broken). With the server unreachable a reload would throw the console away
// for the browser's error page: the page's error panel says so and loads again when it is back.
const RELOAD_FLAG = 'cpm-reloaded-for-new-release';
window.addEventListener('vite:preloadError', () => {
  if (sessionStorage.getItem(RELOAD_FLAG)) return;
  void serverReachable().then((up) => {
    if (!up || sessionStorage.getItem(RELOAD_FLAG)) return;
    sessionStorage.setItem(RELOAD_FLAG, '1');
    window.location.reload();
  });
});
window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOAD_FLAG), 10_000));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
