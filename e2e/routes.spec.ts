import { test, expect, ready, entries, withCalculator, live, moreInputs, field } from './fixtures';

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

test('inside the app a link opens its page at the top or its section, back and forward return, a modified click is the browser\'s', async ({ page, problems }) => {
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
  await page.goto('en/memory-bound');
  await live(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  // A link to another entry, followed from far down the page: the new page at its top.
  const link = page.locator('article .prose a.xref', { hasText: 'memory bandwidth' }).first();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await link.click();
  await expect(page.locator('article h1')).toContainText('Memory bandwidth');
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  // Back and forward render the page of the address they return to.
  await page.goBack();
  await expect(page).toHaveURL(/\/glossary\/en\/memory-bound$/);
  await expect(page.locator('article h1')).toContainText('Memory-bound');
  await page.goForward();
  await expect(page).toHaveURL(/\/glossary\/en\/memory-bandwidth$/);
  await expect(page.locator('article h1')).toContainText('Memory bandwidth');
  expect(await stayed()).toBe(true);
  // A link to a section of the page: the section at the top of the view.
  const section = page.locator('.toc-wide a[href*="#"]').nth(1);
  const id = decodeURIComponent((await section.getAttribute('href'))!.split('#')[1]);
  await section.click();
  await expect(page).toHaveURL(new RegExp(`/en/memory-bandwidth#${id}$`));
  await expect.poll(() => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), id)).toBeLessThan(80);
  expect(await stayed()).toBe(true);
  // A click with a modifier key is the browser's: a new tab, this page stays.
  const opened = page.context().waitForEvent('page');
  await page.locator('footer.site-footer .site-about[lang="en"]').getByRole('link', { name: 'All terms' }).click({ modifiers: ['Control'] });
  await (await opened).close();
  await expect(page).toHaveURL(/\/en\/memory-bandwidth#/);
});

test('a section of the page keeps the calculator\'s state in the address, and the keyboard goes on from the section', async ({ page, problems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('en/memory-bound?batch=8');
  await live(page);
  const batch = field(page, 'Batch size');
  await expect(batch).toHaveValue('8');
  // Typed just before the click: the address is brought up to date first.
  await batch.fill('64');
  const link = page.locator('.toc-wide a[href*="#"]').nth(2);
  const id = decodeURIComponent((await link.getAttribute('href'))!.split('#')[1]);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/en/memory-bound\\?(.*&)?batch=64(&.*)?#${id}$`));
  await expect.poll(() => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), id)).toBeLessThan(80);
  // The next Tab lands after the section's heading, not back in the contents.
  await page.keyboard.press('Tab');
  const after = await page.evaluate((id) => {
    const heading = document.getElementById(id)!;
    const focused = document.activeElement!;
    return !!(heading.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING) || heading.contains(focused);
  }, id);
  expect(after).toBe(true);
  // Changed again at the section: back to the step before it, with the state it
  // had when left (64, typed before the click), and forward again.
  await batch.fill('16');
  await expect(page).toHaveURL(new RegExp(`batch=16(&.*)?#${id}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/memory-bound\?(.*&)?batch=64(&.*)?$/);
  await expect(batch).toHaveValue('64');
  await page.goForward();
  await expect(batch).toHaveValue('16');
});

// Without the problems fixture: a text file has no icon, and the browser asks the
// origin's root for one.
test('inside the app a link to a file of the site under its base path is the browser\'s', async ({ page }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.locator('footer.site-footer .site-about[lang="en"] a[href$="llms.txt"]').click();
  await expect(page).toHaveURL(/\/glossary\/llms\.txt$/);
  await expect(page.locator('body')).toContainText('Memory-bound');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
});

for (const path of ['en/does-not-exist', 'fr/', 'de/does-not-exist']) {
  test(`not-found page for ${path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('main h1').first()).toHaveText(/not found|nicht gefunden/);
    // A page of a known language leads to the other language's index too.
    const other = { en: 'de', de: 'en' }[path.slice(0, 2)];
    if (other) await expect(page.locator('header a.lang-switch')).toHaveAttribute('href', `/glossary/${other}/`);
    else await expect(page.locator('header a.lang-switch')).toHaveCount(0);
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

// Each page lives under an owner of its own (src/view.rs): the listeners it set on
// the window and the document go with it. Going back and forth between an entry and
// the index leaves as many listeners as the first visit of each.
test('a page left inside the app takes its listeners with it', async ({ page, problems }) => {
  const cdp = await page.context().newCDPSession(page);
  const listeners = async () => {
    let count = 0;
    for (const expression of ['window', 'document']) {
      const { result } = await cdp.send('Runtime.evaluate', { expression });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      count += listeners.length;
    }
    return count;
  };
  await page.goto('en/memory-bound');
  await live(page);
  await expect(page.locator('figure.chart.painted').first()).toBeVisible();
  const onEntry = await listeners();
  let onIndex = 0;
  for (let i = 0; i < 3; i++) {
    await page.locator('.breadcrumbs a').first().click();
    await expect(page.locator('main.index')).toBeVisible();
    if (i === 0) onIndex = await listeners();
    else expect(await listeners()).toBe(onIndex);
    await page.locator('.term-list a[href$="/en/memory-bound"]').click();
    await expect(page.locator('figure.chart.painted').first()).toBeVisible();
    expect(await listeners()).toBe(onEntry);
  }
  // Fewer on the index: the entry's own (its charts' resizing, the language switch's
  // reading of the sections) went with it.
  expect(onIndex).toBeLessThan(onEntry);
});

// The app writes the page a step of the history returns to after the browser has
// restored the step's scroll position (on the page left): the router keeps where
// the reader was in the step itself and returns there.
test('back to a page left inside the app returns to where the reader was', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await page.evaluate(() => window.scrollTo(0, 3000));
  // The language switch, pressed where the reader is (not scrolled to first).
  await page.evaluate(() => (document.querySelector('a.lang-switch') as HTMLElement).click());
  await expect(page).toHaveURL(/\/de\/memory-bound/);
  await expect(page.locator('article h1')).toContainText('Memory-Bound');
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/memory-bound$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(3000);
  // And forward, and back to the place left there (kept at most once per 200 ms).
  await page.evaluate(() => window.scrollTo(0, 1000));
  await page.waitForTimeout(400);
  await page.goForward();
  await expect(page).toHaveURL(/\/de\/memory-bound/);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1000);
});
