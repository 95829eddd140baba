import { test, expect, Page, live } from './fixtures';

const search = (page: Page) => page.getByRole('search').getByRole('combobox');
const options = (page: Page) => page.getByRole('listbox').getByRole('option');

test.describe('search', () => {
  for (const [lang, query, first] of [
    ['de', 'speicher', 'Speicherbandbreite'],
    ['en', 'BANDW', 'Memory bandwidth'],
  ] as const) {
    test(`finds terms as you type (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/`);
      await live(page);
      await search(page).fill(query);
      await expect(options(page).first()).toContainText(first);
      await expect(page.locator('#search-status')).toHaveText(lang === 'de' ? /\d+ Treffer/ : /\d+ results?/);
      await expect(search(page)).toHaveAttribute('aria-expanded', 'true');
    });
  }

  test('ignores case, accents and umlauts, typed or spelled out', async ({ page, problems }) => {
    await page.goto('de/');
    await live(page);
    // "Übertragungsrate" and "fließen" stand in the definition of Speicherbandbreite.
    for (const query of ['ÜBERTRAGUNGSRATE', 'uebertragungsrate', 'ubertragungsrate', 'FLIESSEN', 'fliessen', 'Fließen']) {
      await search(page).fill(query);
      await expect(options(page), query).toHaveCount(1);
      await expect(options(page).first()).toContainText('Speicherbandbreite');
    }
    await search(page).fill('zzzz');
    await expect(options(page)).toHaveCount(0);
    await expect(page.locator('#search-status')).toContainText('Nichts gefunden');
  });

  for (const [lang, query, variant, explained] of [
    ['de', 'rechengebunden', 'rechengebunden', 'erklärt unter Memory-Bound'],
    ['en', 'compute-b', 'Compute-bound', 'explained under Memory-bound'],
  ] as const) {
    test(`a variant names the entry that explains it (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/`);
      await live(page);
      await search(page).fill(query);
      const option = options(page).first();
      await expect(option).toContainText(variant);
      await expect(option).toContainText(explained);
      await option.click();
      await expect(page).toHaveURL(new RegExp(`/glossary/${lang}/memory-bound$`));
      await expect(page.locator('article h1')).toContainText('Memory-');
    });
  }

  for (const lang of ['en', 'de'] as const)
  test(`works from the keyboard: / focuses, arrows choose, Enter opens, Escape closes (${lang})`, async ({ page, problems }) => {
    await page.goto(`${lang}/memory-bound`);
    await live(page);
    await page.locator('body').press('/');
    await expect(search(page)).toBeFocused();
    await page.keyboard.type('memory');
    await expect(options(page)).toHaveCount(2);
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(search(page)).toHaveAttribute('aria-activedescendant', 'search-option-0');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    const chosen = (await options(page).nth(1).getAttribute('href'))!;
    await page.keyboard.press('Escape');
    await expect(search(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${chosen}$`));
    await expect(page.locator('article h1')).toBeVisible();
    await expect(search(page)).toHaveValue('');
    // Escape on a closed list clears the field.
    await search(page).fill('bound');
    await search(page).press('Escape');
    await search(page).press('Escape');
    await expect(search(page)).toHaveValue('');
    // `/` typed into a field is just a character.
    await page.locator('.calculator input[inputmode="decimal"]').first().focus();
    await page.keyboard.press('/');
    await expect(search(page)).not.toBeFocused();
  });

  for (const [lang, query, other, label] of [
    ['en', 'speicherband', 'de', 'Include German entries'],
    ['de', 'HBM bandwidth', 'en', 'Auch englische Einträge'],
  ] as const) {
    test(`can include the other language (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/`);
      await live(page);
      await search(page).fill(query);
      const before = await options(page).count();
      await page.getByLabel(label).check();
      await expect(options(page)).toHaveCount(before + 1);
      const foreign = options(page).filter({ has: page.locator('.badge', { hasText: new RegExp(`^${other.toUpperCase()}$`) }) });
      await expect(foreign).toHaveCount(1);
      await foreign.click();
      await expect(page).toHaveURL(new RegExp(`/glossary/${other}/`));
      await expect(page.locator('html')).toHaveAttribute('lang', other);
    });
  }
});

test.describe('link previews', () => {
  for (const [lang, slug, target, words] of [
    ['en', 'memory-bound', 'Memory bandwidth', 'how many bytes per second'],
    ['de', 'memory-bound', 'Speicherbandbreite', 'wie viele Bytes pro Sekunde'],
  ] as const) {
    test(`show the target's definition on hover and on focus (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/${slug}`);
      await live(page);
      const link = page.locator('article .prose a.xref').first();
      const tip = page.getByRole('tooltip');
      await expect(tip).toBeHidden();
      await link.hover();
      await expect(tip).toBeVisible();
      await expect(tip).toContainText(target);
      await expect(tip).toContainText(words);
      await expect(link).toHaveAttribute('aria-describedby', 'xref-preview');
      // The pointer may move onto the preview without closing it.
      await tip.hover();
      await expect(tip).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(tip).toBeHidden();
      await expect(link).not.toHaveAttribute('aria-describedby', /./);
      await page.mouse.move(0, 0);

      await link.focus();
      await expect(tip).toBeVisible();
      await expect(tip).toContainText(target);
      await page.keyboard.press('Tab');
      await expect(tip).toBeHidden();
    });
  }
});

