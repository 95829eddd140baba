// What a first-time reader meets: formulas that read on one line, figures that agree,
// a calculator that answers for every model, orientation on the landing page.
import { test, expect, ready, live, field, entries, withCalculator, moreInputs } from './fixtures';
import type { Locator } from '@playwright/test';

for (const lang of ['en', 'de'] as const) {
  for (const width of [360, 1440]) {
    test(`inline formulas run left to right on one line (${lang}, ${width} px)`, async ({ page, problems }) => {
      test.setTimeout(180_000); // every entry of the language
      await page.setViewportSize({ width, height: 900 });
      let checked = 0;
      for (const slug of entries[lang]) {
        await page.goto(`${lang}/${slug}`);
        await ready(page);
        // For each inline formula, the boxes of its top-level pieces: each starts
        // right of the one before, and all share one line (their vertical extents
        // overlap the formula's middle).
        const broken = await page.evaluate(() => {
          const out: string[] = [];
          for (const math of Array.from(document.querySelectorAll('.prose math:not([display="block"])'))) {
            const root = math.querySelector(':scope > semantics > mrow, :scope > mrow') ?? math;
            const pieces = Array.from(root.children).filter((c) => c.localName !== 'annotation');
            const boxes = pieces.map((p) => p.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0); // not spaces
            if (boxes.length < 2) continue;
            const whole = math.getBoundingClientRect();
            const middle = whole.top + whole.height / 2;
            for (let i = 0; i < boxes.length; i++) {
              const b = boxes[i];
              // Within the formula's line box (thin operators such as = sit above its middle).
              const onLine = b.bottom >= whole.top - 1 && b.top <= whole.bottom + 1 && b.top < middle + whole.height / 2;
              const rightward = i === 0 || b.left >= boxes[i - 1].left + boxes[i - 1].width * 0.5 - 1;
              if (!onLine || !rightward) {
                out.push(`${math.textContent?.trim()}: piece ${i} at (${Math.round(b.left)}, ${Math.round(b.top)})`);
                break;
              }
            }
            if (whole.height > 3 * parseFloat(getComputedStyle(math).fontSize)) {
              out.push(`${math.textContent?.trim()}: ${Math.round(whole.height)} px high`);
            }
          }
          return out;
        });
        checked += await page.locator('.prose math:not([display="block"])').count();
        expect(broken, `${lang}/${slug}`).toEqual([]);
      }
      expect(checked).toBeGreaterThan(10);
    });
  }
}

test('no calculator reads "(edited)" before the reader touched it', async ({ page, problems }) => {
  test.setTimeout(180_000); // every entry with a calculator, in both languages
  for (const lang of ['en', 'de'] as const) {
    for (const slug of withCalculator[lang]) {
      await page.goto(`${lang}/${slug}`);
      await live(page);
      const labels = await page.locator('.calculator label').allInnerTexts();
      expect(labels.filter((l) => /\((edited|angepasst)\)/.test(l)), `${lang}/${slug}`).toEqual([]);
    }
  }
});

test.describe('a model that does not fit is a result, not an invalid input', () => {
  for (const [lang, words, action, devices] of [
    ['en', /The weights of Llama-3\.1-70B need 2\s×\sNVIDIA A100 80GB SXM; on one they do not fit\./, 'Use 2 GPUs', 'Devices'],
    ['de', /Die Gewichte von Llama-3\.1-70B brauchen 2\s×\sNVIDIA A100 80GB SXM; auf einer passen sie nicht\./, '2 GPUs verwenden', 'GPUs'],
  ] as const) {
    test(`picking Llama-3.1-70B on one A100 (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/memory-bound`);
      await live(page);
      await page.locator('#calc0-model').selectOption('llama-3.1-70b');
      // Computed, not stale: its own weights, next to the model menu and in the verdict.
      await expect(page.locator('.calc-results')).not.toHaveClass(/stale/);
      await expect(page.locator('.calc-results .stale-notice')).toHaveText('');
      await expect(page.locator('.calculator [data-output="weight_bytes"] .value').first()).toContainText(lang === 'en' ? '141' : '141');
      const byModel = page.locator('.does-not-fit.by-model');
      await expect(byModel).toContainText(words);
      await expect(page.locator('.does-not-fit.in-results')).toContainText(words);
      // The verdict itself says it does not fit, with what it needs and what there is,
      // in every layout; the figures are marked as ones that cannot happen.
      const verdict = page.locator('.calc-results .verdict');
      await expect(verdict).toHaveClass(/nofit/);
      await expect(verdict.locator('strong')).toHaveText(lang === 'en' ? 'Does not fit' : 'Passt nicht');
      await expect(verdict).toContainText(lang === 'en' ? /need 14\d\sGB; 72\.0\sGB is usable/ : /brauchen 14\d\sGB, nutzbar sind 72,0\sGB/);
      await expect(page.locator('.calc-results .outputs')).toHaveClass(/cannot/);
      await expect(page.locator('.calc-results .cannot-happen')).toHaveText(lang === 'en' ? 'If it fit in memory:' : 'Wenn es in den Speicher passte:');
      // The notice sits next to the menu it explains.
      const menu = await page.locator('#calc0-model').boundingBox();
      const notice = await byModel.boundingBox();
      expect(Math.abs(notice!.y - (menu!.y + menu!.height))).toBeLessThan(80);
      await byModel.getByRole('button', { name: action }).click();
      await expect(page.locator('.does-not-fit')).toHaveCount(0);
      // The button went with the notice: the focus stays in the calculator (on the
      // GPUs field, or on the results where that field is folded away).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('.calculator') != null))
        .toBe(true);
      await expect(verdict).not.toHaveClass(/nofit/);
      await expect(page.locator('.calc-results .outputs')).not.toHaveClass(/cannot/);
      await expect(page.locator('.calc-results .cannot-happen')).toHaveCount(0);
      await expect(page).toHaveURL(/gpus=2/);
      expect(await page.locator('main').innerText()).not.toMatch(/NaN/);
      void devices;
    });
  }
});

