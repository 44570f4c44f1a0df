import { render, screen, waitFor } from '@testing-library/react';
import { Fragment, lazy, Suspense } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/sessionStore';
import { HOME_PATH } from '../../shared/worktabs/worktabRules';
import { useWorktabStore } from '../../shared/worktabs/worktabStore';
import { defaultMenuNodes } from '../../test/menuFactory';
import { ROUTER_OPTIONS, useWorktabSync } from './useWorktabSync';

/** A page whose code never arrives, as on a slow network. */
const NeverLoads = lazy(() => new Promise<never>(() => undefined));

/** The frame's shape: the page in a Suspense boundary of its own for every address. */
const Frame = () => {
  useWorktabSync();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <button type="button" onClick={() => navigate('/user/role')}>
        roles
      </button>
      <button type="button" onClick={() => navigate('/device/index')}>
        devices
      </button>
      <Fragment key={pathname}>
        <Suspense fallback={<p>loading</p>}>
          <Outlet />
        </Suspense>
      </Fragment>
    </>
  );
};

const paths = () => useWorktabStore.getState().tabs.map((t) => t.path);
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('useWorktabSync', () => {
  beforeEach(() => {
    useSessionStore.setState({ menuList: defaultMenuNodes() });
    useWorktabStore.getState().clear();
    // React schedules as in a browser: a click is not flushed with everything queued after it.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('adds each page’s tab from the address, before its lazy page has rendered', async () => {
    render(
      <MemoryRouter {...ROUTER_OPTIONS} initialEntries={[HOME_PATH]}>
        <Routes>
          <Route element={<Frame />}>
            <Route path={HOME_PATH} element={<p>home</p>} />
            <Route path="/user/role" element={<NeverLoads />} />
            <Route path="/device/index" element={<NeverLoads />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(paths()).toEqual([HOME_PATH]));
    // The second click comes before the first page's code (which never arrives).
    screen.getByText('roles').click();
    await Promise.resolve();
    screen.getByText('devices').click();
    await waitFor(() => expect(paths()).toEqual([HOME_PATH, '/user/role', '/device/index']));
    expect(useWorktabStore.getState().current).toBe('/device/index');
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
