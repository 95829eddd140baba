// The service worker of the glossary: offline reading (README, "Offline reading").
// `cargo xtask dist` writes it to the site's base path with this build's identity,
// its app files and the texts of the offline note filled in, so that a new build is a
// new service worker, byte for byte, and keeps its files in a cache of its own.
'use strict';

const BUILD = '__BUILD__';
/** The site's path (`/glossary/`), the scope of this worker. */
const BASE = '__BASE__';
/** The build's app files without its code, below BASE: CSS, scripts, icon, manifest,
 * start page, and each language's index page with its index file and its list of
 * pages. */
const APP = __APP__;
/** The app's code (JS glue and wasm): kept once the app has woken on a page or a
 * language is saved, not at install, so that a reader who only reads never fetches it. */
const CODE = __CODE__;
/** The stylesheet, for the offline note. */
const CSS = '__CSS__';
/** The offline note's texts by language. */
const NOTE = __NOTE__;
/** The languages, each with a list of its pages and their files (`offline-<lang>.json`). */
const LANGS = __LANGS__;

const PREFIX = 'glossary-';
const CACHE = PREFIX + BUILD;
/** Files named by the hash of their content never change: the app's and the data files. */
const HASHED = /[.-][0-9a-f]{16}(_bg)?\.(wasm|js|css|bin|txt)$/;

/** The cache key of an address: without its query (a link may carry the calculator's state). */
const key = (url) => {
  const u = new URL(url, self.location.origin);
  return u.origin + u.pathname;
};

/** Fetches `paths` (below BASE) from the network into `cache`; a page the build no
 * longer has (404) is left out, any other failure fails the whole. */
async function fill(cache, paths) {
  const queue = [...paths];
  const one = async () => {
    while (queue.length) {
      const path = queue.shift();
      const url = BASE + path;
      // Hash-named files never change: the browser's cache may answer.
      const response = await fetch(url, { cache: HASHED.test(path) ? 'default' : 'no-cache' });
      if (response.status === 404) continue;
      if (!response.ok || response.redirected) throw new Error(`${url}: ${response.status}`);
      await cache.put(key(url), response);
    }
  };
  await Promise.all([one(), one(), one(), one()]);
}

// Install: this build's app files, and this build's version of the pages open now
// and of everything the previous build's cache held (pages with their data and prose
// files), all or nothing. Until it has them all, the previous worker keeps serving its own set.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await fill(cache, APP);
      const kept = new Set();
      // The pages open now: the first one a reader opens comes before any worker.
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        const path = new URL(client.url).pathname;
        if (path.startsWith(BASE)) kept.add(path.slice(BASE.length));
      }
      let hadCode = false;
      for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === CACHE) continue;
        for (const request of await (await caches.open(name)).keys()) {
          const path = new URL(request.url).pathname;
          if (path.startsWith(BASE)) kept.add(path.slice(BASE.length));
          if (path.endsWith('.wasm')) hadCode = true;
        }
      }
      // The previous build's code was kept: this build's takes its place.
      if (hadCode) await fill(cache, CODE);
      if (kept.size > 0) {
        const files = new Map();
        for (const lang of LANGS.filter((l) => [...kept].some((p) => p.startsWith(`${l}/`)))) {
          const response = await fetch(`${BASE}offline-${lang}.json`, { cache: 'no-cache' });
          if (!response.ok) throw new Error(`offline-${lang}.json: ${response.status}`);
          for (const page of (await response.json()).pages) files.set(page.url, page.files);
        }
        const wanted = new Set();
        for (const path of kept) {
          if (files.has(path)) {
            wanted.add(path);
            for (const file of files.get(path)) wanted.add(file);
          } else if (!HASHED.test(path)) {
            // Not a page; not a file of the old build only: the same address in this build.
            wanted.add(path);
          }
        }
        // The app's code comes with a language's list: kept above only if it was before.
        for (const path of [...APP, ...CODE]) wanted.delete(path);
        await fill(cache, wanted);
      }
      await self.skipWaiting();
    })(),
  );
});

// Activate: the previous builds' caches go, and open pages of this scope are served
// by this worker from now on.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A page that was opened before this worker took over asks to be served by it; a
// page whose app woke before that asks for the code to be kept (the browser's cache
// has it).
self.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(self.clients.claim());
  if (event.data === 'keep-app') event.waitUntil(caches.open(CACHE).then((cache) => fill(cache, CODE)));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  if (url.pathname === `${BASE}sw.js`) return;
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(event) : networkFirst(event, url));
});

/** Hash-named files: from the cache, else from the network and kept. */
async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  keep(event, cache, event.request.url, response);
  return response;
}

/** Pages and other files: from the network and kept; offline, as kept; a page never
 * kept, the offline note. */
async function networkFirst(event, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    keep(event, cache, url, response);
    return response;
  } catch (error) {
    const hit = await cache.match(key(url));
    if (hit) return hit;
    if (event.request.mode === 'navigate') return note(cache, url);
    return Response.error();
  }
}

function keep(event, cache, url, response) {
  if (response.status === 200 && response.type === 'basic' && !response.redirected) {
    event.waitUntil(cache.put(key(url), response.clone()).catch(() => {}));
  }
}

const escape = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** A short page in the language of the address: it is not saved, the pages of its
 * language this device holds, and how to save them all. */
async function note(cache, url) {
  const rest = url.pathname.slice(BASE.length);
  const lang = LANGS.find((l) => rest === l || rest.startsWith(`${l}/`)) ?? 'en';
  const t = NOTE[lang];
  let held = '';
  try {
    const list = await (await cache.match(key(`${BASE}offline-${lang}.json`))).json();
    const items = [];
    for (const page of list.pages) {
      if (page.url !== `${lang}/` && (await cache.match(key(BASE + page.url)))) {
        items.push(`<li><a href="${BASE}${escape(page.url)}">${escape(page.title)}</a></li>`);
      }
    }
    if (items.length) held = `<h2>${escape(t.held)}</h2><ul>${items.join('')}</ul>`;
  } catch {}
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(t.title)}</title><link rel="stylesheet" href="${BASE}${CSS}">` +
    `<link rel="icon" type="image/svg+xml" href="${BASE}public/favicon.svg"></head>` +
    `<body><main class="offline-note"><h1>${escape(t.title)}</h1><p>${escape(t.text)}</p>` +
    `<p><a href="${escape(url.pathname + url.search)}">${escape(t.retry)}</a> · <a href="${BASE}${lang}/">${escape(t.index)}</a></p>` +
    `${held}<p>${escape(t.action)}</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
