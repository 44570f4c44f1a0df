import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppInstallFields } from './AppInstallFields';

const WAIT = { timeout: 10_000 };
const envelope = (result: unknown) =>
  new Response(JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result }), {
    headers: { 'content-type': 'application/json' },
  });
const version = { id: 'v-gray', versionCode: 7, versionName: '1.7.0', reviewStatus: 'approved', size: 1 };

/** The market holds one app, released only gray. */
const serveMarket = () =>
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/market/getPage'))
      return envelope({
        total: 1,
        records: [
          {
            id: 'app-1',
            platform: 'android',
            name: 'Cashier',
            packageName: 'com.example.cashier',
            current: null,
            latest: { ...version, releaseStatus: 'gray' },
          },
        ],
      });
    if (url.includes('/version/getList'))
      return envelope([
        {
          ...version,
          releaseStatus: 'gray',
          appId: 'app-1',
          appName: 'Cashier',
          packageName: 'com.example.cashier',
          platform: 'android',
          releasedAt: null,
        },
      ]);
    return envelope(null);
  });

const Harness = () => {
  const [form] = Form.useForm();
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form form={form} layout="vertical">
        <AppInstallFields platform="android" rules={() => []} />
      </Form>
    </QueryClientProvider>
  );
};

/** Opens an antd select by its test id and picks the option showing `text`. */
const pick = async (testId: string, text: string) => {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content span' }, WAIT));
};

describe('AppInstallFields', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('picks the app by name and, without an official release, asks for a gray version by name', async () => {
    serveMarket();
    render(<Harness />);
    await pick('task-param-appId', 'Cashier');
    expect(
      await screen.findByText(
        'This app has no officially released version: choose a gray-released one.',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    await pick('task-param-versionId', '1.7.0 (7)');
    await waitFor(
      () => expect(screen.getByTestId('task-param-versionId')).toHaveTextContent('1.7.0 (7)'),
      WAIT,
    );
  }, 60_000);
});
