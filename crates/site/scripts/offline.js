// Offline reading on the page, without the app (inline in every page's head, written
// by `crates/site`): registers the service worker (at the site's base path and
// scoped to it) and runs the footer's action "Save for offline reading". Any
// failure leaves the page as it is. Its element names the worker's file
// (data-worker) and the classes of the action in the footer (data-footer), of a language's block
// (data-action) and of a block already kept (data-saved).
'use strict';
(() => {
  const sw = navigator.serviceWorker;
  const d = document.currentScript?.dataset;
  if (!sw || !window.caches || !d) return;
  // `<base href>` names the site's path (`/glossary/`).
  const base = new URL('./', document.baseURI);

  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));

  /** Resolves once this page is served by the service worker (it fetches through it). */
  const controlled = async () => {
    const registration = await sw.ready;
    if (sw.controller) return;
    const change = new Promise((resolve, reject) => {
      sw.addEventListener('controllerchange', resolve, { once: true });
      setTimeout(reject, 10000);
    });
    registration.active?.postMessage('claim');
    await change;
  };

  /** The list of a language's pages with their files and size (`offline-<lang>.json`). */
  const list = async (lang) => {
    const response = await fetch(new URL(`offline-${lang}.json`, base), { cache: 'no-cache' });
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  };

  /** This site's caches start with its path (the service worker's `PREFIX`): every
   * project of an owner on GitHub Pages shares the origin, and its caches. */
  const prefix = `glossary:${base.pathname}:`;

  /** Whether every page of the list, with its files, is in this site's caches. */
  const held = async (pages) => {
    const names = (await caches.keys()).filter((n) => n.startsWith(prefix));
    const mine = await Promise.all(names.map((n) => caches.open(n)));
    const has = async (href) => {
      for (const cache of mine) if (await cache.match(href)) return true;
      return false;
    };
    for (const page of pages) {
      for (const url of [page.url, ...page.files]) {
        if (!(await has(new URL(url, base).href))) return false;
      }
    }
    return true;
  };

  /** The parts of a language's block: its status, its progress bar and its three
   * buttons (keep, confirm, cancel), in the order the page writer writes them. */
  const parts = (block) => {
    const [keep, confirm, cancel] = block.querySelectorAll('button');
    const status = block.querySelector('[role="status"]');
    const progress = block.querySelector('progress');
    return { keep, confirm, cancel, status, progress, texts: block.dataset };
  };

  /** A block whose language is on this device offers an update, and says `text`. */
  const showSaved = (block, text) => {
    const { keep, status, texts } = parts(block);
    block.classList.add(d.saved);
    status.textContent = text;
    keep.textContent = texts.update;
  };

  let busy = false;
  const run = async (block) => {
    if (busy) return;
    busy = true;
    const { keep, confirm, cancel, status, progress, texts } = parts(block);
    const label = keep.textContent;
    const say = (text) => {
      status.textContent = text;
    };
    try {
      const { pages, size } = await list(block.lang);
      const total = pages.length;
      // The size first; nothing is fetched before the reader confirms.
      say(fill(texts.ask, { pages: total }));
      confirm.textContent = fill(texts.confirm, { size });
      keep.hidden = true;
      confirm.hidden = false;
      cancel.hidden = false;
      confirm.focus();
      const go = await new Promise((resolve) => {
        confirm.onclick = () => resolve(true);
        cancel.onclick = () => resolve(false);
      });
      confirm.hidden = true;
      cancel.hidden = true;
      keep.hidden = false;
      keep.focus();
      if (!go) {
        say(block.classList.contains(d.saved) ? fill(texts.saved, { total }) : '');
        return;
      }
      // Busy, not disabled: the focus stays on the button.
      keep.setAttribute('aria-disabled', 'true');
      keep.textContent = texts.busy;
      await controlled();
      let done = 0;
      let failed = 0;
      // The status says the start and the end; the bar counts the pages between.
      say(fill(texts.started, { total, size }));
      Object.assign(progress, { max: total, value: 0, hidden: false });
      const queue = [...pages];
      const asked = new Set();
      const one = async () => {
        while (queue.length) {
          const page = queue.shift();
          const urls = [page.url, ...page.files].filter((u) => !asked.has(u) && asked.add(u));
          // Through the service worker, which keeps what it fetches.
          const answers = await Promise.all(urls.map((u) => fetch(new URL(u, base)).then((r) => r.ok, () => false)));
          if (!answers.every(Boolean)) failed += 1;
          done += 1;
          progress.value = done;
        }
      };
      await Promise.all([one(), one(), one(), one()]);
      progress.hidden = true;
      keep.textContent = label;
      if (failed) say(fill(texts.failed, { failed, total }));
      else {
        // Done: nothing to update right after saving; the status takes the focus.
        showSaved(block, fill(texts.done, { total }));
        keep.hidden = true;
        status.tabIndex = -1;
        status.focus();
      }
    } catch {
      say(texts.unavailable);
      keep.hidden = false;
      keep.textContent = label;
      confirm.hidden = true;
      cancel.hidden = true;
      progress.hidden = true;
    } finally {
      keep.removeAttribute('aria-disabled');
      busy = false;
    }
  };

  const start = () => {
    const footer = document.querySelector(`.${d.footer}`);
    sw.register(new URL(d.worker, base).href, { scope: base.pathname }).then(
      async (registration) => {
        // No registration (blocked): no action to offer.
        if (!registration || !footer) return;
        const blocks = [...footer.querySelectorAll(`.${d.action}`)];
        for (const block of blocks) parts(block).keep.addEventListener('click', () => run(block));
        footer.hidden = false;
        // A language already on this device says so (also after a reload).
        for (const block of blocks) {
          try {
            const { pages } = await list(block.lang);
            if (!busy && (await held(pages))) showSaved(block, fill(block.dataset.saved, { total: pages.length }));
          } catch {}
        }
      },
      () => {},
    );
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
