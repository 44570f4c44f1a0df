import { LIMITS } from '@cpm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ logoutAt: [] as number[] }));
vi.mock('../authService', () => ({
  logout: async () => {
    auth.logoutAt.push(Date.now());
  },
}));
vi.mock('../passwordCrypto', () => ({
  passwordEncrypter: async () => async (plain: string) => `encrypted:${plain}`,
}));

const { ChangePasswordDialog } = await import('./ChangePasswordDialog');

describe('changing the password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form with both passwords encrypted and logs out 2 seconds after code 1', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/updateNewPassword')) bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result: null }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    let closedAt = 0;
    const onClose = vi.fn(() => {
      closedAt = Date.now();
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChangePasswordDialog open onClose={onClose} />
      </QueryClientProvider>,
    );
    const fill = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });
    fill('password-name', 'clerk');
    fill('password-email', 'clerk@shop.test');
    fill('password-email-code', '123456');
    fill('password-new', 'Clerk#New1');
    fill('password-confirm', 'Clerk#New1');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        name: 'clerk',
        email: 'clerk@shop.test',
        emailCaptcha: '123456',
        newPassword: 'encrypted:Clerk#New1',
        confirempsd: 'encrypted:Clerk#New1',
        sysCode: 'cpm',
        isEnglish: 1,
      },
    ]);
    expect(auth.logoutAt).toEqual([]);
    await waitFor(() => expect(auth.logoutAt).toHaveLength(1), {
      timeout: LIMITS.logoutAfterPasswordChangeMs + 2000,
    });
    // The dialog closes on the answer and the logout follows the spec's delay later.
    expect(auth.logoutAt[0] - closedAt).toBeGreaterThanOrEqual(LIMITS.logoutAfterPasswordChangeMs - 20);
    expect(LIMITS.logoutAfterPasswordChangeMs).toBe(2000);
  });
});
