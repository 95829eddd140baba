import { test, expect, ready, live, entries, withCalculator, seriousViolations } from './fixtures';
import * as fs from 'fs';

// Every page of the site, visited once for all of its checks (issue 37, point 6): the
// entries of both languages, the two indexes and the not-found page. Each check runs
// as a step named after the test it was before, and in the state that test saw:
//
// 1. without JavaScript, in a context of its own: the entry is complete;
// 2. at 360 px, a deep link (status 200, the title names the entry): no sideways
//    scrolling, section links beside their heading's last word, axe;
// 3. reloaded at desktop width (the reload answers the same entry), before the app
//    is live: axe in the light scheme, then in the dark one on the same loaded page
//    (only colours change between them), the full-page screenshot in the light one;
// 4. the app woken on that page: figures, calculator and charts come alive.
//
// The `problems` fixture watches the one live page throughout: any console error,
// failed request or blocked resource fails the page's test.

type Lang = 'en' | 'de';
type Kind = 'index' | 'entry' | 'missing';
interface Visit {
  path: string;
  kind: Kind;
  lang?: Lang;
  slug?: string;
}

const visits: Visit[] = [
  { path: 'en/', kind: 'index' },
  { path: 'de/', kind: 'index' },
  ...(['en', 'de'] as const).flatMap((lang) => entries[lang].map((slug): Visit => ({ path: `${lang}/${slug}`, kind: 'entry', lang, slug }))),
  { path: 'en/does-not-exist', kind: 'missing' },
];

// The dark scheme changes colours only: in it, axe checks what colours decide.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// One file holds every page: its tests share the workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

for (const { path, kind, lang, slug } of visits) {
  test(`every check of ${path}`, async ({ browser, page, problems }) => {
    // Up to seven tests' worth of loads and axe runs, on two cores shared with the build.
    test.setTimeout(120_000);
    const calculator = kind === 'entry' && (withCalculator[lang!] as string[]).includes(slug!);

    if (kind === 'entry') {
      await test.step(`${path} is complete (without JavaScript)`, async () => {
        const context = await browser.newContext({ javaScriptEnabled: false });
        try {
          const page = await context.newPage();
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await expect(page.locator('article h1')).toBeVisible();
          expect((await page.locator('article .prose').allInnerTexts()).join(' ').length).toBeGreaterThan(1500);
          await expect(page.locator('.sources li').first()).toBeVisible();
          expect(await page.locator('article').innerText()).not.toMatch(/undefined|\{\{/);
          expect((await page.locator('.rv, .calculator').allInnerTexts()).join(' ')).not.toMatch(/NaN/);
          // No id twice: the content's sections, given as written, never take the site's own ids.
          const ids = await page.locator('[id]').evaluateAll((es) => es.map((e) => e.id));
          expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
          if (calculator) {
            await expect(page.locator('.calculator .outputs .output').first()).toBeVisible();
            const svgs = page.locator('.chart-static svg');
            expect(await svgs.count()).toBe(await page.locator('figure.chart').count());
            if ((await svgs.count()) > 0) await expect(svgs.first()).toBeVisible();
          } else {
            expect(await page.locator('.calculator').count()).toBe(0);
          }
        } finally {
          await context.close();
        }
      });
    }

    let title = '';
    if (kind !== 'missing') {
      await test.step(`no sideways scrolling at 360 px on ${path}`, async () => {
        await page.setViewportSize({ width: 360, height: 740 });
        const response = await page.goto(path);
        await ready(page);
        if (kind === 'entry') {
          // Deep link and reload of the entry, its first half: the deep link.
          expect(response?.status(), 'deep link').toBe(200);
          title = await page.locator('article h1').innerText();
          expect(await page.title(), 'deep link').toContain(title.split('\n')[0].replace(/\s*\(.*\)$/, ''));
        }
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

    await test.step(`no serious accessibility violations on ${path} (light, then dark)`, async () => {
      // The page as it is first painted at desktop width, the app not yet woken by
      // anything but the page itself.
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.emulateMedia({ colorScheme: 'light' });
      if (kind === 'missing') {
        await page.goto(path);
      } else {
        await page.reload();
      }
      await ready(page);
      if (kind === 'entry') {
        // Deep link and reload of the entry, its second half: the reload.
        await expect(page.locator('article h1'), 'reload').toHaveText(title);
      }
      expect(await seriousViolations(page), 'light').toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page, { rules: COLOUR_RULES }), 'dark').toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      if (kind !== 'missing') {
        // For people: target/e2e-screenshots/, one per page, in the light scheme.
        fs.mkdirSync('target/e2e-screenshots', { recursive: true });
        const name = path.replace(/\/$/, '/index').replace(/\//g, '-');
        await page.screenshot({ path: `target/e2e-screenshots/${name}.png`, fullPage: true });
      }
    });

    if (kind === 'entry') {
      await test.step(`${path} comes alive: figures, calculator and charts`, async () => {
        await live(page);
        await expect(page.locator('article h1')).toBeVisible();
        // No unfilled template; no NaN among computed figures (the prose may name NaN,
        // as the entry on number formats does).
        expect(await page.locator('main').innerText()).not.toMatch(/undefined|\{\{/);
        expect((await page.locator('.rv, .calculator, .verdict-bar').allInnerTexts()).join(' ')).not.toMatch(/NaN/);
        if (calculator) {
          const values = await page.locator('.calculator .outputs .output .value').allInnerTexts();
          expect(values.length).toBeGreaterThan(0);
          for (const v of values) expect(v.trim()).not.toBe('');
          const charts = await page.locator('figure.chart').count();
          await expect(page.locator('figure.chart.painted')).toHaveCount(charts);
        }
      });
    }

    if (kind === 'missing') {
      // The unknown address answers 404 on purpose.
      const expected = problems.filter((p) => !/status 404|status of 404/.test(p));
      problems.splice(0, problems.length, ...expected);
    }
  });
}
