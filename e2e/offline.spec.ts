import { test, expect, live, output, entries, seriousViolations, moreInputs } from './fixtures';
import type { Page, BrowserContext } from '@playwright/test';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';

// Offline reading (docs/reading.md, "Offline reading"): the service worker of the build.
// The other specs block service workers (playwright.config.ts); these need it.
test.use({ serviceWorkers: 'allow' });

/** The page is served by the site's service worker. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
}

/** The names of the caches the page's origin holds. */
function cacheNames(page: Page) {
  return page.evaluate(() => caches.keys());
}

/** The paths (below the site) of everything the worker's one cache holds. */
function cached(page: Page) {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const base = new URL('./', document.baseURI).pathname;
    const keys = names.length === 1 ? await (await caches.open(names[0])).keys() : [];
    return keys.map((r) => new URL(r.url).pathname.slice(base.length)).sort();
  });
}

/** Waits until the worker has kept the page it was installed under and its files. */
async function kept(page: Page, ...paths: string[]) {
  await expect.poll(() => cached(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(paths));
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

test('a visited entry opens and computes without a network', async ({ page, context, problems }) => {
  await page.goto('en/memory-bound');
  await live(page);
  await controlled(page);
  // The page opened before the worker existed is kept with its data and prose files.
  await kept(page, 'en/memory-bound');
  const files = await cached(page);
  expect(files.some((f) => /^data\/en\/memory-bound\.[0-9a-f]{16}\.bin$/.test(f)), files.join('\n')).toBe(true);
  expect(files.some((f) => /^prose\/en\/memory-bound\.[0-9a-f]{16}\.txt$/.test(f)), files.join('\n')).toBe(true);
  // The app woke before the worker existed: its code is kept once the worker runs.
  await expect.poll(async () => (await cached(page)).some((f) => f.endsWith('.wasm')), { timeout: 20_000 }).toBe(true);

  await goOffline(context);
  await page.reload();
  await live(page);
  await expect(page.locator('article h1')).toHaveText(/Memory-bound/i);
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
  await expect(output(page, 'weight_time')).toHaveText('3.5 ms');

  // Opened anew (a link carries the calculator's state in its query): the same.
  await page.goto('en/memory-bound?x=1');
  await live(page);
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('2000');
  await expect(output(page, 'weight_time')).toHaveText('7.0 ms');
  await context.setOffline(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });
  test('a reader who only reads never fetches the app, not even for the worker', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await controlled(page);
    await kept(page, 'en/memory-bound', 'en/', 'de/');
    await page.waitForTimeout(500);
    const files = await cached(page);
    expect(files.filter((f) => f.endsWith('.wasm') || /^glossary-[0-9a-f]+\.js$/.test(f))).toEqual([]);
    await expect(page.locator('body[data-live]')).not.toBeAttached();
  });
});

