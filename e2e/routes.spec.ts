import { test, expect, ready, entries, withCalculator, live, moreInputs } from './fixtures';

for (const lang of ['en', 'de'] as const) {
  test.describe(`routes (${lang})`, () => {
    test('the index lists every term and links to each entry', async ({ page, problems }) => {
      test.setTimeout(180_000); // every entry of the language
      await page.goto(`${lang}/`);
      await ready(page);
      await expect(page).toHaveTitle(/./);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      const links = page.locator('.term-list a.term');
      await expect(links).toHaveCount(entries[lang].length);
      for (const slug of entries[lang]) {
        await page.goto(`${lang}/`);
        await page.locator(`.term-list a[href$="/${lang}/${slug}"]`).click();
        await expect(page).toHaveURL(new RegExp(`/glossary/${lang}/${slug}$`));
        await expect(page.locator('article h1')).toBeVisible();
        if ((withCalculator[lang] as string[]).includes(slug)) await expect(page.locator('.calculator').first()).toBeVisible();
      }
    });

    // The deep link and reload of every entry: e2e/pages.spec.ts.
  });
}

test('the root sends a German browser to the German index', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('./');
  await expect(page).toHaveURL(/\/glossary\/de\/$/);
  await expect(page.locator('#all-terms')).toHaveText('Alle Begriffe');
  await context.close();
});

test('the root sends any other browser to the English index', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('./');
  await expect(page).toHaveURL(/\/glossary\/en\/$/);
  await context.close();
});

test('the language switch keeps the concept', async ({ page, problems }) => {
  await page.goto('en/memory-bandwidth');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/glossary\/de\/speicherbandbreite$/);
  await expect(page.locator('article h1')).toContainText('Speicherbandbreite');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/glossary\/en\/memory-bandwidth$/);
});

test('the site footer follows the page, in its language, before and after the app', async ({ page, problems }) => {
  const about = (lang: string) => page.locator(`footer.site-footer .site-about[lang="${lang}"]`);
  const last = () => page.evaluate(() => document.body.lastElementChild?.className);
  await page.goto('en/memory-bandwidth');
  // Before the app: the page's language alone, the footer last in the page.
  await expect(about('en')).toBeVisible();
  await expect(about('de')).toBeHidden();
  expect(await last()).toBe('site-footer');
  await expect(about('en').getByRole('link', { name: 'All terms' })).toHaveAttribute('href', '/glossary/en/');
  await live(page);
  await expect(page.locator('footer.site-footer')).toHaveCount(1);
  expect(await last()).toBe('site-footer');
  // Inside the app: the switch to German changes the footer's language with the page.
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/glossary\/de\/speicherbandbreite$/);
  await expect(about('de')).toBeVisible();
  await expect(about('en')).toBeHidden();
  // Its links stay inside the app: the window is the same one.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await about('de').getByRole('link', { name: 'Alle Begriffe' }).click();
  await expect(page).toHaveURL(/\/glossary\/de\/$/);
  await expect(page.locator('#all-terms')).toHaveText('Alle Begriffe');
  expect(await last()).toBe('site-footer');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('links between entries stay inside the app and the base path', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await page.locator('article .prose a.xref', { hasText: 'memory bandwidth' }).first().click();
  await expect(page).toHaveURL(/\/glossary\/en\/memory-bandwidth$/);
  await expect(page.locator('article h1')).toContainText('Memory bandwidth');
});

for (const path of ['en/does-not-exist', 'fr/', 'de/does-not-exist']) {
  test(`not-found page for ${path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('main h1').first()).toHaveText(/not found|nicht gefunden/);
  });
}

test('an entry opened inside the app fetches its prose and shows the live figures', async ({ page, problems }) => {
  await page.goto('en/memory-bandwidth?bw=4000');
  await expect(page.locator('figure.chart.painted').first()).toBeVisible();
  const expected = await page.locator('article .prose .rv[data-rv]').first().innerText();

  await page.goto('en/memory-bound');
  await live(page);
  await expect(page.locator('figure.chart.painted').first()).toBeVisible();
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
  const prose = page.waitForRequest((r) => /\/prose\/en\/memory-bandwidth\.[0-9a-f]{16}\.txt$/.test(r.url()));
  await page.locator('article a.xref', { hasText: 'Memory bandwidth' }).first().click();
  await prose;
  await expect(page).toHaveURL(/\/en\/memory-bandwidth\?.*bw=4000/);
  await expect(page.locator('article .prose h2').first()).toBeVisible();
  await expect(page.locator('article .prose .rv[data-rv]').first()).toHaveText(expected);
  // The footer comes with the prose: sources and the date.
  await expect(page.locator('.entry-end .sources li').first()).toBeVisible();
  await expect(page.locator('.entry-end time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
});

test('an entry whose prose cannot be loaded says so in the page language', async ({ page }) => {
  await page.route('**/prose/**', (route) => route.abort());
  await page.goto('de/memory-bound');
  await live(page);
  await page.locator('.calculator').first().scrollIntoViewIfNeeded();
  await expect(page.locator('figure.chart.painted').first()).toBeVisible();
  await page.locator('article a.xref', { hasText: 'Speicherbandbreite' }).first().click();
  await expect(page.getByRole('alert')).toContainText('ließ sich nicht laden');
  await expect(page.locator('.calculator')).toBeVisible();
});

// An entry opened inside the app updates its prose's figures in the next frame: a
// reader who leaves before that frame must not meet a panic (the frame finds the
// entry's state gone and does nothing).
test('leaving an entry the moment it opens breaks nothing', async ({ page, problems }) => {
  await page.goto('en/');
  await live(page);
  for (let i = 0; i < 12; i++) {
    await page.locator('.reading-path li a').nth(i % 5).click();
    await expect(page.locator('article h1')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('.reading-path li')).toHaveCount(5);
  }
  await page.locator('.reading-path li a').first().click();
  await expect(page).toHaveURL(/\/en\/memory-bound$/);
  await page.waitForTimeout(300);
});
