import net from 'node:net';
import { checkAccessibility, withFindings } from '../support/accessibility';
import { switchLanguage } from '../support/console';
import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshot';

test.describe('audit stream', () => {
  test('saves a receiver, sends it a test event and shows the state', async ({ page }) => {
    const received: Buffer[] = [];
    const receiver = net.createServer((s) => s.on('data', (d) => received.push(d)));
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as net.AddressInfo).port;
    try {
      await page.goto('/user/auditStream');
      await expect(page.getByTestId('audit-state')).toBeVisible(PAGE_LOAD);
      await page.getByTestId('audit-host').fill('127.0.0.1');
      await page.getByTestId('audit-port').fill(String(port));
      // A plain TCP receiver: TLS, on by default, goes off.
      await expect(page.getByTestId('audit-tls')).toBeChecked();
      await page.getByTestId('audit-tls').click();
      const saved = page.waitForResponse((r) => r.url().includes('/auditStream/save'));
      await page.getByTestId('audit-save').click();
      expect((await saved).ok()).toBe(true);
      await page.getByTestId('audit-test').click();
      await expect(page.getByTestId('audit-test-result')).toContainText('sent to the receiver');
      await expect
        .poll(() => Buffer.concat(received).toString('utf8'))
        .toContain(' auditStream.test [cpm@32473 ');
      await expect(page.getByTestId('audit-lag')).toHaveText(/^\d+$/);
      const findings: Record<string, string[]> = {};
      await checkAccessibility(page, '/user/auditStream', findings);
      expect(withFindings(findings)).toEqual({});
      await saveScreenshot(page, 'audit-stream', 'en', 'light');
      if (SCREENSHOTS) {
        await switchLanguage(page, 'cn');
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(page.getByTestId('audit-state')).toContainText('游标');
        await saveScreenshot(page, 'audit-stream', 'cn', 'light');
      }
    } finally {
      receiver.close();
    }
  });
});
