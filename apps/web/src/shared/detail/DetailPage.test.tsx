import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { DescriptionList } from './DescriptionList';
import { DetailPage } from './DetailPage';
import { stepTab } from './DetailTabStrip';
import { pickTab } from './useTabParam';

const Where = () => <output data-testid="where">{useLocation().search}</output>;
const Path = () => <output data-testid="path">{useLocation().pathname}</output>;

const page = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <DetailPage
        title="Till 7"
        subtitle="SN P2-0007"
        status={<span>online</span>}
        actions={<button type="button">Fetch log</button>}
        back={{ to: '/device/index', label: 'Back to My Devices' }}
        tabs={[
          { key: 'overview', label: 'Overview', children: <p>overview body</p> },
          { key: 'hardware', label: 'Hardware', children: <p>hardware body</p> },
          { key: 'secret', label: 'Secret', children: <p>secret body</p>, hidden: true },
        ]}
      />
      <Where />
    </MemoryRouter>,
  );

describe('DetailPage', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('shows the header with title, subtitle, status and actions', () => {
    page('/device/deviceDetail/P2-0007');
    const header = screen.getByTestId('detail-header');
    expect(header).toHaveTextContent('Till 7');
    expect(header).toHaveTextContent('SN P2-0007');
    expect(header).toHaveTextContent('online');
    expect(screen.getByRole('button', { name: 'Fetch log' })).toBeInTheDocument();
  });

  it('opens the tab named in the address and writes the chosen tab back', async () => {
    page('/d?tab=hardware');
    expect(screen.getByRole('tab', { name: 'Hardware', selected: true })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    // The first tab is the default, so the address drops the parameter.
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Hardware' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=hardware');
  });

  it('holds only tabs in its tab strip, one of them in the Tab order, moved between with the arrow keys', async () => {
    page('/d');
    const strip = screen.getByRole('tablist');
    expect([...strip.children].map((child) => child.getAttribute('role'))).toEqual(['tab', 'tab']);
    const overview = screen.getByRole('tab', { name: 'Overview', selected: true });
    expect(overview).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Hardware' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', overview.id);
    overview.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Hardware', selected: true })).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=hardware');
  });

  it('steps between tabs with wrap-around and jumps with Home and End', () => {
    const keys = ['a', 'b', 'c'];
    expect(stepTab(keys, 'c', 'ArrowRight')).toBe('a');
    expect(stepTab(keys, 'a', 'ArrowLeft')).toBe('c');
    expect(stepTab(keys, 'b', 'Home')).toBe('a');
    expect(stepTab(keys, 'a', 'End')).toBe('c');
    expect(stepTab(keys, 'a', 'Enter')).toBeUndefined();
  });

  it('answers a missing record with the way back to its list, in both languages', async () => {
    const missing = () =>
      render(
        <MemoryRouter initialEntries={['/device/deviceDetail/NOSUCHSN']}>
          <DetailPage
            title="NOSUCHSN"
            tabs={[]}
            notFound
            back={{ to: '/device/index', label: 'Back to My Devices' }}
            testId="device-detail-page"
          />
          <Where />
          <Path />
        </MemoryRouter>,
      );
    const { unmount } = missing();
    expect(screen.getByTestId('detail-not-found')).toHaveTextContent('Nothing was found at this address');
    await userEvent.setup().click(screen.getByRole('button', { name: /Back to My Devices/ }));
    expect(screen.getByTestId('path')).toHaveTextContent('/device/index');
    unmount();
    await changeLanguage('cn');
    missing();
    expect(screen.getByTestId('detail-not-found')).toHaveTextContent('此地址没有找到内容');
    expect(screen.getByTestId('detail-back')).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('falls back to the first tab for an unknown or hidden one', () => {
    page('/d?tab=secret');
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Secret' })).toBeNull();
    expect(pickTab('nope', ['a', 'b'])).toBe('a');
    expect(pickTab('b', ['a', 'b'])).toBe('b');
    expect(pickTab(null, [])).toBe('');
  });
});

describe('DescriptionList', () => {
  it('shows a dash for empty values', () => {
    render(
      <DescriptionList
        testId="dl"
        items={[
          { key: 'a', label: 'Model', value: 'P2' },
          { key: 'b', label: 'Store', value: null },
          { key: 'c', label: 'IP', value: '' },
        ]}
      />,
    );
    const cells = screen.getByTestId('dl').querySelectorAll('.ant-descriptions-item-content');
    expect([...cells].map((c) => c.textContent)).toEqual(['P2', '-', '-']);
  });
});
