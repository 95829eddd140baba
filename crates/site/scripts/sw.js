// The service worker of the glossary: offline reading (docs/reading.md, "Offline reading").
// `cargo xtask dist` writes it to the site's base path with this build's identity,
// its app files, their SHA-256 sums and the texts of the offline note filled in, so
// that a new build is a new service worker, byte for byte, and keeps its files in a
// cache of its own.
//
// Every project of an owner on GitHub Pages shares one origin, and so one set of
// caches: another project can open this site's cache and put its own files in it.
// Nothing is therefore served from a cache, or kept in one, unless its bytes have the
// sum this build gave the file: the sums of the app files are in this worker, those
// of the pages and their files in each language's list, itself checked against its
// sum here. A file whose sum is not known is fetched, never kept.
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
/** The SHA-256 (hex) of each app file, of the code and of each language's list. */
const SUMS = __SUMS__;
/** The stylesheet, for the offline note. */
const CSS = '__CSS__';
/** The class of the note's `<main>`, which the stylesheet styles. */
const NOTE_CLASS = '__NOTE_CLASS__';
/** This worker's own file, in the site's root. */
const WORKER = '__WORKER__';
/** The offline note's texts by language. */
const NOTE = __NOTE__;
/** The languages, each with a list of its pages and their files (`offline-<lang>.json`). */
const LANGS = __LANGS__;

/** This site's caches, and only they, start with it: the site's path tells it from
 * another project's on the same origin. */
const PREFIX = `glossary:${BASE}:`;
const CACHE = PREFIX + BUILD;
/** Files named by the hash of their content never change: the app's (trunk writes its
 * hash in hex without leading zeros) and the data files (16 hex digits). */
const HASHED = /(-[0-9a-f]{1,16}(_bg)?\.(wasm|js|css)|\.[0-9a-f]{16}\.(bin|txt))$/;

/** The cache key of an address: without its query (a link may carry the calculator's state). */
const key = (url) => {
  const u = new URL(url, self.location.origin);
  return u.origin + u.pathname;
};

/** The path below BASE of an address (`en/kv-cache`), or null outside the site. */
const below = (url) => {
  const path = new URL(url, self.location.origin).pathname;
  return path.startsWith(BASE) ? path.slice(BASE.length) : null;
};

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sum = async (bytes) => hex(await crypto.subtle.digest('SHA-256', bytes));

/** A response of `bytes` with `response`'s status and headers, and no address: what
 * is kept carries no query of the address it was fetched by. */
const rebuilt = (bytes, response) =>
  new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });

/** The sums of every file of a language's pages, from its list; the lists are read
 * once per worker, from this cache when they are there and whole, else from the
 * network, and each is checked against its sum first. */
let known = null;
function sums() {
  known ??= (async () => {
    const all = new Map(Object.entries(SUMS));
    const cache = await caches.open(CACHE);
    for (const lang of LANGS) {
      const path = `offline-${lang}.json`;
      let list = await verified(cache, path, SUMS[path]);
      if (!list) {
        const response = await fetch(BASE + path, { cache: 'no-cache' });
        if (!(await keep(cache, path, response, SUMS[path]))) continue;
        list = await verified(cache, path, SUMS[path]);
      }
      for (const [file, s] of Object.entries((await list.json()).sums ?? {})) all.set(file, s);
    }
    return all;
  })().catch((error) => {
    known = null;
    throw error;
  });
  return known;
}

/** What this cache holds for `path` where its bytes have the sum `expected` (a
 * response without the address it was fetched by); a copy with another sum is
 * deleted. */
async function verified(cache, path, expected) {
  const hit = expected && (await cache.match(key(BASE + path)));
  if (!hit) return null;
  const bytes = await hit.arrayBuffer();
  if ((await sum(bytes)) === expected) return rebuilt(bytes, hit);
  await cache.delete(key(BASE + path));
  return null;
}

/** What this cache holds for `path`, checked against this build's sum; null where
 * there is none or it was not this build's file. */
async function checked(cache, path) {
  return verified(cache, path, (await sums()).get(path));
}

/** Keeps `response` for `path` where its bytes are this build's file. */
async function keep(cache, path, response, expected) {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  const bytes = await response.arrayBuffer();
  if (!expected || (await sum(bytes)) !== expected) return false;
  await cache.put(key(BASE + path), rebuilt(bytes, response));
  return true;
}

/** Fetches `paths` (below BASE) from the network into `cache`, each checked against
 * its sum; a page the build no longer has (404) is left out, any other failure fails
 * the whole. */
