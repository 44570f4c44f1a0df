import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyTaskForm } from '../lib/taskForm';
import { SnListInput, useTypedSnsRule } from './SnListInput';
import { TimingFields } from './TimingFields';
import { TypeParamsFields } from './TypeParamsFields';

/** antd validates asynchronously; a busy machine needs more than the default second. */
const WAIT = { timeout: 10_000 };

// The pickers' lists come from the server, which these tests do not start: their queries stay idle.
const idle = () => new QueryClient({ defaultOptions: { queries: { enabled: false } } });

const Harness = ({ children }: { children: React.ReactNode }) => {
  const [form] = Form.useForm();
  const [client] = useState(idle);
  return (
    <QueryClientProvider client={client}>
      <Form form={form} initialValues={emptyTaskForm()} layout="vertical">
        {children}
      </Form>
    </QueryClientProvider>
  );
};

/** Renders form parts inside a task form with idle pickers. */
const renderInForm = (ui: React.ReactNode) => render(<Harness>{ui}</Harness>);

describe('TypeParamsFields', () => {
  it('refuses a shell command that reboots, however it is quoted, as it is typed', async () => {
    renderInForm(<TypeParamsFields type="command" platform="android" available />);
    const input = screen.getByTestId('task-param-command');
    fireEvent.change(input, { target: { value: 'sync && "re"boot' } });
    expect(await screen.findByText(/must not contain shutdown or reboot/, {}, WAIT)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'getprop ro.build.version.release' } });
    await waitFor(() => expect(screen.queryByText(/must not contain shutdown or reboot/)).toBeNull(), WAIT);
  });

  it('refuses a path ending in a backslash and a path of the other platform', async () => {
    renderInForm(<TypeParamsFields type="file_push" platform="windows" available />);
    const input = screen.getByTestId('task-param-path');
    fireEvent.change(input, { target: { value: 'C:\\POS\\' } });
    expect(
      await screen.findByText("A path's last character cannot be a backslash", {}, WAIT),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '/sdcard/Download' } });
    expect(
      await screen.findByText('Enter an absolute path, like C:\\POS\\data', {}, WAIT),
    ).toBeInTheDocument();
  });

  it('says when the server cannot run a type yet', () => {
    renderInForm(<TypeParamsFields type="app_install" platform="android" available={false} />);
    expect(screen.getByTestId('task-type-unavailable')).toHaveTextContent('come with the app market');
  });
});

describe('TimingFields', () => {
  it('shows the fields of each schedule and the next cron runs in the user time zone', async () => {
    renderInForm(<TimingFields />);
    expect(screen.getByTestId('task-timezone')).toHaveTextContent(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(screen.queryByTestId('task-every-minutes')).toBeNull();
    fireEvent.click(screen.getByText('Interval'));
    expect(await screen.findByTestId('task-every-minutes', {}, WAIT)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('task-every-minutes'), { target: { value: '150' } });
    expect(await screen.findByText(/2 h 30 min/, {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByText('Cron'));
    fireEvent.change(await screen.findByTestId('task-cron', {}, WAIT), { target: { value: '0 2 * * *' } });
    expect(await screen.findByTestId('task-cron-runs', {}, WAIT)).toHaveTextContent(/Next runs: .*02:00/);
    fireEvent.change(screen.getByTestId('task-cron'), { target: { value: 'every night' } });
    expect(await screen.findByTestId('task-cron-error', {}, WAIT)).toBeInTheDocument();
  });
});

/** The SN list with its value held by the test, shown for checking. */
const Controlled = ({ unreachable }: { unreachable?: string[] }) => {
  const [sns, setSns] = useState<string[]>(['P2000001']);
  return (
    <>
      <SnListInput value={sns} onChange={setSns} unreachable={unreachable} canImport={false} />
      <output data-testid="value">{sns.join(',')}</output>
    </>
  );
};

describe('SnListInput', () => {
  it('adds pasted SNs once, upper-cased, and names the entries that are not SNs', async () => {
    render(<Controlled />);
    fireEvent.change(screen.getByTestId('task-sns-text'), {
      target: { value: 'p2000002\nP2000001, P2000003;  ab' },
    });
    fireEvent.click(screen.getByTestId('task-sns-add'));
    expect(screen.getByTestId('value')).toHaveTextContent('P2000001,P2000002,P2000003');
    expect(screen.getByTestId('task-sns-notice')).toHaveTextContent(
      'Added 2. 1 already listed. 1 not serial numbers: ab',
    );
    expect(screen.getByTestId('task-sns-count')).toHaveTextContent('SNs chosen: 3');
    // Only the bad entry stays, to be corrected.
    expect(screen.getByTestId('task-sns-text')).toHaveValue('ab');
  });

  it('removes one SN, the unreachable ones, or all', async () => {
    const { unmount } = render(<Controlled unreachable={['P2000001']} />);
    fireEvent.change(screen.getByTestId('task-sns-text'), { target: { value: 'P2000002 P2000003' } });
    fireEvent.click(screen.getByTestId('task-sns-add'));
    fireEvent.click(screen.getByTestId('task-sns-drop-missing'));
    expect(screen.getByTestId('value')).toHaveTextContent(/^P2000002,P2000003$/);
    fireEvent.click(screen.getByTestId('task-sns-clear'));
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
    unmount();
  });
});

/** An SN field in a form, as the task and whitelist forms have it, saved with the button. */
const SnForm = ({ onSave }: { onSave: (sns: string[]) => void }) => {
  const [form] = Form.useForm<{ sns: string[] }>();
  const typed = useTypedSnsRule('sns');
  return (
    <Form form={form} initialValues={{ sns: [] }} onFinish={(v) => onSave(v.sns)}>
      <Form.Item name="sns" rules={[typed.rule]}>
        <SnListInput typed={typed.typed} canImport={false} />
      </Form.Item>
      <button type="submit" data-testid="save">
        save
      </button>
    </Form>
  );
};

describe('SnListInput in a form', () => {
  it('counts SNs typed but not added when the form is saved', async () => {
    const saved: string[][] = [];
    render(<SnForm onSave={(sns) => saved.push(sns)} />);
    const box = screen.getByTestId('task-sns-text');
    fireEvent.change(box, { target: { value: 'P2000001, p2000002' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(saved).toEqual([['P2000001', 'P2000002']]), WAIT);
  });

  it('refuses the save while the box holds entries that are not SNs, saying so', async () => {
    const saved: string[][] = [];
    render(<SnForm onSave={(sns) => saved.push(sns)} />);
    const box = screen.getByTestId('task-sns-text');
    fireEvent.change(box, { target: { value: 'P2000001 ab' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(
      await screen.findByText(/entries in the box are not serial numbers and were not added/, {}, WAIT),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(saved).toEqual([['P2000001']]), WAIT);
  });
});
