import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { Auth } from './Auth';

describe('Auth', () => {
  beforeEach(() => useSessionStore.setState({ permissions: ['device:terminal:add'] }));

  it('shows granted elements and removes the rest', () => {
    render(
      <>
        <Auth permission="device:terminal:add">
          <button type="button">add</button>
        </Auth>
        <Auth permission="device:terminal:delete">
          <button type="button">delete</button>
        </Auth>
      </>,
    );
    expect(screen.getByText('add')).toBeInTheDocument();
    expect(screen.queryByText('delete')).toBeNull();
  });

  it('removes everything when the user has no permissions', () => {
    useSessionStore.setState({ permissions: [] });
    render(
      <Auth permission="device:terminal:add">
        <button type="button">add</button>
      </Auth>,
    );
    expect(screen.queryByText('add')).toBeNull();
  });

  it('refuses a misspelt key at compile time', () => {
    render(
      // @ts-expect-error: 'device:terminal:ad' is not a key of the menu tree.
      <Auth permission="device:terminal:ad">
        <button type="button">typo</button>
      </Auth>,
    );
    expect(screen.queryByText('typo')).toBeNull();
  });
});