test('a page never opened says, offline, that it is not kept', async ({ page, context }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('de/memory-bound');
  await controlled(page);
  await kept(page, 'de/memory-bound');
  await goOffline(context);
  const response = await page.goto('de/kv-cache');
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du bist offline');
  await expect(page.getByRole('link', { name: 'Erneut versuchen' })).toHaveAttribute('href', /\/de\/kv-cache$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('main')).toContainText('nicht auf diesem Gerät gespeichert');
  // The site's stylesheet, kept with the app, and a way back.
  expect(await page.evaluate(() => document.styleSheets.length)).toBe(1);
  await expect(page.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', /\/de\/$/);
  // The pages this device holds, and how to save them all.
  const held = page.getByRole('main').getByRole('list').getByRole('link');
  await expect(held).toHaveText(['Memory-Bound']);
  await expect(page.getByRole('main')).toContainText('„Glossar zum Offline-Lesen speichern“');
  // The way back opens though the index was never visited: the worker keeps both.
  await page.getByRole('link', { name: 'Zur Übersicht' }).click();
  await expect(page.locator('main#main h1')).toBeVisible();
  await expect(page.locator('main.offline-note')).toHaveCount(0);
  await page.goto('en/');
  await expect(page.locator('main.offline-note')).toHaveCount(0);
  // A visited page still opens.
  await page.goto('de/memory-bound');
  await expect(page.locator('article h1')).toHaveText(/Memory-Bound/);
  expect(violations).toEqual([]);
  await context.setOffline(false);
});

test('"Save for offline reading" says the size, shows progress and the saved state, then every page opens offline', async ({ page, context, problems }) => {
  await page.goto('de/');
  await live(page);
  await controlled(page);
  const footer = page.locator('.offline');
  await expect(footer).toBeVisible();
  // Only the page's language.
  await expect(footer.locator('.offline-action[lang="en"]')).toBeHidden();
  const block = footer.locator('.offline-action[lang="de"]');
  const status = block.getByRole('status');
  // Every text the status shows, in order.
  await page.evaluate(() => {
    const seen: string[] = ((window as any).__said = []);
    const node = document.querySelector('.offline-action[lang="de"] .offline-status')!;
    new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { childList: true, characterData: true, subtree: true });
  });
  const pages = entries.de.length + 1;
  await expect(block).toContainText('Auch ohne Internetverbindung weiterlesen');
  await block.getByRole('button', { name: 'Glossar zum Offline-Lesen speichern' }).click();
  await expect(status).toHaveText(`Das sind alle ${pages} deutschen Seiten samt Rechnern.`);
  // The size is on the button that confirms, which stands out from "Abbrechen".
  const confirm = block.getByRole('button', { name: /^[\d,]+\s(kB|MB) speichern$/ });
  await expect(confirm).toBeFocused();
  const look = (name: string) =>
    block.getByRole('button', { name }).evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(await confirm.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(await look('Abbrechen'));
  // Nothing is fetched before the reader confirms.
  expect(await cached(page)).not.toContain('de/kv-cache');
  expect(await seriousViolations(page, { within: '.offline' })).toEqual([]);
  await confirm.click();
  await expect(status).toHaveText(`Zum Offline-Lesen gespeichert: alle ${pages} deutschen Seiten. Sie öffnen sich auch ohne Internetverbindung.`, { timeout: 30_000 });
  // Nothing to update right after saving: the status holds the focus.
  await expect(status).toBeFocused();
  await expect(block.getByRole('button')).toHaveCount(0);
  // The status said the start and the end only; the bar counted the pages.
  const said: string[] = await page.evaluate(() => (window as any).__said);
  expect(said.filter((s) => s !== '')).toEqual([
    `Das sind alle ${pages} deutschen Seiten samt Rechnern.`,
    expect.stringMatching(new RegExp(`^${pages} Seiten, [\\d,]+\u00a0(kB|MB)$`)),
    `Zum Offline-Lesen gespeichert: alle ${pages} deutschen Seiten. Sie öffnen sich auch ohne Internetverbindung.`,
  ]);
  await expect(block.locator('progress')).toBeHidden();
  // Saved: said as a state, also after a reload, with an update to offer.
  await page.reload();
  await expect(status).toHaveText(`Zum Offline-Lesen gespeichert: alle ${pages} deutschen Seiten.`);
  await expect(block.getByRole('button', { name: 'Gespeicherte Seiten aktualisieren' })).toBeVisible();

  await goOffline(context);
  for (const slug of entries.de) {
    await page.goto(`de/${slug}`);
    await expect(page.locator('article h1'), slug).toBeVisible();
  }
  await page.goto('de/');
  await expect(page.locator('main#main')).toBeVisible();
  // In-app navigation offline: the entry's data and prose files were kept too.
  await live(page);
  await page.locator(`main a[href$="/de/${entries.de[0]}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/de/${entries.de[0]}$`));
  await expect(page.locator('article h1')).toBeVisible();
  await context.setOffline(false);
});

for (const width of [360, 1440]) {
  test(`the action stands in the column of the entry's text at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('en/memory-bound');
    await controlled(page);
    const action = page.locator('.offline-action[lang="en"]');
    await expect(action).toBeVisible();
    const text = (await page.locator('article .prose').first().boundingBox())!;
    const box = (await action.boundingBox())!;
    expect(Math.abs(box.x - text.x)).toBeLessThanOrEqual(1);
    expect(box.x + box.width).toBeLessThanOrEqual(text.x + text.width + 1);
  });
}

// A second build: served by a small server of this test that answers like GitHub
// Pages from a folder it can switch, as a deployment replaces the site.
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
};

function pagesServer(root: { dir: string }): Promise<{ base: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const rest = decodeURIComponent(url.pathname).replace(/^\/glossary\//, '');
    const candidates = rest === '' || rest.endsWith('/') ? [`${rest}index.html`] : [rest, `${rest}.html`];
    const file = candidates
      .map((c) => path.join(root.dir, c))
      .find((f) => f.startsWith(root.dir + path.sep) && fs.existsSync(f) && fs.statSync(f).isFile());
    const status = file ? 200 : 404;
    const body = fs.readFileSync(file ?? path.join(root.dir, '404.html'));
    const type = CONTENT_TYPES[path.extname(file ?? '.html')] ?? 'application/octet-stream';
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ base: `http://127.0.0.1:${port}/glossary/`, close: () => server.close() });
    }),
  );
}

