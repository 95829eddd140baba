import { test, expect, ready, entries } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import * as fs from 'fs';

const pages = [
  'en/',
  'de/',
  ...entries.en.map((s) => `en/${s}`),
  ...entries.de.map((s) => `de/${s}`),
  'en/does-not-exist',
];

for (const path of pages) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no serious accessibility violations on ${path} (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await ready(page);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      if (colorScheme === 'light' && !path.includes('does-not-exist')) {
        fs.mkdirSync('target/e2e-screenshots', { recursive: true });
        const name = path.replace(/\/$/, '/index').replace(/\//g, '-');
        await page.screenshot({ path: `target/e2e-screenshots/${name}.png`, fullPage: true });
      }
    });
  }
}

test('every calculator control is reachable by keyboard', async ({ page }) => {
  await page.goto('en/memory-bound');
  await ready(page);
  const controls = await page
    .locator('.calculator input:visible, .calculator select:visible, .calculator button:visible')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).id || (e as HTMLElement).textContent || ''));
  expect(controls.length).toBeGreaterThan(15);
  const reached = new Set<string>();
  await page.locator('body').focus();
  for (let i = 0; i < 200 && reached.size < controls.length; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el && el.closest('.calculator') ? el.id || el.textContent || '' : null;
    });
    if (id !== null) reached.add(id);
  }
  expect(controls.filter((c) => !reached.has(c))).toEqual([]);
});

test('every calculator input has a label', async ({ page }) => {
  await page.goto('de/speicherbandbreite');
  await ready(page);
  const unlabelled = await page
    .locator('.calculator input, .calculator select')
    .evaluateAll((els) => els.filter((e) => !(e as HTMLInputElement).labels?.length).map((e) => e.outerHTML));
  expect(unlabelled).toEqual([]);
});
