// Beacon sitegen: on the 404 page, sends a reader who followed a link to a page's old address on to
// its new one. A guide's folders are words of its first language (`/places/x/` in an English guide,
// `/steder/x/` in a bokmål one); they move when that language changes, and guides built by earlier
// versions of sitegen had the bokmål ones. The build writes which old folder is which new one
// (#beacon-moved, MovedAddresses in Swift). Only addresses on this site are ever opened.
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
  if (!changed) return;
  const target = new URL(language + parts.join('/'), root);
  if (target.origin !== location.origin || target.pathname === location.pathname) return;
  location.replace(target.pathname + location.search + location.hash);
})();
