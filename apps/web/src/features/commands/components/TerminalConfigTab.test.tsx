import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { filterProperties, TerminalConfigTab } from './TerminalConfigTab';

const properties = [
  { key: 'ro.serialno', value: 'CFGSIM000001' },
  { key: 'ro.product.model', value: 'SIM-P2' },
  { key: 'sys.battery.level', value: '87' },
];

describe('filterProperties', () => {
  it('keeps the properties whose name or value contains the text, in any case', () => {
    expect(filterProperties(properties, 'BATTERY').map((p) => p.key)).toEqual(['sys.battery.level']);
    expect(filterProperties(properties, 'cfgsim').map((p) => p.key)).toEqual(['ro.serialno']);
    expect(filterProperties(properties, ' ro. ').map((p) => p.key)).toEqual([
      'ro.serialno',
      'ro.product.model',
    ]);
  });

  it('keeps everything for an empty search and nothing for a text no property has', () => {
    expect(filterProperties(properties, '  ')).toEqual(properties);
    expect(filterProperties(properties, 'wifi')).toEqual([]);
  });
});

describe('TerminalConfigTab', () => {
  // The server's answer for a terminal that never reported its properties.
  const noConfig = {
    code: 404,
    message: '该SN没有配置信息',
    messageEn: 'SN has no configuration information',
    msg: '该SN没有配置信息',
    result: null,
  };
  const mount = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TerminalConfigTab terminal={{ sn: 'CFGSIM000001', online: true }} />
      </QueryClientProvider>,
    );

  beforeEach(() => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(noConfig)));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it("shows the server's text in the language on screen, switching with it", async () => {
    useSessionStore.setState({ permissions: [] });
    mount();
    expect(await screen.findByText('SN has no configuration information')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByText('该SN没有配置信息')).toBeInTheDocument();
  });

  it('offers to ask the terminal only to users who may run remote commands', async () => {
    useSessionStore.setState({ permissions: [] });
    const { unmount } = mount();
    await screen.findByText('SN has no configuration information');
    expect(screen.queryByTestId('device-config-request')).toBeNull();
    unmount();
    useSessionStore.setState({ permissions: ['remote:command:command'] });
    mount();
    expect(await screen.findByTestId('device-config-request')).toBeEnabled();
  });
});
