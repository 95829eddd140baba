import { test, expect, output, field, holdWasm, moreInputs } from './fixtures';
import type { Page } from '@playwright/test';

// Reading first (docs/reading.md): the page is text before it is an app. The app (glue and
// wasm) is fetched when a calculator nears the viewport or the reader turns to an
// interactive part, and what the reader did before it is live is handed over.

/** The app's requests the page has made so far (the JS glue and the wasm). */
function appRequests(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.wasm') || /\/glossary-[0-9a-f]+\.js$/.test(n)),
  );
}

const live = (page: Page) => page.locator('body[data-live]');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('an entry whose calculator is below the first screens reads without the app until the reader nears it', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await expect(page.locator('article h1')).toBeVisible();
    // Painted, settled, read: no app.
    await page.waitForTimeout(1000);
    expect(await appRequests(page)).toEqual([]);
    await expect(live(page)).not.toBeAttached();
    // Links are plain links: the next page opens without the app.
    // Scrolling towards the calculator wakes it about a screen ahead.
    const calculator = page.locator('.calculator').first();
    const top = await calculator.evaluate((c) => c.getBoundingClientRect().top + scrollY);
    expect(top, 'the calculator is below two screens on a phone').toBeGreaterThan(2 * 640);
    await page.evaluate((y) => scrollTo(0, y), top - 2 * 640 + 200);
    await expect(live(page)).toBeAttached();
    const asked = await appRequests(page);
    expect(asked.some((n) => n.endsWith('.wasm'))).toBe(true);
    expect(asked.some((n) => n.endsWith('.js'))).toBe(true);
  });

  // Before the app, text out of view is not laid out (`content-visibility`): a jump to
  // a section lays it out whole first, or the section would land off the screen.
  test('before the app, a link within the page and an address with a fragment land on their section', async ({ page, problems }) => {
    await holdWasm(page);
    await page.goto('en/memory-bound');
    await expect(page.locator('article h1')).toBeVisible();
    const toc = page.locator('.toc-phone details');
    await toc.locator('summary').click();
    const last = page.locator('.prose h2').last();
    // The last section's link (the sources come after it).
    const links = toc.getByRole('link');
    await links.nth((await links.count()) - 2).click();
    await expect(last).toBeInViewport();
    await expect(live(page)).not.toBeAttached();
    const id = await last.getAttribute('id');
    await page.goto('about:blank');
    await page.goto(`en/memory-bound#${id}`);
    await expect(last).toBeInViewport();
    await expect(live(page)).not.toBeAttached();
  });

  test('the theme switches before the app, and stays switched', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await expect(page.locator('article h1')).toBeVisible();
    const html = page.locator('html');
    await page.locator('.theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // The app woke with the click and took over the button.
    await expect(live(page)).toBeAttached();
    await page.locator('.theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('pointing at a link wakes the app, and its preview opens', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await expect(page.locator('article h1')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(live(page)).not.toBeAttached();
    const link = page.locator('article .prose a.xref').first();
    await link.hover();
    await expect(live(page)).toBeAttached();
    await expect(page.locator('#xref-preview')).toBeVisible();
  });

  test('a shared link with the calculator state starts the app once the text is there', async ({ page, problems }) => {
    await page.goto('en/memory-bound?bw=4000');
    await expect(live(page)).toBeAttached();
    await expect(output(page, 'weight_time')).toHaveText('3.5 ms');
  });
});

test('a value typed before the wasm arrives is computed when it does', async ({ page, problems }) => {
  const wasm = await holdWasm(page);
  await page.goto('en/memory-bound');
  const batch = field(page, 'Batch size');
  await batch.fill('64');
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Weight data type').selectOption('int4');
  await expect.poll(wasm.asked).toBe(true);
  // The wasm is held back: the field keeps what was typed, nothing is computed.
  await page.waitForTimeout(300);
  await expect(live(page)).not.toBeAttached();
  await expect(batch).toHaveValue('64');
  wasm.release();
  await expect(live(page)).toBeAttached();
  await expect(batch).toHaveValue('64');
  await expect(page.locator('#calc0-batch-slider')).toHaveValue('120');
  await expect(output(page, 'weight_bytes')).toContainText('3.64 GB');
  // The address carries what was typed, as after any change.
  await expect(page).toHaveURL(/batch=64/);
});

