// Beacon sitegen: on the 404 page, sends a reader who followed a link to a page's old address on to
// its new one. A guide's folders are words of its first language (`/places/x/` in an English guide,
// `/steder/x/` in a bokmål one); they move when that language changes, and guides built by earlier
// versions of sitegen had the bokmål ones. The build writes which old folder is which new one
// (#beacon-moved, MovedAddresses in Swift). A place's page moves when its name changes: its slug ends
// in a part made from the place's id (`slug-3k9x2a`), so the page whose slug ends the same is its page
// now, found in the front page's place data. Only addresses on this site are ever opened.
(function () {
  'use strict';

  const block = document.getElementById('beacon-moved');
  const script = document.currentScript;
  if (!block || !script || (location.protocol !== 'https:' && location.protocol !== 'http:')) return;
  let data;
  try {
    data = JSON.parse(block.textContent);
  } catch (error) {
    return;
  }
  const moved = data.moved || {};
  const folders = Array.isArray(data.folders) ? data.folders : [];

  // This script is <site>/assets/beacon-moved.js: the site's root is the folder above it.
  const root = new URL('../', script.src);
  if (root.origin !== location.origin || !location.pathname.startsWith(root.pathname)) return;
  const parts = location.pathname.slice(root.pathname.length).split('/');
  // An empty part (`//`) is not an address the site ever had.
  if (parts.slice(0, -1).some((part) => part === '')) return;

  // The main language's pages are at the root; before, its code may have been a folder.
  let language = '';
  let changed = false;
  if (parts[0] === data.main) {
    parts.shift();
    changed = true;
  } else if (folders.includes(parts[0])) {
    language = parts.shift() + '/';
  }
  if (parts.length > 1 && Object.prototype.hasOwnProperty.call(moved, parts[0])) {
    parts[0] = moved[parts[0]];
    changed = true;
  }
  if (changed) {
    go(language + parts.join('/'));
  } else if (parts.length > 1 && parts[0] === data.places && /-[0-9a-z]{6,12}$/.test(parts[1])) {
    renamedPlace(parts[1]).then((address) => { if (address) go(language + address); }, () => {});
  }

  function go(path) {
    const target = new URL(path, root);
    if (target.origin !== location.origin || target.pathname === location.pathname) return;
    location.replace(target.pathname + location.search + location.hash);
  }

  /**
   * The address (`places/<slug>/index.html`) of the one place whose slug ends as `slug` does, from the front
   * page's place data; a longer end of the same part counts (two places of one name get a longer one). A big
   * guide keeps its places in data files of megabytes: not fetched for a missing page.
   */
  function renamedPlace(slug) {
    const end = slug.slice(slug.lastIndexOf('-') + 1);
    return fetch(new URL('index.html', root), { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .then((html) => {
        const block = new DOMParser().parseFromString(html, 'text/html').getElementById('beacon-data');
        const places = block ? JSON.parse(block.textContent).places : null;
        if (!Array.isArray(places)) return null;
        const found = places.filter((p) => {
          if (typeof p.u !== 'string') return false;
          const other = p.u.split('/')[1] || '';
          const otherEnd = other.slice(other.lastIndexOf('-') + 1);
          return other !== slug && (otherEnd.startsWith(end) || end.startsWith(otherEnd)) && otherEnd.length >= 6;
        });
        return found.length === 1 ? found[0].u.replace(/index\.html$/, '') : null;
      });
  }
})();
