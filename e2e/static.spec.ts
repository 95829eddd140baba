import { test, expect, ready, live, holdWasm, entries, output, moreInputs } from './fixtures';

const routes = [
  '',
  'en/',
  'de/',
  ...entries.en.map((s) => `en/${s}`),
  ...entries.de.map((s) => `de/${s}`),
];

test.describe('without JavaScript', () => {
  test('the skip link and the letter bar stay on the page', async ({ page }) => {
    await page.goto('de/memory-bound');
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/glossary\/de\/memory-bound#main$/);
    await page.goto('de/');
    await page.locator('.letters a', { hasText: 'S' }).click();
    await expect(page).toHaveURL(/\/glossary\/de\/#group-S$/);
  });

  test.use({ javaScriptEnabled: false });

  // That every entry is complete without JavaScript: e2e/pages.spec.ts.

  test('worked examples are in the static page', async ({ page }) => {
    await page.goto('en/memory-bound');
    await expect(output(page, 'weight_bytes')).toContainText('14.0 GB');
    await expect(output(page, 'weight_time')).toHaveText('6.9 ms');
    await expect(page.locator('.calculator').getByLabel('Bandwidth (GB/s)')).toHaveValue('2039');
    await expect(page.locator('#calc0-hardware')).toHaveValue('a100-80gb');
    await page.goto('de/speicherbandbreite');
    await expect(output(page, 'kv_per_request_gib')).toHaveText('4,00 GiB');
  });

  test('on a wide screen the results take the calculator\'s width, with no empty form column', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('en/memory-bound');
    const [calc, results] = await page
      .locator('.calculator')
      .first()
      .evaluate((c) => [c.getBoundingClientRect().width, c.querySelector('.calc-results')!.getBoundingClientRect().width]);
    expect(results).toBeGreaterThan(0.9 * calc);
  });

  test('the root offers both languages', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByRole('link', { name: 'Deutsch' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
  });
});

test('every route answers 200 and an unknown one 404', async ({ request }) => {
  for (const route of routes) {
    expect((await request.get(route)).status(), route).toBe(200);
  }
  expect((await request.get('en/no-such-entry')).status()).toBe(404);
});

test('every page has its own title, description, canonical and hreflang links', async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Map<string, string>();
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(title, route).toBeTruthy();
    expect(titles.has(title!), `${route}: title repeats`).toBe(false);
    titles.add(title!);
    expect(description, route).toBeTruthy();
    descriptions.set(route, description!);
    expect(canonical, route).toMatch(new RegExp(`^https?://[^/]+/glossary/${route.replace(/\//g, '\\/')}$`));
    const hreflangs = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);
    expect(hreflangs, route).toContain('x-default');
    expect(hreflangs.length, route).toBeGreaterThanOrEqual(2);
    expect(html, route).toContain('property="og:title"');
    expect(html, route).toContain('name="twitter:card"');
  }
  expect(new Set(descriptions.values()).size).toBeGreaterThanOrEqual(routes.length - 2);
});

test('every page starts its head with the Content-Security-Policy and names its language', async ({ request }) => {
  for (const route of [...routes, 'en/no-such-entry']) {
    const html = await (await request.get(route)).text();
    // The static language, as a reader without JavaScript and a search engine see it.
    const lang = route.startsWith('de/') ? 'de' : 'en';
    expect(html.match(/<html[^>]*>/)?.[0], route).toBe(`<html lang="${lang}">`);
    // The first element of the head, whether or not the optional <head> tag is written.
    const afterHtml = html.slice(html.search(/<html[\s>]/));
    const head = afterHtml.slice(afterHtml.indexOf('>') + 1).replace(/^\s*<head>/, '');
    const first = head.match(/^\s*<[^>]+>/)?.[0] ?? '';
    expect(first, route).toMatch(/^\s*<meta http-equiv="Content-Security-Policy" content="/);
    const policy = first.match(/content="([^"]+)"/)![1];
    for (const directive of [
      "default-src 'none'",
      "connect-src 'self'",
      "style-src 'self'",
      "img-src 'self'",
      "base-uri 'self'",
      "form-action 'none'",
      "object-src 'none'",
    ]) {
      expect(policy, route).toContain(directive);
    }
    expect(policy, route).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy, route).not.toContain('unsafe-inline');
    // Nothing in a page may need an exception: no inline handlers or styles.
    expect(html, route).not.toMatch(/<[^>]+\son[a-z]+=/i);
    expect(html, route).not.toMatch(/<[^>]+\sstyle=/i);
  }
});

