import { test, expect, Page, live, entries, moreInputs } from './fixtures';

const search = (page: Page) => page.getByRole('search').getByRole('combobox');
const options = (page: Page) => page.getByRole('listbox').getByRole('option');

/** The search has its index and shows what it found for the current query. */
async function searched(page: Page) {
  await expect(page.locator('#search-status')).not.toHaveText(/^(Loading the search…|Die Suche wird geladen …)$/);
}

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
    // "Übertragungsrate" and "fließen" stand in the definition of Speicherbandbreite:
    // every spelling finds the same entries, that one first.
    for (const group of [
      ['ÜBERTRAGUNGSRATE', 'uebertragungsrate', 'ubertragungsrate'],
      ['FLIESSEN', 'fliessen', 'Fließen'],
    ]) {
      await search(page).fill(group[0]);
      await searched(page);
      await expect(options(page).filter({ hasText: 'Speicherbandbreite' })).toHaveCount(1);
      const found = await options(page).allTextContents();
      for (const query of group.slice(1)) {
        await search(page).fill(query);
        await expect(options(page), query).toHaveText(found);
      }
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
    await searched(page);
    const n = await options(page).count();
    expect(n).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(search(page)).toHaveAttribute('aria-activedescendant', 'search-option-0');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    // Past the first, the last; past the last, the first.
    await expect(options(page).nth(n - 1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
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
    await page.locator('.calculator input[inputmode]:visible').first().focus();
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
      await searched(page);
      const before = await options(page).count();
      const foreign = options(page).filter({ has: page.locator('.badge', { hasText: new RegExp(`^${other.toUpperCase()}$`) }) });
      await expect(foreign).toHaveCount(0);
      await page.getByLabel(label).check();
      await searched(page);
      await expect(foreign.first()).toBeVisible();
      // The other language's results come after the page language's.
      const all = await options(page).count();
      expect(all).toBeGreaterThanOrEqual(before);
      await expect(options(page).nth(all - 1)).toContainText(other.toUpperCase());
      await foreign.first().click();
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
      // The first link to the target in the prose (the prose's first link may be
      // to another entry).
      const link = page.locator('article .prose a.xref', { hasText: target }).first();
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
    await expect(page.locator('#all-terms')).toHaveText('All terms');
    await expect(page.locator('.term-list a.term:visible')).toHaveCount(entries.en.length);
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page.locator('#all-terms')).toHaveText('Alle Begriffe');
    // The header is the German page's (its switch leads to English) before typing.
    await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
    await search(page).fill('speicher');
    await expect(search(page)).toHaveValue('speicher');
    await expect(options(page).first()).toContainText('Speicherbandbreite');
  });

  for (const [lang, category, slug, other] of [
    ['de', 'Hardware und Infrastruktur', 'hardware-und-infrastruktur', 'Memory-Bound'],
    ['en', 'Hardware and infrastructure', 'hardware-and-infrastructure', 'Memory-bound'],
  ] as const) {
    test(`filters by category, in the address too (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/`);
      await live(page);
      const terms = page.locator('.term-list a.term:visible');
      const all = entries[lang].length;
      await expect(terms).toHaveCount(all);
      const inCategory = await page.locator(`.term-list li[data-category="${slug}"] a.term`).allTextContents();
      expect(inCategory.length).toBeGreaterThan(0);
      expect(inCategory.length).toBeLessThan(all);
      await page.getByLabel(lang === 'de' ? 'Kategorie' : 'Category').selectOption({ label: category });
      await expect(terms).toHaveText(inCategory);
      const count = lang === 'de' ? `${inCategory.length} von ${all} Einträgen` : `${inCategory.length} of ${all} entries`;
      await expect(page.locator('.count')).toHaveText(count);
      await expect(page).toHaveURL(/\?category=/);
      await page.reload();
      await live(page);
      await expect(terms).toHaveText(inCategory);
      await page.getByRole('button', { name: lang === 'de' ? 'Filter zurücksetzen' : 'Reset filters' }).click();
      await expect(terms).toHaveCount(all);
      await expect(page).not.toHaveURL(/\?/);
      // The button goes with the filters; the focus goes to the first filter.
      await expect(page.getByLabel(lang === 'de' ? 'Kategorie' : 'Category')).toBeFocused();
      // The entry's breadcrumb leads to its category.
      await page.locator('.term-list a.term:visible', { hasText: new RegExp(`^${other}$`) }).click();
      await expect(page.locator('article h1')).toContainText(other);
      const crumb = page.locator('.breadcrumbs a').nth(1);
      const name = await crumb.innerText();
      await crumb.click();
      await expect(page.getByLabel(lang === 'de' ? 'Kategorie' : 'Category').locator('option:checked')).toHaveText(name);
      await expect(page).toHaveURL(/\?category=/);
      const its = new URL(page.url()).searchParams.get('category')!;
      const same = await page.locator(`.term-list li[data-category="${its}"] a.term`).allTextContents();
      expect(same).toContain(other);
      await expect(terms).toHaveText(same);
    });
  }

  test('filters by type and offers a letter bar', async ({ page, problems }) => {
    await page.goto('de/');
    await live(page);
    const letters = page.getByRole('navigation', { name: 'Nach Anfangsbuchstabe' });
    // The letters in use are links, in the order of the groups.
    const groups = (await page.locator('.letter-group h3').allTextContents()).map((l) => l.trim());
    await expect(letters.getByRole('link')).toHaveText(groups);
    const metrics = await page.locator('.term-list li[data-marker="Metrik"] a.term').allTextContents();
    expect(metrics).toContain('Speicherbandbreite');
    await page.getByLabel('Art').selectOption('Metrik');
    await expect(page.locator('.term-list a.term:visible')).toHaveText(metrics);
    // Letters without a metric are disabled; S (Speicherbandbreite) stays a link.
    const withMetrics = [...new Set(metrics.map((m) => m[0].toUpperCase()))];
    await expect(letters.locator('a:not([aria-disabled])')).toHaveText(groups.filter((g) => withMetrics.includes(g)));
    const without = groups.find((g) => !withMetrics.includes(g))!;
    await expect(letters.getByRole('link', { name: without })).toHaveAttribute('aria-disabled', 'true');
    await letters.getByRole('link', { name: 'S' }).click();
    await expect(page).toHaveURL(/\/glossary\/de\/\?marker=Metrik#group-S$/);
    await expect(page.locator('#letter-S')).toBeFocused();
  });
});

test('the copy-link button copies the address with the calculator state', async ({ page, context, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('en/memory-bound');
  await live(page);
  await moreInputs(page);
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

// On a narrow screen the search is an icon: with a mouse (no touch screen), the "/"
// key's hint would stand on it.
test('the search icon of a narrow window stands alone, without the key hint over it', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('en/');
  await live(page);
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(true);
  await expect(page.locator('.search-key')).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator('.search-key')).toBeVisible();
});