test.describe('index', () => {
  test('the language switch moves between the indexes inside the app', async ({ page, problems }) => {
    await page.goto('de/');
    await live(page);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/glossary\/en\/$/);
    await expect(page.locator('h1')).toHaveText('All terms');
    await expect(page.locator('.term-list a.term:visible')).toHaveCount(3);
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page.locator('h1')).toHaveText('Alle Begriffe');
    await search(page).fill('speicher');
    await expect(options(page).first()).toContainText('Speicherbandbreite');
  });

  for (const [lang, category, only, other] of [
    ['de', 'Hardware und Infrastruktur', 'Speicherbandbreite', 'Memory-Bound'],
    ['en', 'Hardware and infrastructure', 'Memory bandwidth', 'Memory-bound'],
  ] as const) {
    test(`filters by category, in the address too (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/`);
      await live(page);
      const terms = page.locator('.term-list a.term:visible');
      await expect(terms).toHaveCount(3);
      await page.getByLabel(lang === 'de' ? 'Kategorie' : 'Category').selectOption({ label: category });
      await expect(terms).toHaveCount(1);
      await expect(terms.first()).toHaveText(only);
      await expect(page.locator('.count')).toHaveText(lang === 'de' ? '1 von 3 Einträgen' : '1 of 3 entries');
      await expect(page).toHaveURL(/\?category=/);
      await page.reload();
      await live(page);
      await expect(terms).toHaveCount(1);
      await page.getByRole('button', { name: lang === 'de' ? 'Filter zurücksetzen' : 'Reset filters' }).click();
      await expect(terms).toHaveCount(3);
      await expect(page).not.toHaveURL(/\?/);
      // The entry's breadcrumb leads to its category.
      await page.locator('.term-list a.term:visible', { hasText: other }).click();
      await expect(page.locator('article h1')).toContainText(other);
      const crumb = page.locator('.breadcrumbs a').nth(1);
      const name = await crumb.innerText();
      await crumb.click();
      await expect(page.getByLabel(lang === 'de' ? 'Kategorie' : 'Category').locator('option:checked')).toHaveText(name);
      await expect(terms).toHaveCount(1);
      await expect(terms.first()).toHaveText(other);
    });
  }

  test('filters by type and offers a letter bar', async ({ page, problems }) => {
    await page.goto('de/');
    await live(page);
    const letters = page.getByRole('navigation', { name: 'Nach Anfangsbuchstabe' });
    await expect(letters.getByRole('link')).toHaveText(['M', 'S']);
    await page.getByLabel('Art').selectOption('Metrik');
    await expect(page.locator('.term-list a.term:visible')).toHaveText(['Speicherbandbreite']);
    await expect(letters.locator('a:not([aria-disabled])')).toHaveText(['S']);
    await expect(letters.getByRole('link', { name: 'M' })).toHaveAttribute('aria-disabled', 'true');
    await letters.getByRole('link', { name: 'S' }).click();
    await expect(page).toHaveURL(/\/glossary\/de\/\?marker=Metrik#group-S$/);
    await expect(page.locator('#letter-S')).toBeFocused();
  });
});

test('the copy-link button copies the address with the calculator state', async ({ page, context, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('en/memory-bound');
  await live(page);
  await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
  await expect(page).toHaveURL(/bw=4000/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('an entry names its category in the breadcrumbs and the term in the other language', async ({ page, problems }) => {
  await page.goto('de/speicherbandbreite');
  await expect(page.getByRole('navigation', { name: 'Navigationspfad' })).toHaveText(
    'Alle Begriffe › Hardware und Infrastruktur › Speicherbandbreite',
  );
  await expect(page.locator('.other-term')).toHaveText('(Memory bandwidth)');
});

test('the open search panel fits a 360 px screen', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('de/');
  await live(page);
  await search(page).fill('e');
  await expect(options(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const [lang, note] of [
  ['en', 'not yet written'],
  ['de', 'noch nicht geschrieben'],
] as const) {
  test(`related terms without an entry look different and say so (${lang})`, async ({ page, problems }) => {
    await page.goto(`${lang}/memory-bound`);
    const missing = page.locator('article .missing-term').first();
    await expect(missing).toHaveAccessibleDescription(note);
    const link = page.locator('article .prose a.xref').first();
    const colour = (l: typeof link) => l.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(missing)).not.toBe(await colour(link));
    expect(await missing.evaluate((el) => el.closest('a'))).toBeNull();
  });
}