async function fill(cache, paths, all) {
  const queue = [...paths];
  const one = async () => {
    while (queue.length) {
      const path = queue.shift();
      const url = BASE + path;
      // Hash-named files never change: the browser's cache may answer.
      const response = await fetch(url, { cache: HASHED.test(path) ? 'default' : 'no-cache' });
      if (response.status === 404) continue;
      if (!(await keep(cache, path, response, all.get(path)))) throw new Error(`${url}: not this build's file`);
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
      const all = await sums();
      await fill(cache, APP, all);
      const kept = new Set();
      // The pages open now: the first one a reader opens comes before any worker.
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        const path = below(client.url);
        if (path !== null) kept.add(path);
      }
      let hadCode = false;
      for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === CACHE) continue;
        for (const request of await (await caches.open(name)).keys()) {
          const path = below(request.url);
          if (path !== null) kept.add(path);
          if (path?.endsWith('.wasm')) hadCode = true;
        }
      }
      // The previous build's code was kept: this build's takes its place.
      if (hadCode) await fill(cache, CODE, all);
      if (kept.size > 0) {
        const files = new Map();
        for (const lang of LANGS.filter((l) => [...kept].some((p) => p.startsWith(`${l}/`)))) {
          const list = await (await verified(cache, `offline-${lang}.json`, SUMS[`offline-${lang}.json`])).json();
          for (const page of list.pages) files.set(page.url, page.files);
        }
        const wanted = new Set();
        for (const path of kept) {
          if (files.has(path)) {
            wanted.add(path);
            for (const file of files.get(path)) wanted.add(file);
          } else if (!HASHED.test(path) && all.has(path)) {
            // Not a page; not a file of the old build only: the same address in this build.
            wanted.add(path);
          }
        }
        // The app's code comes with a language's list: kept above only if it was before.
        for (const path of [...APP, ...CODE]) wanted.delete(path);
        await fill(cache, wanted, all);
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
  if (event.data === 'keep-app') {
    event.waitUntil((async () => fill(await caches.open(CACHE), CODE, await sums()))().catch(() => {}));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  if (url.pathname === `${BASE}${WORKER}`) return;
  const path = url.pathname.slice(BASE.length);
  event.respondWith(HASHED.test(path) ? cacheFirst(event, path) : networkFirst(event, url, path));
});

/** Keeps a copy of `response` once the page has it: the body is read twice. */
function later(event, cache, path, response) {
  const copy = response.clone();
  event.waitUntil(
    sums()
      .then((all) => keep(cache, path, copy, all.get(path)))
      .catch(() => {}),
  );
}

/** Hash-named files: from the cache where its copy is this build's, else from the
 * network and kept. */
async function cacheFirst(event, path) {
  const cache = await caches.open(CACHE);
  const hit = await checked(cache, path).catch(() => null);
  if (hit) return hit;
  const response = await fetch(event.request);
  later(event, cache, path, response);
  return response;
}

/** Pages and other files: from the network and kept; offline, as kept (checked); a
 * page never kept, the offline note. */
async function networkFirst(event, url, path) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    later(event, cache, path, response);
    return response;
  } catch (error) {
    const hit = await checked(cache, path).catch(() => null);
    if (hit) return hit;
    if (event.request.mode === 'navigate') return note(cache, url);
    return Response.error();
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
  let saved = '';
  try {
    const path = `offline-${lang}.json`;
    const list = await (await verified(cache, path, SUMS[path])).json();
    const all = await sums();
    const items = [];
    for (const page of list.pages) {
      if (page.url !== `${lang}/` && (await verified(cache, page.url, all.get(page.url)))) {
        items.push(`<li><a href="${BASE}${escape(page.url)}">${escape(page.title)}</a></li>`);
      }
    }
    if (items.length) saved = `<h2>${escape(t.held)}</h2><ul>${items.join('')}</ul>`;
  } catch {}
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(t.title)}</title><link rel="stylesheet" href="${BASE}${CSS}">` +
    `<link rel="icon" type="image/svg+xml" href="${BASE}public/favicon.svg"></head>` +
    `<body><main class="${NOTE_CLASS}"><h1>${escape(t.title)}</h1><p>${escape(t.text)}</p>` +
    `<p><a href="${escape(url.pathname + url.search)}">${escape(t.retry)}</a> · <a href="${BASE}${lang}/">${escape(t.index)}</a></p>` +
    `${saved}<p>${escape(t.action)}</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
