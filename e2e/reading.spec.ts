import { test, expect, ready, live, entries, withCalculator, seriousViolations } from './fixtures';

const pages = ['en/', 'de/', ...entries.en.map((s) => `en/${s}`), ...entries.de.map((s) => `de/${s}`)];

for (const path of pages) {
  test(`no sideways scrolling at 360 px on ${path}`, async ({ page, problems }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await ready(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A section's `#` link stays on the line of its heading's last word, a target of
    // at least 24 px.
    const alone = await page.locator('.prose :is(h2, h3):has(.heading-anchor)').evaluateAll((headings) =>
      headings.flatMap((h) => {
        const anchor = h.querySelector('.heading-anchor')!;
        const line = (node: Node, from: number, to: number) => {
          const range = document.createRange();
          range.setStart(node, from);
          range.setEnd(node, to);
          const r = range.getClientRects();
          return r[r.length - 1];
        };
        const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
        let last: Text | null = null;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!anchor.contains(n) && n.textContent!.trim()) last = n as Text;
        }
        const end = last!.data.trimEnd().length;
        const word = line(last!, end - 1, end);
        const hash = line(anchor.firstChild!, 0, 1);
        const target = anchor.getBoundingClientRect();
        const together = Math.abs(word.top + word.height / 2 - (hash.top + hash.height / 2)) < word.height / 2;
        // WCAG 2.2's minimum target (2.5.8): 24 by 24 CSS pixels.
        return together && target.width >= 24 && target.height >= 24 ? [] : [h.id];
      }),
    );
    expect(alone).toEqual([]);
    // What does not fit scrolls inside itself (wide tables, long formulas); a
    // keyboard must be able to reach it, and axe holds the page to that.
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const lang of ['en', 'de'] as const) {
  for (const slug of entries[lang]) {
    test(`${lang}/${slug} comes alive: figures, calculator and charts`, async ({ page, problems }) => {
      await page.goto(`${lang}/${slug}`);
      await live(page);
      await expect(page.locator('article h1')).toBeVisible();
      // No unfilled template; no NaN among computed figures (the prose may name NaN,
      // as the entry on number formats does).
      expect(await page.locator('main').innerText()).not.toMatch(/undefined|\{\{/);
      expect((await page.locator('.rv, .calculator, .verdict-bar').allInnerTexts()).join(' ')).not.toMatch(/NaN/);
      if ((withCalculator[lang] as string[]).includes(slug)) {
        const values = await page.locator('.calculator .outputs .output .value').allInnerTexts();
        expect(values.length).toBeGreaterThan(0);
        for (const v of values) expect(v.trim()).not.toBe('');
        const charts = await page.locator('figure.chart').count();
        await expect(page.locator('figure.chart.painted')).toHaveCount(charts);
      }
    });
  }
}

test('the colour scheme switches, redraws the charts and is remembered', async ({ page, problems }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('en/memory-bound');
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
  await ready(page);
  const box = page.getByRole('group', { name: 'Table' }).first();
  // Reached as a reader reaches it (text out of view is laid out when it nears).
  await box.scrollIntoViewIfNeeded();
  await expect.poll(() => box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await box.focus();
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

test('on a phone the Draft badge that wraps under the headword starts at the text column', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('en/memory-bandwidth');
  const h1 = (await page.locator('.headword h1').boundingBox())!;
  const badge = (await page.locator('.headword .badge').boundingBox())!;
  expect(badge.y).toBeGreaterThanOrEqual(h1.y + h1.height - 1);
  expect(Math.abs(badge.x - h1.x)).toBeLessThanOrEqual(1);
});
