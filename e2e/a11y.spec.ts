import { test, expect, live, seriousViolations, moreInputs } from './fixtures';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`open search results, a link preview and a filtered index pass axe (${colorScheme})`, async ({ page, problems }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('de/memory-bound');
    await live(page);
    const search = page.getByRole('search').getByRole('combobox');
    await search.fill('speicher');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await search.press('ArrowDown');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await search.press('Escape');
    await page.locator('article .prose a.xref').first().hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('en/');
    const total = await page.locator('.term-list li').count();
    const hardware = await page.locator('.term-list li[data-category="hardware-and-infrastructure"]').count();
    await page.goto('en/?category=hardware-and-infrastructure');
    await expect(page.locator('.count')).toHaveText(`${hardware} of ${total} entries`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// Axe on every page, light and dark: e2e/pages.spec.ts.

test('every calculator control is reachable by keyboard', async ({ page }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await moreInputs(page);
  const controls = await page
    .locator('.calculator input:visible, .calculator select:visible, .calculator button:visible')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).id || (e as HTMLElement).textContent || ''));
  expect(controls.length).toBeGreaterThan(15);
  const reached = new Set<string>();
  await page.locator('body').focus();
  // Disclosures (summaries) take the focus too; stop once every control had it.
  for (let i = 0; i < 400 && controls.some((c) => !reached.has(c)); i++) {
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
  // The app's page: elements read while the app writes the page anew are detached.
  await live(page);
  const unlabelled = await page
    .locator('.calculator input, .calculator select')
    .evaluateAll((els) => els.filter((e) => !(e as HTMLInputElement).labels?.length).map((e) => e.outerHTML));
  expect(unlabelled).toEqual([]);
});

test('the skip link moves the focus to the content and stays on the page', async ({ page, problems }) => {
  await page.goto('de/memory-bound');
  await live(page);
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await expect(page).toHaveURL(/\/glossary\/de\/memory-bound$/);
});
