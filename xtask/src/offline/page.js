// Offline reading on the page, without the app: registers the service worker
// (`sw.js`, at the site's base path and scoped to it) and runs the footer's action
// "Keep this glossary offline". Any failure leaves the page as it is.
'use strict';
(() => {
  const sw = navigator.serviceWorker;
  const footer = document.querySelector('footer.offline');
  if (!sw || !window.caches) return;
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

  let busy = false;
  const run = async (block) => {
    if (busy) return;
    busy = true;
    const [keep, confirm, cancel] = ['keep', 'confirm', 'cancel'].map((n) => block.querySelector(`.offline-${n}`));
    const status = block.querySelector('.offline-status');
    const texts = block.dataset;
    const lang = block.lang;
    const say = (text) => {
      status.textContent = text;
    };
    try {
      const response = await fetch(new URL(`offline-${lang}.json`, base), { cache: 'no-cache' });
      if (!response.ok) throw new Error(String(response.status));
      const list = await response.json();
      const total = list.pages.length;
      // The size first; nothing is fetched before the reader confirms.
      say(fill(texts.ask, { pages: total, size: list.size }));
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
        say('');
        return;
      }
      // Busy, not disabled: the focus stays on the button.
      keep.setAttribute('aria-disabled', 'true');
      await controlled();
      let done = 0;
      let failed = 0;
      say(fill(texts.progress, { done, total }));
      const queue = [...list.pages];
      const asked = new Set();
      const one = async () => {
        while (queue.length) {
          const page = queue.shift();
          const urls = [page.url, ...page.files].filter((u) => !asked.has(u) && asked.add(u));
          // Through the service worker, which keeps what it fetches.
          const answers = await Promise.all(urls.map((u) => fetch(new URL(u, base)).then((r) => r.ok, () => false)));
          if (!answers.every(Boolean)) failed += 1;
          done += 1;
          say(fill(texts.progress, { done, total }));
        }
      };
      await Promise.all([one(), one(), one(), one()]);
      say(failed ? fill(texts.failed, { failed, total }) : fill(texts.done, { total }));
    } catch {
      say(texts.unavailable);
      keep.hidden = false;
      confirm.hidden = true;
      cancel.hidden = true;
    } finally {
      keep.removeAttribute('aria-disabled');
      busy = false;
    }
  };

  const start = () => {
    sw.register(new URL('sw.js', base).href, { scope: base.pathname }).then(
      (registration) => {
        // No registration (blocked): no action to offer.
        if (!registration || !footer) return;
        for (const block of footer.querySelectorAll('.offline-action')) {
          block.querySelector('.offline-keep').addEventListener('click', () => run(block));
        }
        footer.hidden = false;
      },
      () => {},
    );
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
