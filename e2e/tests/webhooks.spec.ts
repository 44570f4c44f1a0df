import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { pictured, SIZES_TO_PICTURE, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

test.describe('webhooks', () => {
  test('a subscription made on the page shows its secret once and its test ping arrives, signed', async ({
    page,
  }) => {
    const received: { eventId: string; signature: string; type: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        received.push({
          eventId: String(req.headers['x-cpm-event-id']),
          signature: String(req.headers['x-cpm-signature']),
          type: JSON.parse(body).type,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await page.goto('/user/webhooks');
      await page.getByTestId('webhook-add').click();
      const form = page.getByTestId('webhook-form');
      await form.getByLabel('Name').fill('Till events');
      await form.getByLabel('URL').fill(url);
      await form.getByTestId('webhook-events').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Terminal online' })
        .click();
      await page.keyboard.press('Escape');
      await page.getByTestId('webhook-form-save').click();
      await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      const row = page.getByRole('row', { name: /Till events/ });
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: 'Send test' }).click();
      await expect.poll(() => received.map((r) => r.type)).toEqual(['webhook.ping']);
      expect(received[0].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByTestId('webhook-deliveries');
      await expect(log.getByRole('row', { name: /webhook\.ping.*Delivered.*204/ })).toBeVisible();
      // On demand (E2E_SCREENSHOTS): the list and the delivery log in both languages, themes and widths.
      for (const size of SIZES_TO_PICTURE)
        for (const language of ['en', 'cn'] as const)
          for (const theme of THEMES) {
            if (!pictured(size.width, language, theme)) continue;
            await page.setViewportSize(size);
            await page.goto('/user/webhooks');
            await switchLanguage(page, language);
            await setTheme(page, theme);
            await settle(page);
            await saveScreenshot(page, 'webhooks', language, theme);
            await page
              .getByTestId('webhooks-page')
              .getByRole('row')
              .nth(1)
              .getByRole('button')
              .first()
              .click();
            await settle(page);
            await saveScreenshot(page, 'webhooks-deliveries', language, theme);
          }
    } finally {
      receiver.close();
    }
  });
});
