import { test, expect, live } from '../fixtures';

// The corpus has entries starting with a digit (xtask/src/corpus.rs), listed under `#`.
test('a category filter hides and counts the entries under # like any letter', async ({ page, problems }) => {
  await page.goto('en/');
  await live(page);
  const digits = page.locator('.letter-group').filter({ has: page.locator('h3', { hasText: /^#$/ }) });
  await expect(digits).toHaveCount(1);
  const all = await digits.locator('li').count();
  expect(all).toBeGreaterThan(2);

  await page.getByLabel('Category').selectOption({ label: 'Metrics' });
  await expect(page).toHaveURL(/category=metrics/);
  // Inside the # group only the category's entries remain visible.
  const visible = digits.locator('li:not([hidden])');
  const matching = digits.locator('li[data-category="metrics"]');
  const expected = await matching.count();
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(all);
  await expect(visible).toHaveCount(expected);
  await expect(digits.locator('li[hidden]:not([data-category="metrics"])')).toHaveCount(all - expected);
  // The count names every visible entry, the # group's included.
  const shown = await page.locator('.letter-group li:not([hidden])').count();
  await expect(page.locator('.count')).toHaveText(new RegExp(`^${shown} of `));
});

// The site's own related terms all have entries now; the corpus's first entry names
// one that has none (xtask/src/corpus.rs).
for (const [lang, slug, note] of [
  ['en', '2-bit-memorybandwidth', 'not yet written'],
  ['de', '2-bit-speicherbandbreite', 'noch nicht geschrieben'],
] as const) {
  test(`related terms without an entry look different and say so (${lang})`, async ({ page, problems }) => {
    await page.goto(`${lang}/${slug}`);
    const missing = page.locator('article .missing-term').first();
    await expect(missing).toHaveAccessibleDescription(note);
    const link = page.locator('article .prose a.xref').first();
    const colour = (l: typeof link) => l.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(missing)).not.toBe(await colour(link));
    expect(await missing.evaluate((el) => el.closest('a'))).toBeNull();
  });
}