test.describe('a batch whose KV cache does not fit says so and offers the batch that fits', () => {
  for (const [lang, words, action] of [
    ['en', /The KV cache of 64\srequests does not fit beside the weights: at most (\d+) fit\./, /^Use batch \d+$/],
    ['de', /Der KV-Cache von 64\sAnfragen passt nicht neben die Gewichte: Es passen höchstens (\d+)\./, /^Batchgröße \d+ verwenden$/],
  ] as const) {
    test(`batch 64 at 32k tokens on one A100 (${lang})`, async ({ page, problems }) => {
      await page.goto(`${lang}/${lang === 'en' ? 'memory-bandwidth' : 'speicherbandbreite'}`);
      await live(page);
      await field(page, lang === 'en' ? 'Context length (tokens)' : 'Kontextlänge (Tokens)').fill('32768');
      // Pinned as A, the comparison's headline says which side does not fit.
      await page.locator('.calculator button.pin').first().click();
      await field(page, lang === 'en' ? 'Batch size' : 'Batchgröße').fill('64');
      const unfit = lang === 'en' ? 'B does not fit in memory.' : 'B passt nicht in den Speicher.';
      await expect(page.locator('.compare-summary')).toContainText(unfit);
      // It names the input that differs, and gives no ratio against a side that
      // cannot happen.
      await expect(page.locator('.compare-summary')).toContainText(lang === 'en' ? 'batch 64 vs batch 1' : 'Batch 64 gegenüber Batch 1');
      await expect(page.locator('.compare-summary')).not.toContainText('×');
      // Nor does any row of the results.
      await expect(page.locator('.calc-results .output .ratio').filter({ hasText: '×' })).toHaveCount(0);
      const notice = page.locator('.does-not-fit.in-results');
      await expect(notice).toContainText(words);
      const fits = Number((await notice.innerText()).match(words)![1]);
      expect(fits).toBeGreaterThan(0);
      expect(fits).toBeLessThan(64);
      // Computed all the same, not stale; one action sets the batch that fits.
      await expect(page.locator('.calc-results')).not.toHaveClass(/stale/);
      await notice.getByRole('button', { name: action }).click();
      await expect(page.locator('.does-not-fit')).toHaveCount(0);
      await expect(field(page, lang === 'en' ? 'Batch size' : 'Batchgröße')).toHaveValue(String(fits));
      await expect(page.locator('.compare-summary')).not.toContainText(unfit);
      await expect(page.locator('.compare-summary')).toContainText(lang === 'en' ? '× faster' : '× schneller');
    });
  }
});

test('on a wide screen the model and hardware menus show their whole names', async ({ page, problems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const path of ['en/memory-bound', 'de/speicherbandbreite']) {
    await page.goto(path);
    await live(page);
    await moreInputs(page);
    const clipped = await page.locator('.calculator select').first().evaluate(() =>
      Array.from(document.querySelectorAll('.calculator select')).flatMap((el) => {
        const select = el as HTMLSelectElement;
        const style = getComputedStyle(select);
        const g = document.createElement('canvas').getContext('2d')!;
        g.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.text ?? '';
        // The text, its padding and the arrow's room within the menu's width.
        const need = g.measureText(text).width + parseFloat(style.paddingLeft) + 20;
        return need > select.clientWidth ? [`${select.id}: "${text}" needs ${Math.round(need)} of ${select.clientWidth} px`] : [];
      }),
    );
    expect(clipped, path).toEqual([]);
  }
});

test('live figures look unlike links, say what they compute, and flash when the reader moves them', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  const rv = page.locator('.prose .rv[data-rv]:not(.pinned)').first();
  const style = (sel: string) =>
    page.locator(sel).first().evaluate((e) => {
      const s = getComputedStyle(e);
      return { color: s.color, background: s.backgroundColor, decoration: s.textDecorationLine, border: s.borderBottomStyle };
    });
  const [value, link] = [await style('.prose .rv[data-rv]:not(.pinned)'), await style('.prose a.xref')];
  expect(value.color).not.toBe(link.color);
  expect(value.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(await rv.getAttribute('title')).toMatch(/computed by the calculator/);
  // Told once, in words a touch screen shows: a line before the paragraph of the first
  // live figure, its sample in their style. A figure pinned to its sentence's case is plain.
  const legend = page.locator('.prose .rv-legend');
  await expect(legend).toHaveCount(1);
  await expect(legend).toBeVisible();
  const sample = await style('.rv-legend .rv-sample');
  expect([sample.background, sample.border]).toEqual([value.background, value.border]);
  expect(
    await legend.evaluate((l) => {
      const first = document.querySelector('.prose .rv[data-rv]:not(.pinned)')!.closest('p, li')!;
      return l.nextElementSibling === first || l.parentElement === first.parentElement?.closest('li');
    }),
  ).toBe(true);
  const pinned = await style('.prose .rv.pinned');
  expect([pinned.background, pinned.border]).toEqual(['rgba(0, 0, 0, 0)', 'none']);
  // Nothing flashes on load; a change the reader makes flashes what it moved.
  await expect(page.locator('.rv[data-flash]')).toHaveCount(0);
  await moreInputs(page);
  await field(page, 'Bandwidth (GB/s)').fill('3350');
  await expect(page.locator('.rv[data-flash]').first()).toBeAttached();
  await page.goto('de/memory-bound');
  expect(await page.locator('.prose .rv[data-rv]').first().getAttribute('title')).toMatch(/vom Rechner berechnet/);
  await expect(page.locator('.prose .rv-legend')).toHaveText(/^Zahlen in dieser Form rechnet der Rechner/);
  // A preset's descriptive name in the page's language, in the menu and the results.
  await live(page);
  await expect(page.locator('#calc0-model option:checked')).toHaveText('7B-Beispiel (Aufbau wie Llama-2)');
  await expect(page.locator('.calc-results .scenario-line').first()).toContainText('7B-Beispiel (Aufbau wie Llama-2)');
});

