import { test, expect, live, reach } from './fixtures';

// No sideways scrolling at 360 px on every page, and every entry coming alive:
// e2e/pages.spec.ts.

test('the colour scheme switches, redraws the charts and is remembered', async ({ page, problems }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('en/memory-bound');
  await live(page);
  await expect(page.locator('figure.chart.painted')).toHaveCount(2);
  const corner = () =>
    page
      .locator('figure[data-chart="roofline"] canvas')
      .evaluate((c: HTMLCanvasElement) => Array.from(c.getContext('2d')!.getImageData(2, 2, 1, 1).data.slice(0, 3)));
  expect(await corner()).toEqual([255, 255, 255]);
  await page.getByRole('button', { name: 'Colors: system' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(corner).toEqual([24, 26, 31]);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(24, 26, 31)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('de/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Farben: dunkel' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // Third: back to the system's scheme, and nothing remembered.
  await page.getByRole('button', { name: 'Farben: hell' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('a wide table on a phone scrolls from the keyboard, inside its named box', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('en/gpu');
  // The app's page: a box taken over while a key scrolls it would lose that one press.
  await live(page);
  const box = page.getByRole('group', { name: 'Table' }).first();
  // Reached as a reader reaches it (text out of view is laid out when it nears).
  await reach(box);
  await expect.poll(() => box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await box.focus();
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