function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Every file below `dir`, relative to it. */
function walk(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(dir, path.join(rel, e.name)) : [path.join(rel, e.name)],
  );
}

/** A copy of `dist` as the next build: another identity, its stylesheet under a new
 * hash name (the same bytes, so that its integrity holds) and a mark in every page. */
function secondBuild(dist: string, into: string): { build: string; oldCss: string; newCss: string } {
  fs.rmSync(into, { recursive: true, force: true });
  fs.cpSync(dist, into, { recursive: true });
  const oldCss = fs.readdirSync(into).find((f) => /^main-[0-9a-f]+\.css$/.test(f))!;
  const newCss = oldCss.replace(/[0-9a-f]+(?=\.css$)/, (h) => h.split('').reverse().join(''));
  fs.renameSync(path.join(into, oldCss), path.join(into, newCss));
  for (const file of walk(into).filter((f) => f.endsWith('.html'))) {
    const full = path.join(into, file);
    const html = fs.readFileSync(full, 'utf8').replaceAll(oldCss, newCss).replace('</head>', '<meta name="build" content="second"></head>');
    fs.writeFileSync(full, html);
  }
  // The worker and the lists hold each file's SHA-256: the marked pages get theirs,
  // and the lists, changed by that, theirs in the worker.
  const sums = new Map<string, string>();
  for (const file of walk(dist).filter((f) => f.endsWith('.html'))) {
    sums.set(sha256(fs.readFileSync(path.join(dist, file))), sha256(fs.readFileSync(path.join(into, file))));
  }
  const swap = (text: string) => [...sums].reduce((t, [from, to]) => t.replaceAll(from, to), text);
  for (const list of walk(into).filter((f) => /^offline-\w+\.json$/.test(f))) {
    const full = path.join(into, list);
    const before = fs.readFileSync(full);
    fs.writeFileSync(full, swap(before.toString('utf8')));
    sums.set(sha256(before), sha256(fs.readFileSync(full)));
  }
  const sw = path.join(into, 'sw.js');
  const worker = fs.readFileSync(sw, 'utf8');
  const first = /BUILD\s*=\s*["']([0-9a-f]{16})["']/.exec(worker)![1];
  const build = 'second0000000000';
  fs.writeFileSync(sw, swap(worker.replaceAll(oldCss, newCss).replaceAll(first, build)));
  return { build, oldCss, newCss };
}

test('a second build replaces the whole kept set at once', async ({ page, context, problems }) => {
  const dist = path.join(__dirname, '..', 'dist');
  const root = { dir: dist };
  const server = await pagesServer(root);
  try {
    await page.goto(`${server.base}en/memory-bound`);
    await live(page);
    await controlled(page);
    await kept(page, 'en/memory-bound');
    await page.goto(`${server.base}de/`);
    await live(page);
    await kept(page, 'en/memory-bound', 'de/');
    const [first] = await cacheNames(page);
    expect(first).toMatch(/^glossary:\/glossary\/:[0-9a-f]{16}$/);

    // Deploy the second build; the worker finds it on its next check.
    const second = secondBuild(dist, test.info().outputPath('second'));
    root.dir = test.info().outputPath('second');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect.poll(() => cacheNames(page), { timeout: 20_000 }).toEqual([`glossary:/glossary/:${second.build}`]);
    const files = await cached(page);
    expect(files).toEqual(expect.arrayContaining(['en/memory-bound', 'de/', second.newCss]));
    expect(files).not.toContain(second.oldCss);

    // Online after a reload, then offline: every page and asset of the second build.
    await page.reload();
    await live(page);
    await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'second');
    await goOffline(context);
    for (const address of ['en/memory-bound', 'de/']) {
      await page.goto(`${server.base}${address}`);
      await live(page);
      await expect(page.locator('meta[name="build"]'), address).toHaveAttribute('content', 'second');
    }
    await page.goto(`${server.base}en/memory-bound`);
    await live(page);
    await moreInputs(page);
    await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
    await expect(output(page, 'weight_time')).toHaveText('3.5 ms');
    expect(requested.filter((u) => u.includes(second.oldCss))).toEqual([]);
    // Every page the cache holds is the second build's.
    const stale = await page.evaluate(async () => {
      const [name] = await caches.keys();
      const cache = await caches.open(name);
      const old: string[] = [];
      for (const request of await cache.keys()) {
        const response = (await cache.match(request))!;
        if ((response.headers.get('content-type') ?? '').startsWith('text/html') && !(await response.text()).includes('content="second"')) old.push(request.url);
      }
      return old;
    });
    expect(stale).toEqual([]);
    await context.setOffline(false);
  } finally {
    server.close();
  }
});