for (const [lang, title, path] of [
  ['en', 'Why LLM inference waits for memory', 'Start here'],
  ['de', 'Warum die LLM-Inferenz auf den Speicher wartet', 'Hier anfangen'],
] as const) {
  test(`the landing page orients a newcomer (${lang})`, async ({ page, problems }) => {
    await page.goto(`${lang}/`);
    await live(page);
    await expect(page.locator('main h1')).toHaveText(title);
    await expect(page.locator('.landing .lead')).toBeVisible();
    const picture = page.locator('.landing svg.roofline-picture');
    await expect(picture).toBeVisible();
    await expect(picture.locator('text.region-name')).toHaveText(['Memory-bound', 'Compute-bound']);
    // Each region's name stands inside its region.
    for (const name of ['memory', 'compute']) {
      const [text, region] = [await picture.locator(`text.region-name.${name}`).boundingBox(), await picture.locator(`.region.${name}`).boundingBox()];
      expect(text!.x).toBeGreaterThanOrEqual(region!.x);
      expect(text!.x + text!.width).toBeLessThanOrEqual(region!.x + region!.width);
    }
    // Both axes are named.
    await expect(picture.locator('text.axis-name')).toHaveCount(2);
    const steps = page.getByRole('navigation', { name: path }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    // The reading path starts within the first screen, on a wide screen and on a phone:
    // its heading and its first step.
    for (const [width, height] of [[1440, 900], [360, 780]]) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      const first = (await steps.first().getByRole('link').boundingBox())!;
      expect(first.y + first.height, `${width} px`).toBeLessThanOrEqual(height);
      // The picture's texts stand apart (a rotated one's box is not its outline: left out).
      const boxes = await picture
        .locator('text:not([transform])')
        .evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().toJSON()));
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom, `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    // Then the whole index.
    await expect(page.locator('#all-terms')).toBeVisible();
    expect(await page.locator('.letter-group li').count()).toBe(entries[lang].length);
    // The picture's caption leads to the entry that explains it.
    const roofline = lang === 'en' ? 'roofline-model' : 'roofline-modell';
    await expect(page.locator('.landing figcaption a.picture-link')).toHaveText(lang === 'en' ? 'Roofline model' : 'Roofline-Modell');
    await expect(picture).toHaveAccessibleName(await page.locator('#picture-caption').innerText());
    await page.locator('.landing a.picture-link').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/${roofline}$`));
    await expect(page.locator('article h1')).toContainText(lang === 'en' ? 'Roofline model' : 'Roofline-Modell');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
    await expect(steps).toHaveCount(5);
    await steps.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/memory-bound$`));
    await expect(page.locator('.path-nav a.next')).toBeVisible();
  });
}

test('on a wide screen the landing picture stays beside the reading path while it is read', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('en/');
  const figure = page.locator('.landing-figure');
  const path = page.locator('.landing .reading-path');
  // Scrolled to the reading path, the intro above gone: the picture is in view beside it.
  await path.evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY));
  const [f, p] = [(await figure.boundingBox())!, (await path.boundingBox())!];
  expect(f.x).toBeGreaterThan(p.x + p.width);
  expect(f.y).toBeGreaterThanOrEqual(0);
  expect(f.y + f.height).toBeLessThanOrEqual(900);
  // And it never runs past the reading path into the list below.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const after = (await figure.boundingBox())!;
  const end = (await path.boundingBox())!;
  expect(after.y + after.height).toBeLessThanOrEqual(end.y + end.height + 1);
});

test('the index is compact on a phone: a letter labels its group beside the entries', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('en/');
  await ready(page);
  const group = page.locator('.letter-group').first();
  const letter = await group.locator('h3').boundingBox();
  const first = await group.locator('li').first().boundingBox();
  expect(Math.abs(letter!.y - first!.y)).toBeLessThan(16);
  expect(letter!.x + letter!.width).toBeLessThanOrEqual(first!.x);
  // Every group laid out (those out of view are skipped until scrolled to).
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.letter-group').forEach((g) => (g.style.contentVisibility = 'visible')));
  const groups = await page.locator('.groups').boundingBox();
  // About two lines per entry, not a screen per letter.
  expect(groups!.height / entries.en.length).toBeLessThan(130);
});

/** An entry's sections and subsections: the headings with a link to themselves. */
const SECTIONS = '.prose :is(h2, h3):has(> a.heading-anchor)';

/** The first of `headings` from `from` on whose section runs on for half a screen (a
 * heading straight after another is passed while reading). */
async function longSection(headings: Locator, from: number) {
  const k = await headings.evaluateAll(
    (hs, from) =>
      hs.findIndex(
        (h, i) =>
          i >= from &&
          i + 1 < hs.length &&
          hs[i + 1].getBoundingClientRect().top - h.getBoundingClientRect().top > innerHeight / 2,
      ),
    from,
  );
  expect(k).toBeGreaterThanOrEqual(from);
  return k;
}

test.describe('an entry has contents, linkable sections and a place on the reading path', () => {
  test('contents beside the text on a wide screen', async ({ page, problems }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('en/memory-bound');
    await live(page);
    const toc = page.locator('.toc-wide');
    await expect(toc).toBeVisible();
    await expect(page.locator('.toc-phone')).toBeHidden();
    const [box, text] = [await toc.boundingBox(), await page.locator('article .prose').first().boundingBox()];
    expect(box!.x).toBeGreaterThan(text!.x + text!.width);
    // Sections and their subsections, in the page's order.
    const headings = page.locator(SECTIONS);
    const n = await headings.count();
    expect(await page.locator('.prose h3:has(> a.heading-anchor)').count()).toBeGreaterThan(0);
    // Every section and subsection (nested under its section), then the sources.
    await expect(toc.getByRole('link')).toHaveCount(n + 1);
    await expect(toc.getByRole('link').last()).toHaveText('Sources');
    await expect(toc.getByRole('link').last()).toHaveAttribute('href', /#sources$/);
    await expect(page.locator('#sources')).toHaveText('Sources');
    await expect(toc.locator('.contents-list > li > ol > li > a')).toHaveCount(
      await page.locator('.prose h3:has(> a.heading-anchor)').count(),
    );
    for (let i = 0; i < n; i++) {
      const id = await headings.nth(i).getAttribute('id');
      expect(id).toBeTruthy();
      expect(await headings.nth(i).locator('a.heading-anchor').getAttribute('href')).toMatch(new RegExp(`/en/memory-bound#${id}$`));
    }
    // Sections whose text runs on below the reading line: the one read is theirs.
    const first = await longSection(headings, 1);
    const next = await longSection(headings, first + 1);
    await toc.getByRole('link').nth(first).click();
    await expect(headings.nth(first)).toBeInViewport();
    // The section's own words in the address.
    await expect(page).toHaveURL(new RegExp(`/en/memory-bound#${await headings.nth(first).getAttribute('id')}$`));
    expect(await headings.nth(first).getAttribute('id')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // The section being read is marked, and only it.
    await expect(toc.locator('a[aria-current="location"]')).toHaveCount(1);
    await expect(toc.locator('a[aria-current="location"]')).toHaveText((await headings.nth(first).innerText()).replace(/\s*#$/, ''));
    await headings.nth(next).evaluate((h) => window.scrollTo({ top: h.getBoundingClientRect().top + window.scrollY - 40, behavior: 'instant' }));
    await expect(toc.locator('a[aria-current="location"]')).toHaveText((await headings.nth(next).innerText()).replace(/\s*#$/, ''));
    // Still in view further down.
    await page.mouse.wheel(0, 3000);
    await expect(toc).toBeInViewport();
  });

  test('an address of a section in the old form (#user-content-…) still finds it', async ({ page, problems }) => {
    await page.goto('en/memory-bound#user-content-why-batching-has-a-limit');
    await expect(page).toHaveURL(/\/en\/memory-bound#why-batching-has-a-limit$/);
    await expect(page.locator('#why-batching-has-a-limit')).toBeInViewport();
    // And after the app has taken the page over.
    await live(page);
    await expect(page.locator('#why-batching-has-a-limit')).toBeInViewport();
  });

  test('a disclosure at the top on a phone', async ({ page, problems }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('de/memory-bound');
    await live(page);
    await expect(page.locator('.toc-wide')).toBeHidden();
    const toc = page.locator('.toc-phone details');
    await expect(toc).toBeVisible();
    await expect(toc).not.toHaveAttribute('open', '');
    await toc.locator('summary').click();
    await toc.getByRole('link').last().click();
    await expect(page.locator('#sources')).toBeInViewport();
  });

  for (const [from, to, width] of [['en/kv-cache', 'de/kv-cache', 1440], ['de/speicherbandbreite', 'en/memory-bandwidth', 360]] as const) {
    test(`the language switch keeps the section the reader was reading (${from}, ${width} px)`, async ({ page, problems }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(from);
      await live(page);
      const mine = page.locator(SECTIONS);
      const n = await mine.count();
      expect(n).toBeGreaterThan(3);
      // Read a while in a section after the second, then scroll back up to the header.
      const k = await longSection(mine, 2);
      await mine.nth(k).evaluate((h) => window.scrollTo({ top: h.getBoundingClientRect().top + window.scrollY - 40, behavior: 'instant' }));
      await page.waitForTimeout(1500);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.locator('a.lang-switch').click();
      await expect(page).toHaveURL(new RegExp(`/${to}(\\?[^#]*)?#[a-z0-9-]+$`));
      const theirs = page.locator(SECTIONS);
      await expect(theirs).toHaveCount(n); // the entries' outlines correspond one to one
      await expect(theirs.nth(k)).toBeInViewport();
      expect(new URL(page.url()).hash.slice(1)).toBe(await theirs.nth(k).getAttribute('id'));
      // A reader who has read no section yet goes to the top of the translation.
      await page.goto(from);
      await live(page);
      await page.locator('a.lang-switch').click();
      await expect(page).toHaveURL(new RegExp(`/${to}(\\?[^#]*)?$`));
      await expect(page.locator('h1')).toBeInViewport();
    });
  }

  test('a section reached from the contents is the one the language switch keeps, at once', async ({ page, problems }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('en/kv-cache');
    await live(page);
    const mine = page.locator(SECTIONS);
    const k = 3;
    const id = await mine.nth(k).getAttribute('id');
    await page.locator(`.toc-wide a[href$="#${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    // No time spent reading it: the link chose it.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.locator('a.lang-switch').click();
    await expect(page).toHaveURL(/\/de\/kv-cache(\?[^#]*)?#[a-z0-9-]+$/);
    expect(new URL(page.url()).hash.slice(1)).toBe(await page.locator(SECTIONS).nth(k).getAttribute('id'));
  });

  test('previous and next along the reading path', async ({ page, problems }) => {
    await page.goto('en/memory-bandwidth');
    await live(page);
    await expect(page.locator('.path-nav .path-place')).toHaveText('Start here, step 2 of 5');
    await expect(page.locator('.path-nav a.prev')).toContainText('Memory-bound');
    await page.locator('.path-nav a.next').click();
    await expect(page).toHaveURL(/\/en\/arithmetic-intensity$/);
    // The path's end leads on to every term.
    await page.goto('en/kv-cache');
    await expect(page.locator('.path-nav .path-place')).toHaveText('Start here, step 5 of 5');
    await expect(page.locator('.path-nav a.next')).toContainText('All terms');
    await page.locator('.path-nav a.next').click();
    await expect(page).toHaveURL(/\/en\/#all-terms$/);
    await page.goto('en/gpu');
    await expect(page.locator('.path-nav a')).toHaveCount(0);
  });

});

test('the owner\'s status is said once for the site; a badge marks only an entry whose status differs', async ({ page, problems }) => {
  for (const lang of ['en', 'de'] as const) {
    await page.goto(`${lang}/`);
    await ready(page);
    // Once, at the end of the landing page.
    await expect(page.locator('.landing .site-status')).toHaveCount(1);
    await expect(page.locator('.landing .site-status')).toHaveText(lang === 'en' ? /drafts under review/ : /Entwürfe und werden noch geprüft/);
    // Badges for the exceptions only: fewer than half the list.
    const terms = await page.locator('.term-list a.term').count();
    expect(await page.locator('.term-list .badge.status').count()).toBeLessThan(terms / 2);
  }
  // An entry of the usual status: no badge by the headword, a line in its footer.
  await page.goto('en/memory-bound');
  await ready(page);
  await expect(page.locator('.headword .badge.status')).toHaveCount(0);
  await expect(page.locator('.entry-end .entry-status')).toHaveText('This entry is a draft under review.');
  await expect(page.locator('.notice.draft')).toHaveCount(0);
});

test('printed results are headed by their scenario once and print no buttons', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.scenario-line').first()).toBeVisible();
  await expect(page.locator('.scenario-line').first()).toHaveText(/^Results for 7B example \(Llama-2 shape\) on 1\s×\sNVIDIA A100 80GB SXM, batch 1, context 1,024\stokens$/);
  // The scenario line heads the results on paper; "Results" is not said twice.
  await expect(page.locator('.calc-results > h3').first()).toBeHidden();
  for (const b of await page.locator('button').all()) await expect(b).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.calculator button').first()).toBeVisible();
});

// Printed after the app drew it, a chart shows the reader's scenario, not the
// pre-rendered picture of the example, and in the light colours whatever the theme.
test('a chart the app drew is printed as drawn, in the light colours', async ({ page, problems }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('en/memory-bound');
  await live(page);
  const chart = page.locator('figure.chart.painted').first();
  await expect(chart).toBeVisible();
  // The canvas's background, by its corner.
  const corner = () =>
    chart.locator('canvas').evaluate((c: HTMLCanvasElement) => Array.from(c.getContext('2d')!.getImageData(2, 2, 1, 1).data.slice(0, 3)).join(','));
  await expect.poll(corner).toBe('24,26,31');
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect.poll(corner).toBe('255,255,255');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('.chart-static')).toBeHidden();
  // The page itself takes the light colours on paper too: dark text, the verdict's
  // included.
  const darkest = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((e) => Math.max(...(getComputedStyle(e).color.match(/\d+/g) ?? ['255']).slice(0, 3).map(Number)));
  expect(await darkest('.calculator .verdict')).toBeLessThan(60);
  expect(await darkest('figure.chart figcaption')).toBeLessThan(110);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  await expect.poll(corner).toBe('24,26,31');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the calculator says in one line that it needs JavaScript, and shows no dead buttons', async ({ page }) => {
    for (const [path, words] of [
      ['en/memory-bound', 'The calculator needs JavaScript.'],
      ['de/memory-bound', 'Der Rechner braucht JavaScript.'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.calculator .needs-js')).toContainText(words);
      for (const b of await page.locator('.calculator button').all()) await expect(b).toBeHidden();
    }
  });
});

test('on a phone the verdict stays in view while a field is edited', async ({ page, problems }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const lang of ['en', 'de'] as const) {
    await page.goto(`${lang}/memory-bound`);
    await live(page);
    const batch = page.locator('#calc0-batch');
    await batch.scrollIntoViewIfNeeded();
    await batch.focus();
    const bar = page.locator('.verdict-bar');
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar.locator('strong')).toHaveText(await page.locator('.calc-results .verdict strong').innerText());
    // The form is the first thing of the calculator; the bar follows the input.
    await batch.fill('64');
    await expect(bar).toContainText(lang === 'en' ? /tokens\/s/ : /Token\/s/);
    await expect(bar).toBeInViewport({ ratio: 1 });
    // A batch that does not fit has no speed in the bar: what it needs instead.
    await batch.fill('512');
    await expect(bar.locator('strong')).toHaveText(lang === 'en' ? 'Does not fit' : 'Passt nicht');
    await expect(bar).toContainText(lang === 'en' ? /needs .* usable/ : /braucht .* nutzbar/);
    await expect(bar).not.toContainText(lang === 'en' ? /tokens\/s/ : /Token\/s/);
    await expect(bar).toBeInViewport({ ratio: 1 });
    const inputTop = (await batch.boundingBox())!.y;
    const barTop = (await bar.boundingBox())!.y;
    expect(barTop).toBeGreaterThan(inputTop);
    // Stepped aside while the results are on screen, it keeps no room of its own:
    // the charts follow the results' last line.
    const toggle = page.locator('.calculator .formula-toggle').first();
    await toggle.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await expect(bar).toBeHidden();
    const gap = await toggle.evaluate((t) => t.closest('.calculator')!.querySelector('.charts')!.getBoundingClientRect().top - t.getBoundingClientRect().bottom);
    expect(gap).toBeLessThan(40);
  }
  // Wide: the bar follows the results in their column, out of the way while the
  // results' own verdict is on screen, and only where the form runs past the results.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.locator('.calc-results .verdict').first().evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await expect(page.locator('.verdict-bar')).toBeHidden();
});

test('on a wide screen the results stand whole beside the form, and a summary stays in view below them', async ({ page, problems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const lang of ['en', 'de'] as const) {
    await page.goto(`${lang}/memory-bound`);
    await live(page);
    const calc = page.locator('.calculator').first();
    const results = calc.locator('.calc-results');
    // No box that scrolls on its own: every row is in the page's flow.
    expect(await results.evaluate((e) => [getComputedStyle(e).overflowY, e.scrollHeight - e.clientHeight])).toEqual(['visible', 0]);
    // Two columns: each label beside its value, the values right-aligned in one column.
    const rows = await results.locator('.outputs .output').evaluateAll((os) =>
      os.map((o) => {
        const [dt, dd] = [o.querySelector('dt')!.getBoundingClientRect(), o.querySelector('dd')!.getBoundingClientRect()];
        return { beside: dd.left >= dt.right && Math.abs(dd.top - dt.top) < 4, right: Math.round(dd.right) };
      }),
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.beside), JSON.stringify(rows)).toBe(true);
    expect(new Set(rows.map((r) => r.right)).size).toBe(1);
    // The details open, the form runs past the results; at its lower fields the
    // summary stands at the top of the screen, in the results' column.
    await moreInputs(page, calc);
    await calc.locator('.model-details > summary').click();
    const gpus = calc.getByLabel('GPUs', { exact: true });
    await gpus.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const bar = calc.locator('.verdict-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toBeInViewport({ ratio: 1 });
    const [barBox, resultsBox, fieldBox] = await Promise.all([bar.boundingBox(), results.boundingBox(), gpus.boundingBox()]);
    expect(Math.abs(barBox!.x - resultsBox!.x)).toBeLessThanOrEqual(1);
    expect(barBox!.x).toBeGreaterThan(fieldBox!.x + fieldBox!.width);
    await expect(bar.locator('strong')).toHaveText('Memory-bound');
  }
});

test('a query with no hit here finds the entries by their other language\'s names, in the reader\'s language', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  const box = page.getByRole('combobox', { name: 'Search the glossary' });
  await box.fill('speicherbandbreite');
  await expect(page.locator('#search-status')).toHaveText(/^\d+ results? by (its|their) German names?/);
  const first = page.locator('#search-results [role="option"]').first();
  await expect(first.locator('.search-term')).toHaveText('Speicherbandbreite → Memory bandwidth');
  await expect(first.locator('.search-term [lang="de"]')).toHaveText('Speicherbandbreite');
  await expect(first).toHaveAttribute('href', /\/en\/memory-bandwidth$/);
  // Many hits: no "No match" above them; every one an English entry where one exists.
  await box.fill('speicher');
  await expect(page.locator('#search-status')).toHaveText(/^\d+ results by their German names/);
  const hrefs = await page.locator('#search-results [role="option"]').evaluateAll((os) => os.map((o) => o.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(1);
  expect(hrefs.every((h) => /\/en\//.test(h!)), hrefs.join()).toBe(true);
  await first.click();
  await expect(page).toHaveURL(/\/glossary\/en\//);
  await page.goto('de/memory-bound');
  await live(page);
  await page.locator('#search-input').fill('weights');
  await expect(page.locator('#search-status')).toHaveText(/über (den|die) englischen Namen/);
  await expect(page.locator('#search-results [role="option"]').first()).toHaveAttribute('href', /\/de\//);
});

test('picking a model takes its published checkpoint type unless the reader chose one', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  const weights = page.locator('#calc0-weights');
  await expect(weights).toHaveValue('fp16');
  await page.locator('#calc0-model').selectOption('deepseek-v3');
  await expect(weights).toHaveValue('fp8');
  // 671 billion parameters in FP8: 671 GB, on H200s of 141 GB.
  await expect(page.locator('.does-not-fit.by-model')).toContainText('DeepSeek-V3');
  await page.locator('#calc0-model').selectOption('llama-3.1-8b');
  await expect(weights).toHaveValue('fp16');
  await moreInputs(page);
  await weights.selectOption('int4');
  await page.locator('#calc0-model').selectOption('deepseek-v3');
  await expect(weights).toHaveValue('int4');
});

for (const [width, height] of [[360, 780], [1440, 900]]) {
  test(`an entry explains before it computes, and its calculator shows the few inputs it is about (${width} px)`, async ({ page, problems }) => {
    await page.setViewportSize({ width, height });
    for (const [path, more, fewer] of [
      ['en/memory-bound', 'More inputs', 'Fewer inputs'],
      ['de/memory-bound', 'Weitere Eingaben', 'Weniger Eingaben'],
    ]) {
      await page.goto(path);
      await live(page);
      const calc = page.locator('.calculator').first();
      // The definition and the first section of prose stand before the first field.
      const top = async (l: ReturnType<typeof page.locator>) => (await l.boundingBox())!.y;
      const firstField = calc.locator('.calc-inputs :is(input, select):visible').first();
      const firstSection = page.locator('.prose h2').first();
      expect(await top(page.locator('.entry-header .short'))).toBeLessThan(await top(firstSection));
      expect(await top(firstSection)).toBeLessThan(await top(firstField));
      // At most six controls before "More inputs", which is closed.
      const visible = () =>
        calc.locator('.calc-inputs').evaluate((f) => [...f.querySelectorAll('input, select, textarea')].filter((e) => e.checkVisibility()).map((e) => e.id));
      const first = await visible();
      expect(first.length).toBeGreaterThanOrEqual(4);
      expect(first.length).toBeLessThanOrEqual(6);
      const summary = calc.locator('.more-inputs > summary');
      await expect(summary).toHaveAccessibleName(more);
      expect(await top(summary)).toBeGreaterThan(Math.max(...(await Promise.all(first.map((id) => top(page.locator(`#${id}`)))))));
      // Opened, it shows the rest, says what a second press does, and brings the
      // first of the rest into view (they stand above it, in their groups).
      await summary.click();
      await expect(summary).toHaveAccessibleName(fewer);
      await expect(calc.locator('.calc-inputs .extra').first()).toBeInViewport();
      const all = await visible();
      expect(all.length).toBeGreaterThan(first.length + 4);
      expect(all).toEqual(expect.arrayContaining(first));
      // Nothing runs sideways either way.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
}

test('a block names the inputs its entry is about, and "More inputs" opens by itself where the reader needs it', async ({ page, problems }) => {
  // The bandwidth entry shows the bandwidth field at once; the memory-bound one does not.
  await page.goto('en/memory-bandwidth');
  await live(page);
  await expect(field(page, 'Bandwidth (GB/s)')).toBeVisible();
  await expect(page.locator('.calculator .more-inputs').first()).toHaveJSProperty('open', false);
  await page.goto('en/memory-bound');
  await live(page);
  await expect(field(page, 'Bandwidth (GB/s)')).toBeHidden();
  // A shared link that set a field behind it opens it.
  await page.goto('en/memory-bound?bw=4000');
  await live(page);
  await expect(page.locator('.calculator .more-inputs').first()).toHaveJSProperty('open', true);
  await expect(field(page, 'Bandwidth (GB/s)')).toHaveValue('4000');
  await page.goto('en/memory-bound?gpus=2');
  await live(page);
  await expect(field(page, 'GPUs')).toBeVisible();
  // A data type behind it, too; one shown at once leaves it closed.
  await page.goto('en/memory-bound?weights=int8');
  await live(page);
  await expect(page.locator('.calculator .more-inputs').first()).toHaveJSProperty('open', true);
  await page.goto('en/quantization?weights=int8');
  await live(page);
  await expect(page.locator('.calculator .more-inputs').first()).toHaveJSProperty('open', false);
  await expect(page.locator('#calc0-weights')).toHaveValue('int8');
});

for (const lang of ['en', 'de'] as const) {
  test(`a phone's header is one row, and its search opens across it (${lang})`, async ({ page, problems }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${lang}/memory-bound`);
    await live(page);
    const header = page.locator('.site-header');
    const box = (await header.boundingBox())!;
    // One row of 48 px controls and its padding.
    expect(box.height).toBeLessThanOrEqual(48 + 2 * 12);
    for (const part of ['.site-title', '.search input', '.lang-switch', '.theme-toggle']) {
      const b = (await header.locator(part).first().boundingBox())!;
      expect(b.y, part).toBeGreaterThanOrEqual(box.y);
      expect(b.y + b.height, part).toBeLessThanOrEqual(box.y + box.height);
    }
    // The title breaks between words only: each word is on one line.
    const lines = await header.locator('.site-title .word').evaluateAll((ws) => ws.map((w) => w.getClientRects().length));
    expect(lines.every((n) => n === 1), lines.join()).toBe(true);
    // The other language by its code, named in full for a screen reader.
    await expect(header.locator('.lang-switch')).toHaveAccessibleName(lang === 'en' ? 'Deutsch' : 'English');
    await expect(page.getByRole('button', { name: lang === 'en' ? 'Colors: system' : 'Farben: System' })).toBeVisible();
    // The search is an icon until it has the focus; then it takes the row's width.
    const search = page.locator('#search-input');
    expect((await search.boundingBox())!.width).toBeLessThanOrEqual(48);
    await search.click();
    await search.fill(lang === 'en' ? 'bandwidth' : 'Bandbreite');
    expect((await search.boundingBox())!.width).toBeGreaterThan(300);
    await expect(page.locator('#search-results [role="option"]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

// An entry reads on a phone: no paragraph longer than eight lines, and no run of text
// longer than two screens without a heading (the contents list every heading).
test.describe('entries in short paragraphs and sections on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  for (const lang of ['en', 'de'] as const) {
    test(`every entry (${lang})`, async ({ page }) => {
      test.setTimeout(180_000); // every entry of the language
      const found: string[] = [];
      for (const slug of entries[lang]) {
        await page.goto(`${lang}/${slug}`);
        const long = await page.evaluate((screen) => {
          const out: string[] = [];
          const lines = (e: Element) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight);
          for (const p of Array.from(document.querySelectorAll('article .prose p'))) {
            if (lines(p) > 9.5) out.push(`paragraph of ${Math.round(lines(p))} lines: ${p.textContent!.slice(0, 40)}`);
          }
          // Text between two headings (or the calculator, which is a section of its own).
          let run = 0;
          let after = 'the opening';
          for (const e of Array.from(document.querySelectorAll('article .prose > *'))) {
            if (/^H[1-6]$/.test(e.tagName) || e.matches('.calculator')) {
              run = 0;
              after = e.textContent!.trim().slice(0, 40);
            } else if (e.matches('p, ul, ol, blockquote')) {
              run += e.getBoundingClientRect().height;
              if (run > 2 * screen) {
                out.push(`more than two screens of text after "${after}"`);
                run = -Infinity;
              }
            }
          }
          return out;
        }, 780);
        found.push(...long.map((l) => `${slug}: ${l}`));
      }
      expect(found).toEqual([]);
    });
  }
});

// The related terms are a list of names a finger can pick on a phone: one item each,
// each link a target of at least 24 px, none overlapping another, none beyond the
// column.
test.describe('related terms as targets on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  for (const lang of ['en', 'de'] as const) {
    test(`every entry (${lang})`, async ({ page }) => {
      test.setTimeout(180_000); // every entry of the language
      const found: string[] = [];
      let lists = 0;
      for (const slug of entries[lang]) {
        await page.goto(`${lang}/${slug}`);
        const result = await page.evaluate(() => {
          const heading = document.querySelector('article .prose h2#related-terms, article .prose h2#verwandte-begriffe');
          if (!heading) return null;
          const list = heading.nextElementSibling;
          if (!list?.matches('ul.related-list')) return { problems: ['the names are not a list'], items: 0 };
          const problems: string[] = [];
          const boxes = Array.from(list.querySelectorAll(':scope > li > a')).map((e) => ({
            name: e.textContent!,
            box: e.getBoundingClientRect(),
          }));
          const width = document.documentElement.clientWidth;
          for (const [i, { name, box }] of boxes.entries()) {
            if (box.height < 24 || box.width < 24) problems.push(`${name}: ${box.width}×${box.height} px`);
            if (box.left < 0 || box.right > width) problems.push(`${name}: beyond the column`);
            for (const other of boxes.slice(i + 1)) {
              const b = other.box;
              const apart = box.right <= b.left || b.right <= box.left || box.bottom <= b.top || b.bottom <= box.top;
              if (!apart) problems.push(`${name} overlaps ${other.name}`);
            }
          }
          if (/[,;·]/.test(Array.from(list.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('')))
            problems.push('separators between the items');
          return { problems, items: boxes.length };
        });
        if (!result) continue;
        lists += 1;
        if (result.items === 0) result.problems.push('no names');
        found.push(...result.problems.map((p) => `${slug}: ${p}`));
      }
      expect(found).toEqual([]);
      expect(lists).toBeGreaterThan(entries[lang].length / 2);
    });
  }
});

// A heading belongs to the text below it: more room above it than below, at both widths.
for (const width of [360, 1440]) {
  test.describe(`headings closer to their text than to the text before (${width} px)`, () => {
    test.use({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    test('every entry', async ({ page }) => {
      test.setTimeout(180_000);
      const found: string[] = [];
      let headings = 0;
      for (const lang of ['en', 'de'] as const) {
        for (const slug of entries[lang]) {
          await page.goto(`${lang}/${slug}`);
          const result = await page.evaluate(() => {
            const out: string[] = [];
            let n = 0;
            const shown = (e: Element | null, step: (e: Element) => Element | null) => {
              while (e && e.getClientRects().length === 0) e = step(e);
              return e;
            };
            for (const h of Array.from(document.querySelectorAll('article .prose :is(h2, h3)'))) {
              const before = shown(h.previousElementSibling, (e) => e.previousElementSibling);
              const after = shown(h.nextElementSibling, (e) => e.nextElementSibling);
              // A subsection's heading right under its section's is spaced as a pair.
              if (!before || !after || /^H[1-6]$/.test(before.tagName)) continue;
              const box = h.getBoundingClientRect();
              const above = box.top - before.getBoundingClientRect().bottom;
              const below = after.getBoundingClientRect().top - box.bottom;
              n += 1;
              if (!(above >= 1.5 * below && below >= 0)) out.push(`"${h.textContent!.slice(0, 30)}": ${above} px above, ${below} px below`);
            }
            return { out, n };
          });
          headings += result.n;
          found.push(...result.out.map((o) => `${lang}/${slug}: ${o}`));
        }
      }
      expect(found).toEqual([]);
      expect(headings).toBeGreaterThan(100);
    });
  });
}

// A long list of sources shows its first six and the rest behind a disclosure that
// names how many; opened, or printed, every source is there, numbered on.
test('a long list of sources folds after its first six, whole on paper', async ({ page, problems }) => {
  await page.goto('en/memory-bound');
  const sources = page.locator('.entry-end .sources');
  const all = await sources.locator('li').count();
  expect(all).toBeGreaterThan(8);
  const more = sources.locator('details.more-sources');
  await expect(more.locator('summary')).toHaveText(`${all - 6} more sources`);
  await expect(sources.locator('li:visible')).toHaveCount(6);
  await page.emulateMedia({ media: 'print' });
  await expect(sources.locator('li:visible')).toHaveCount(all);
  await expect(more.locator('summary')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await more.locator('summary').click();
  await expect(sources.locator('li:visible')).toHaveCount(all);
  // Numbered on from the first list.
  expect(await more.locator('ol').getAttribute('start')).toBe('7');
  // A short list stays whole, without a disclosure.
  await page.goto('de/speicherbandbreite');
  const short = await page.locator('.entry-end .sources li').count();
  if (short <= 8) await expect(page.locator('.entry-end .sources details')).toHaveCount(0);
  await expect(page.locator('.entry-end .sources li:visible')).toHaveCount(Math.min(short, short <= 8 ? short : 6));
});

// The end of an entry on a phone: the reading path's cards in one column, each as wide
// as the column; the Sources heading with more room above than below, as the
// sections' headings have.
test.describe('the end of an entry on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  test('reading path cards span the column; the Sources heading stands apart', async ({ page }) => {
    await page.goto('en/memory-bound');
    const nav = (await page.locator('.path-nav').boundingBox())!;
    const cards = page.locator('.path-nav a');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const box of await cards.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON()))) {
      expect(Math.abs(box.x - nav.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.width - nav.width)).toBeLessThanOrEqual(1);
    }
    const gaps = await page.locator('.entry-end .sources h2').evaluate((h) => {
      const box = h.getBoundingClientRect();
      const before = (h.closest('.sources')!.previousElementSibling ?? h.closest('.entry-end')!.previousElementSibling)!;
      return { above: box.top - before.getBoundingClientRect().bottom, below: h.nextElementSibling!.getBoundingClientRect().top - box.bottom };
    });
    expect(gaps.above, JSON.stringify(gaps)).toBeGreaterThanOrEqual(1.5 * gaps.below);
  });
});