test('`/` focuses the search box at once, and the query typed is searched when the app is live', async ({ page, problems }) => {
  const wasm = await holdWasm(page);
  await page.goto('en/');
  await expect(page.locator('main#main h1')).toBeVisible();
  expect(await appRequests(page)).toEqual([]);
  await page.keyboard.press('/');
  const search = page.locator('.search input[type="search"]');
  await expect(search).toBeFocused();
  await page.keyboard.type('kv cache');
  await expect.poll(wasm.asked).toBe(true);
  await expect(search).toHaveValue('kv cache');
  wasm.release();
  await expect(live(page)).toBeAttached();
  await expect(page.locator('.search-panel')).toBeVisible();
  await expect(page.locator('.search-panel .search-option').first()).toContainText('KV cache');
});

test('an index page waits for the reader; a filter chosen before the app is applied', async ({ page, problems }) => {
  const wasm = await holdWasm(page);
  await page.goto('en/');
  await page.waitForTimeout(800);
  expect(wasm.asked()).toBe(false);
  const filter = page.locator('.filters select').first();
  const terms = page.locator('.term-list a.term:visible');
  const before = await terms.count();
  const value = await filter.locator('option').nth(1).getAttribute('value');
  await filter.selectOption(value!);
  wasm.release();
  await expect(live(page)).toBeAttached();
  await expect(filter).toHaveValue(value!);
  await expect.poll(() => terms.count()).toBeLessThan(before);
  await expect(page).toHaveURL(/\?\w+=/);
});

test('the app writes the page anew where the reader left it: scroll, open disclosures, focus, selected text and a wide table scrolled', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const wasm = await holdWasm(page);
  await page.goto('en/gpu');
  const table = page.getByRole('group', { name: 'Table' }).first();
  // The contents opened, the table scrolled sideways, a field focused, the page scrolled.
  await page.locator('.toc-phone summary').click();
  await table.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await table.evaluate((e) => (e.scrollLeft = 40));
  await expect.poll(() => table.evaluate((e) => e.scrollLeft)).toBe(40);
  const batch = field(page, 'Batch size');
  await batch.focus();
  await expect.poll(wasm.asked).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 900));
  // What the reader sees at the top of the screen, and where: the block of text there
  // (a link's box may or may not reach a line's edge).
  const atTop = () =>
    page.evaluate(() => {
      const e = document.elementFromPoint(180, 120)!.closest('p, li, h1, h2, h3, td, th, figure, pre')!;
      return { text: e.textContent!.slice(0, 80), top: Math.round(e.getBoundingClientRect().top) };
    });
  const seen = await atTop();
  // Part of a paragraph selected, from inside one link's text to the paragraph's end.
  const selected = await page.evaluate(() => {
    const p = [...document.querySelectorAll('article .prose p')].find((p) => p.querySelector('a'))!;
    const link = p.querySelector('a')!.firstChild!;
    const range = document.createRange();
    range.setStart(link, 2);
    range.setEnd(p, p.childNodes.length);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return getSelection()!.toString();
  });
  expect(selected.length).toBeGreaterThan(20);
  await page.evaluate(() => ((document.querySelector('main') as any).written = 'before'));
  wasm.release();
  await expect(live(page)).toBeAttached();
  // Written anew (the markup the reader saw is gone), and as the reader left it.
  expect(await page.evaluate(() => (document.querySelector('main') as any).written)).toBeUndefined();
  expect(await atTop()).toEqual(seen);
  await expect(page.locator('.toc-phone details')).toHaveAttribute('open', '');
  expect(await table.evaluate((e) => e.scrollLeft)).toBe(40);
  await expect(batch).toBeFocused();
  await expect(page.locator('main')).toHaveCount(1);
  expect(await page.evaluate(() => getSelection()!.toString())).toBe(selected);
});

test('a press begun before the app ends in its click: the app waits for the release', async ({ page, problems }) => {
  const wasm = await holdWasm(page);
  await page.goto('en/');
  const link = page.locator('.term-list a.term').nth(3);
  const href = (await link.getAttribute('href'))!;
  // Pointed at once the page is still (groups of the list are laid out as they near).
  await link.hover();
  await page.mouse.down();
  await expect.poll(wasm.asked).toBe(true);
  wasm.release();
  // Held: the page the press began on stays until the pointer is released.
  await page.waitForTimeout(700);
  await expect(live(page)).not.toBeAttached();
  await page.mouse.up();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('article h1')).toBeVisible();
});