// GitHub Pages serves every project of an owner from one origin (`<owner>.github.io`),
// and so with one set of caches: another project can open this site's cache and put
// its own files under the site's addresses. The worker serves and keeps only files
// with this build's sums.
// (No `problems`: the other project's page is a 404, the offline note a 503.)
test('a project beside the site on the same origin cannot plant a script or a page in its caches', async ({ page, context }) => {
  await page.goto('en/memory-bound?model=llama-3.1-70b&batch=7');
  await live(page);
  await controlled(page);
  await kept(page, 'en/memory-bound');
  // The app's files are kept side by side, each as it arrives: the wasm and its glue.
  const glueName = /^glossary-[0-9a-f]+\.js$/;
  const app = async () => {
    const files = await cached(page);
    return files.some((f) => f.endsWith('.wasm')) && files.some((f) => glueName.test(f));
  };
  await expect.poll(app, { timeout: 20_000 }).toBe(true);
  const glue = (await cached(page)).find((f) => glueName.test(f))!;
  const plant = async (paths: string[]) => {
    // A page of another project: the same origin, another path.
    await page.goto('/other-project/');
    await page.evaluate(async ({ glue, paths }) => {
      const at = (path: string) => new URL(`/glossary/${path}`, location.origin).href;
      const script = 'window.__planted = "script"; document.title = "planted";';
      const html = '<!doctype html><title>planted</title><script>window.__planted = "page"</script><p id="planted">planted</p>';
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        await cache.put(at(glue), new Response(script, { headers: { 'Content-Type': 'text/javascript' } }));
        for (const path of paths) {
          await cache.put(at(path), new Response(html, { headers: { 'Content-Type': 'text/html' } }));
        }
      }
    }, { glue, paths });
  };
  const own = async (address: string) => {
    expect(await page.evaluate(() => (window as unknown as { __planted?: string }).__planted), address).toBeUndefined();
    await expect(page.locator('#planted'), address).toHaveCount(0);
  };

  // Online: the site's own script (served cache-first) and pages.
  await plant(['en/memory-bound', 'en/kv-cache', 'de/']);
  await page.goto('en/memory-bound');
  await live(page);
  await own('en/memory-bound');
  await moreInputs(page);
  await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
  await expect(output(page, 'weight_time')).toHaveText('3.5 ms');

  // Offline: a kept page is the site's own; a planted one is not served (the note
  // stands in for it, as for a page never kept).
  await plant(['en/kv-cache', 'de/']);
  await goOffline(context);
  await page.goto('en/memory-bound');
  await own('en/memory-bound');
  await expect(page.locator('article h1')).toHaveText(/Memory-bound/i);
  for (const address of ['en/kv-cache', 'de/']) {
    await page.goto(address).catch(() => {});
    await own(address);
    await expect(page.locator('main.offline-note'), address).toBeVisible();
  }
  await context.setOffline(false);

  // Nothing kept carries the calculator's state of an address: no query in any key
  // or stored response of the site's caches.
  const queries = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        for (const url of [request.url, response?.url ?? '']) if (url.includes('?')) found.push(url);
      }
    }
    return found;
  });
  expect(queries).toEqual([]);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });
  test('the action stays hidden and the page works as before', async ({ page, problems }) => {
    await page.goto('en/memory-bound');
    await live(page);
    await page.waitForLoadState('load');
    await expect(page.locator('.offline')).toBeHidden();
    await moreInputs(page);
    await page.locator('.calculator').getByLabel('Bandwidth (GB/s)').fill('4000');
    await expect(output(page, 'weight_time')).toHaveText('3.5 ms');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the action is not shown', async ({ page }) => {
    await page.goto('de/memory-bound');
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.locator('.offline')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Dieses Glossar offline behalten' })).toHaveCount(0);
  });
});
