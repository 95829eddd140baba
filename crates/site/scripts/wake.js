// The app wakes when it is needed (docs/reading.md, "Reading first"). A pre-rendered page is
// complete without the app; this script, inline in the page's head, fetches and
// starts it (the JS glue and the wasm named on its own element) once the page's text
// has painted and then
//   - a calculator comes within about one screen of the viewport, or
//   - the reader turns to an interactive part: focus, pointer or key on a field, a
//     control or a button, `/`, or pointing at a link (for its preview),
// whichever comes first; a page without pre-rendered text, the site's root (which
// sends the reader on to their language), or a page opened with the calculator's
// state in its address starts it as soon as it can. What the reader does before the app is live is not lost:
// values typed or chosen are handed to the app once it is, as the events it listens
// to; `/` focuses the search box at once; the theme switches at once.
// Its element names the glue and the wasm, and every class, attribute and id it
// shares with the app and the styles (written from `vocab::names`).
'use strict';
(() => {
  const me = document.currentScript;
  const root = document.documentElement;
  if (!me || !me.dataset.glue || !me.dataset.wasm) return;
  const d = me.dataset;
  const glue = new URL(d.glue, document.baseURI).href;
  const wasm = new URL(d.wasm, document.baseURI).href;
  const LINK = `#${d.main} a[href]`;
  const CONTROL = 'input, select, textarea, button, summary, [tabindex]';
  const FIELD = 'input, select, textarea';

  /** The fields the reader changed before the app was live, with their state and place. */
  const changed = new Map();
  /** Buttons pressed before the app was live, in order, with their place. */
  const pressed = [];
  /** Boxes the reader scrolled (a wide table), with their place and position. */
  const scrolled = new Map();
  /** The last link pointed at, for its preview, with its place. */
  let pointed = null;
  let woken = false;
  let live = false;
  /** Watches the calculators once the page is parsed. */
  let observer = null;

  const controlOf = (target) => (target instanceof Element ? target.closest(CONTROL) : null);

  // The app writes the page anew when it takes it over (src/take_over.rs): an element
  // the reader used is found again by its place among the body's elements.
  const pathOf = (el) => {
    const path = [];
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      let i = 0;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) i++;
      path.unshift(i);
    }
    return path;
  };
  const atPath = (path) => path.reduce((e, i) => e?.children[i], document.body);
  /** An element's place as first seen in `map`, in the page as written. */
  const firstPlace = (map, el) => map.get(el)?.path ?? pathOf(el);
  /** The element `el` stands for once the app is live: itself, or its counterpart. */
  const now = (el, path) => (el.isConnected ? el : atPath(path));

  const wake = () => {
    if (woken) return;
    woken = true;
    observer?.disconnect();
    // The wasm and the entry's data file come beside the glue, not after it.
    const data = document.querySelector(`meta[name="${d.entry}"]`)?.content;
    for (const href of [wasm, data && new URL(data, document.baseURI).href]) {
      if (!href) continue;
      const link = document.createElement('link');
      Object.assign(link, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href });
      document.head.append(link);
    }
    import(glue)
      .then((app) => app.default({ module_or_path: wasm }))
      .catch(() => root.setAttribute(d.state, 'off'));
  };

  // Until the app is live, an entry's text out of view is not laid out (the
  // stylesheet's `content-visibility`); a jump to a part of the page lays it out
  // whole first, so that the target lands where the estimates would not put it.
  const whole = () => root.classList.add(d.whole);
  if (location.hash) whole();
  // Back and forward between sections: laid out whole before the browser restores.
  addEventListener('popstate', whole);
  // An address of the sections' old form (`#user-content-…`) finds its section by
  // the id the section has now, and reads as the new form.
  const renamed = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id.startsWith(d.old) || document.getElementById(id)) return;
    const now = document.getElementById(id.slice(d.old.length));
    if (!now) return;
    // The whole address: a bare `#…` would resolve against the page's `<base>`.
    history.replaceState(history.state, '', location.pathname + location.search + '#' + encodeURIComponent(now.id));
    now.scrollIntoView();
  };
  addEventListener('hashchange', () => {
    whole();
    renamed();
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  });
  document.addEventListener(
    'click',
    (e) => {
      const link = e.target instanceof Element ? e.target.closest('a[href*="#"]') : null;
      if (link && link.pathname === location.pathname) whole();
    },
    { capture: true },
  );

  // The theme button walks the schemes (the system's, dark, light) without the app.
  const switchTheme = () => {
    const walk = ['', ...d.themes.split(' '), ''];
    const at = walk.indexOf(root.getAttribute(d.attr) ?? '');
    const next = at < 0 ? walk[1] : walk[at + 1];
    try {
      if (next) localStorage.setItem(d.key, next);
      else localStorage.removeItem(d.key);
    } catch {}
    if (next) root.setAttribute(d.attr, next);
    else root.removeAttribute(d.attr);
  };

  // Listeners on the document, in the capture phase, from the head on: they see every
  // event first and stop seeing them once the app is live.
  const on = (type, handler) => document.addEventListener(type, (e) => live || handler(e), { capture: true, passive: type !== 'keydown' && type !== 'click' });

  // A link in the page focused from the keyboard wants its preview, as one pointed at.
  on('focusin', (e) => (controlOf(e.target) || (e.target instanceof Element && e.target.closest(LINK))) && wake());
  // A press is not cut in two by the app writing the page anew: it waits for the
  // release and the click that follows it.
  on('pointerdown', (e) => {
    root.setAttribute(d.press, '');
    if (controlOf(e.target)) wake();
  });
  const released = () => setTimeout(() => root.removeAttribute(d.press));
  addEventListener('pointerup', released, { capture: true, passive: true });
  addEventListener('pointercancel', released, { capture: true, passive: true });
  on('pointerover', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    const link = target?.closest(LINK);
    if (link) pointed = [link, pathOf(link)];
    if (link || controlOf(target)) wake();
  });
  on('pointerout', (e) => {
    if (pointed && e.target instanceof Element && e.target.closest(LINK) === pointed[0] && !pointed[0].contains(e.relatedTarget)) pointed = null;
  });
  on('keydown', (e) => {
    const typing = e.target instanceof Element && e.target.closest(FIELD);
    if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const search = document.getElementById(d.search);
      if (search) {
        e.preventDefault();
        search.focus();
      }
    }
    if (typing || controlOf(e.target) || e.key === '/') wake();
  });
  const remember = (e) => {
    const field = e.target instanceof Element ? e.target.closest(FIELD) : null;
    if (!field) return;
    changed.set(field, { value: field.value, checked: field.checked, path: firstPlace(changed, field) });
    wake();
  };
  on('input', remember);
  on('scroll', (e) => {
    const box = e.target;
    if (!(box instanceof Element)) return;
    // Out of view, a box's text is not laid out and it scrolls back to its start: that
    // is not the reader's doing, and it keeps the place they left it at.
    const { top, bottom } = box.getBoundingClientRect();
    if (bottom > 0 && top < innerHeight) scrolled.set(box, { path: firstPlace(scrolled, box), left: box.scrollLeft, top: box.scrollTop });
  });
  on('change', remember);
  // A disclosure the reader opened or closed keeps that state when the app writes the page anew.
  on('toggle', (e) => {
    if (e.target instanceof HTMLDetailsElement) e.target.setAttribute(d.turned, '');
  });
  on('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button) return;
    wake();
    if (button.classList.contains(d.toggle)) switchTheme();
    else if (!button.closest(`footer.${d.footer}`)) pressed.push([button, pathOf(button)]);
  });

  const painted = new Promise((resolve) => {
    try {
      const paints = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) {
          paints.disconnect();
          resolve();
        }
      });
      paints.observe({ type: 'paint', buffered: true });
    } catch {
      addEventListener('load', resolve, { once: true });
    }
  });

  // Once the page is parsed.
  const parsed = () => {
    renamed();
    // A calculator within about a screen of the viewport, once the text has painted.
    const calculators = document.querySelectorAll(`.${d.calculator}`);
    if (calculators.length && 'IntersectionObserver' in window)
      observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && wake(), { rootMargin: '100% 0px' });
    // A page the app writes itself (not found) needs it at once; an address with the
    // calculator's state (a shared link) as soon as the text is there, since the
    // page's figures are the example's until the app reads it.
    // The site's root sends the reader on to the index of their language: that is the app's.
    const atRoot = location.pathname === new URL('./', document.baseURI).pathname;
    if (!document.body.hasAttribute(d.pre) || atRoot) wake();
    painted.then(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (location.search.length > 1) wake();
          if (!woken) calculators.forEach((c) => observer?.observe(c));
        }),
      ),
    );
    if (document.body.hasAttribute(d.alive)) handOver();
    else
      new MutationObserver((_, watch) => {
        if (!document.body.hasAttribute(d.alive)) return;
        watch.disconnect();
        handOver();
      }).observe(document.body, { attributes: true, attributeFilter: [d.alive] });
  };

  // The contents mark the section being read (`aria-current`), before the app and
  // after it (it writes the same lists): the last whose heading is above a quarter
  // of the screen.
  let marking = false;
  addEventListener('scroll', () => {
    if (marking) return;
    marking = true;
    requestAnimationFrame(() => {
      marking = false;
      const links = document.querySelectorAll(`.${d.contents} a`);
      const line = innerHeight / 4;
      let current = '';
      for (const a of links) {
        const heading = document.getElementById(decodeURIComponent(a.hash.slice(1)));
        if (heading && heading.getBoundingClientRect().top <= line) current = a.hash;
      }
      for (const a of links) {
        if (current && a.hash === current) a.setAttribute('aria-current', 'location');
        else a.removeAttribute('aria-current');
      }
    });
  }, { passive: true });

  // Once the app is live: what the reader did is handed over.
  const handOver = () => {
    live = true;
    // Offline reading keeps the app's code once it has woken (docs/reading.md, "Offline reading").
    navigator.serviceWorker?.ready.then((r) => r.active?.postMessage('keep-app')).catch(() => {});
    for (const [field, state] of changed) {
      const el = now(field, state.path);
      if (!el?.matches(FIELD)) continue;
      if (el.type === 'checkbox' || el.type === 'radio') el.checked = state.checked;
      else el.value = state.value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const [button, path] of pressed) now(button, path)?.click();
    // A box whose text is not laid out yet keeps no position: once more in the next frame.
    for (const [box, { path, left, top }] of scrolled) {
      const el = now(box, path);
      el?.scrollTo(left, top);
      if (el && (el.scrollLeft !== left || el.scrollTop !== top)) requestAnimationFrame(() => el.scrollTo(left, top));
    }
    // A link still pointed at (the app's counterpart of one is, until the pointer left it).
    const link = pointed && (pointed[0].isConnected ? pointed[0].matches(':hover') && pointed[0] : atPath(pointed[1]));
    link?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.closest(LINK)) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
})();
