import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// Evaluated through the debugging protocol, which the console's script policy does not block.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: string[]; html: string; any: { data?: unknown }[] };
type AxeViolation = { id: string; impact: string | null; nodes: AxeNode[] };

/**
 * WCAG 2.1 A and AA findings of the critical and serious kind on what the page shows now, one line
 * each (rule, element, and for contrast the colours), so a failure says what to fix. `within` (a CSS
 * selector) limits the check to one part, such as an open dialog.
 */
export const axeFindings = async (page: Page, within?: string): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(selector ? { include: [selector] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id}: ${n.target.join(' ')} ${v.id === 'color-contrast' ? JSON.stringify(n.any[0]?.data) : n.html.slice(0, 120)}`,
      ),
    );
};
