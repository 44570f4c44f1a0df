import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { sessionUser } from '../../../test/sessionFactory';

const auth = vi.hoisted(() => ({ logouts: 0 }));
vi.mock('../authService', () => ({
  logout: async () => {
    auth.logouts += 1;
  },
}));

// The key exchange is tested in passwordCrypto.test.ts; here a cipher shows what it wraps.
vi.mock('../passwordCrypto', () => ({
  passwordEncrypter: async () => async (plain: string) => `enc(${plain})`,
}));

const { ChangePasswordDialog } = await import('./ChangePasswordDialog');

/** The server's answer to the status call: the signed-in account, with or without an email. */
const serveStatus = (hasEmail: boolean, posted: { url: string; body: unknown }[] = []) => {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    if (init?.method === 'POST') {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    const result = {
      id: 'u1',
      username: 'clerk',
      name: 'Clerk',
      verify: 1,
      enabled: true,
      rejectReason: null,
      permissions: [],
      hasEmail,
    };
    return new Response(JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
};

const signIn = () =>
  useSessionStore.setState({
    token: 'tok',
    isLogin: true,
    user: sessionUser({ name: 'Clerk', username: 'clerk' }),
  });

const renderDialog = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
};

describe('ChangePasswordDialog', () => {
  beforeEach(() => {
    auth.logouts = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null, isLogin: false, user: null });
  });

  it('offers "log out and contact the administrator" when the account has no email, and logs out', async () => {
    serveStatus(false);
    signIn();
    const { onClose } = renderDialog();
    const button = await screen.findByTestId('password-contact-admin');
    expect(button).toHaveTextContent('Log out and contact the administrator');
    expect(screen.getByTestId('password-no-email')).toHaveTextContent('No email address is on record');
    expect(screen.queryByTestId('password-send-code')).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(auth.logouts).toBe(1));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the email-code form alone when the account has an email', async () => {
    const calls = serveStatus(true);
    signIn();
    renderDialog();
    await waitFor(() => expect(calls.some((url) => url.includes('getUserStatus'))).toBe(true));
    fireEvent.click(await screen.findByText('Email code'));
    await waitFor(() => expect(screen.getByTestId('password-send-code')).toBeEnabled());
    expect(screen.queryByTestId('password-contact-admin')).toBeNull();
    expect(screen.queryByTestId('password-no-email')).toBeNull();
  });

  it('changes the password of an account without email with the current one', async () => {
    const posted: { url: string; body: unknown }[] = [];
    serveStatus(false, posted);
    signIn();
    const { onClose } = renderDialog();
    await screen.findByTestId('password-no-email');
    fireEvent.change(screen.getByTestId('password-current'), { target: { value: 'Old#Pass1' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'New#Pass12' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'New#Pass12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    expect(posted).toEqual([
      {
        url: expect.stringContaining('/oauth/v1/oauth/registry/changePassword'),
        body: {
          currentPassword: 'enc(Old#Pass1)',
          newPassword: 'enc(New#Pass12)',
          confirempsd: 'enc(New#Pass12)',
        },
      },
    ]);
  });

  it('opens empty again after it was closed with something typed', async () => {
    serveStatus(false);
    signIn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const at = (open: boolean) => (
      <QueryClientProvider client={client}>
        <ChangePasswordDialog open={open} onClose={() => undefined} />
      </QueryClientProvider>
    );
    const { rerender } = render(at(true));
    fireEvent.change(await screen.findByTestId('password-current'), { target: { value: 'Typed#1' } });
    rerender(at(false));
    await waitFor(() => expect(screen.queryByTestId('password-current')).toBeNull(), { timeout: 10_000 });
    rerender(at(true));
    expect(await screen.findByTestId('password-current')).toHaveValue('');
  });

  it('does not ask about a signed-out visitor (the login page), who has no one to log out', async () => {
    const calls = serveStatus(false);
    renderDialog();
    await screen.findByTestId('password-send-code');
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('password-contact-admin')).toBeNull();
  });
});
