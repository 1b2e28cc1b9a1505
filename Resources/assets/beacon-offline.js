// Beacon sitegen: the guide offline. On every page (not the `sitegen share` file).
// - Links the web app manifest and registers the service worker (sw.js at the site's
//   root), which keeps a copy of the guide in this browser so it opens without a
//   network. Only on http(s): from file:// the site works as it always has, without them.
// - While the reader has no network, says so at the top of the page: what they see
//   is the stored copy. The note goes when the network is back.
// Nothing here is sent anywhere.
(function () {
  'use strict';

  // In the page's language (assets/beacon-text.js); bokmål if that file is missing.
  const NOTE = window.BeaconText ? window.BeaconText.t('offline.note') : 'Du er uten nett. Du ser en lagret kopi av guiden.';

  if (location.protocol !== 'https:' && location.protocol !== 'http:') return;

  // This script is assets/beacon-offline.js, so the site's root is the folder above
  // it (the rule of siteRootPrefix() in beacon.js), wherever the site is hosted.
  const scriptURL = document.currentScript ? document.currentScript.src : '';
  const siteRoot = scriptURL ? new URL('../', scriptURL).href : '';

  // The web app manifest, so the guide can be added to a home screen. Linked from here,
  // not in the page's head: from file:// Chromium's request for it is refused, with an
  // error in the console, and without a worker the guide cannot be installed anyway.
  if (siteRoot && !document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    // Each language has its own (its name, description and front page), named for it but the first's.
    const Text = window.BeaconText;
    link.href = siteRoot + (Text && Text.home ? 'manifest-' + Text.lang + '.webmanifest' : 'manifest.webmanifest');
    document.head.append(link);
  }

  if ('serviceWorker' in navigator && siteRoot) {
    // After the page's own files, so storing the guide never slows its first showing.
    const register = () => {
      navigator.serviceWorker.register(siteRoot + 'sw.js', { scope: siteRoot }).catch(() => {
        // No worker (private mode, storage full, a host without https): the site works as without one.
      });
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }

  // The note: a status region at the top of <main>, present from the start so a
  // screen reader announces the text when it appears; empty (and unseen) while online.
  const main = document.querySelector('main');
  if (!main) return;
  const region = document.createElement('div');
  region.className = 'offline-status';
  region.setAttribute('role', 'status');
  main.prepend(region);

  function update() {
    const offline = navigator.onLine === false;
    const note = region.firstElementChild;
    if (offline && !note) {
      const p = document.createElement('p');
      p.className = 'offline-note';
      p.textContent = NOTE;
      region.append(p);
    } else if (!offline && note) {
      note.remove();
    }
  }

  // On the offline page (the worker's answer for a page it had not stored), the page
  // itself is fetched again once the network is back, as a browser does with its own
  // error page: after a second (networks flap), unless the reader is already leaving.
  if (document.querySelector('.offline-page')) {
    let leaving = false;
    window.addEventListener('beforeunload', () => { leaving = true; });
    window.addEventListener('online', () => {
      setTimeout(() => { if (navigator.onLine && !leaving) location.reload(); }, 1000);
    });
  }

  window.addEventListener('offline', update);
  window.addEventListener('online', update);
  // A moment after the region exists, so the first note is announced too.
  setTimeout(update, 50);
})();