test('the sitemap lists every route with its alternates', async ({ request }) => {
  const xml = await (await request.get('sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(locs.sort()).toEqual(routes.map((r) => `/glossary/${r}`).sort());
  expect(xml).toContain('hreflang="de"');
  expect(xml).toContain('hreflang="en"');
  const robots = await (await request.get('robots.txt')).text();
  expect(robots).toContain('sitemap.xml');
});

test('the glossary for machines: llms.txt lists each entry\'s Markdown, served beside its page', async ({ request }) => {
  const index = await request.get('llms.txt');
  expect(index.status()).toBe(200);
  const text = await index.text();
  expect(text).toMatch(/^# Glossary of LLM inference\n\n> /);
  const linked = [...text.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => new URL(m[1]).pathname.replace(/^\/glossary\//, ''));
  expect(linked.sort()).toEqual(routes.filter((r) => /^(de|en)\/./.test(r)).map((r) => `${r}.md`).sort());
  const md = await request.get('en/memory-bound.md');
  expect(md.status()).toBe(200);
  expect(md.headers()['content-type']).toContain('text/markdown');
  const body = await md.text();
  // The worked example, written out for the entry's scenario.
  expect(body).toContain('14.0\u00a0GB');
  expect(body).not.toContain('{{');
  const full = await (await request.get('de/llms-full.txt')).text();
  expect(full).toContain('\n# Memory-Bound\n');
});

test('the app takes the page over without a second copy or a layout shift', async ({ page, problems }) => {
  await page.addInitScript(() => {
    (window as any).__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('en/memory-bound');
  await ready(page);
  // The calculator is more than a screen below: the app wakes as the reader reaches for it.
  await live(page);
  await expect(page.locator('figure.chart.painted')).toHaveCount(2);
  await page.waitForTimeout(500);
  expect(await page.locator('article h1').count()).toBe(1);
  expect(await page.locator('.calculator').count()).toBe(1);
  expect(await page.locator('.site-header').count()).toBe(1);
  const shift = await page.evaluate(() => (window as any).__shift as number);
  test.info().annotations.push({ type: 'cls', description: shift.toFixed(4) });
  expect(shift).toBeLessThanOrEqual(0.02);
  // Interactive once taken over.
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
  await expect(output(page, 'weight_time')).toHaveText('3.5 ms');
});

test('the largest paint is the text, and it happens before the wasm arrives', async ({ page, problems }) => {
  const wasm = await holdWasm(page);
  // Every largest-contentful-paint candidate of the page, from its start.
  await page.addInitScript(() => {
    (window as any).__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) {
        (window as any).__lcp.push({ time: e.startTime, tag: e.element?.tagName ?? '', text: (e.element?.textContent ?? '').slice(0, 40) });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('de/memory-bound', { waitUntil: 'commit' });
  await expect(page.locator('article h1')).toHaveText(/Memory-Bound/);
  await expect.poll(() => page.evaluate(() => (window as any).__lcp.length)).toBeGreaterThan(0);
  // Let the page settle with the wasm still held back.
  await page.waitForTimeout(500);
  const releasedAt = await page.evaluate(() => performance.now());
  const wasmBefore = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).length);
  expect(wasmBefore).toBe(0);
  wasm.release();
  await live(page);
  await expect(page.locator('figure.chart.painted').first()).toBeVisible();
  const entries: { time: number; tag: string; text: string }[] = await page.evaluate(() => (window as any).__lcp);
  const last = entries[entries.length - 1];
  test.info().annotations.push({ type: 'lcp', description: `${last.time.toFixed(0)} ms, <${last.tag}> ${last.text}` });
  expect(last.time).toBeLessThan(releasedAt);
  expect(['P', 'H1', 'DIV', 'LI', 'SECTION']).toContain(last.tag);
});
