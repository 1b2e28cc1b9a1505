import BeaconModel
import BeaconSystem

/// The service worker (`sw.js`) as a readable JavaScript template. The one line
/// between `header` and `body`, `const BUILD = {…};`, holds this build's values
/// as JSON (its version, the files to precache); the rest is the same for every
/// build and reads like the file it becomes.
///
/// It lives here rather than as a file in `Resources/assets` because every file
/// there is published as it is (`AssetBundle` copies the folder into `assets/`):
/// a template there would reach `output/` unfilled, and at the wrong place — a
/// worker's scope is its own folder, so `sw.js` must sit at the site's root.
enum ServiceWorkerScript {
    static func render(build: JSONValue) -> String {
        header + "const BUILD = " + JSONWriter(pretty: false).string(build) + ";\n" + body
    }

    static let header = """
        // Beacon sitegen: the guide's service worker. Written by `sitegen build`
        // (Sources/Templates/ServiceWorkerScript.swift); do not edit in output/.
        //
        // It keeps a copy of the guide in this browser so the guide opens without a
        // network: on install it stores what a reader needs first (BUILD.precache),
        // later it stores the pages and map tiles the reader opens, and a new build
        // (a new BUILD.version) replaces the copy. It only answers the site's own
        // requests and sends nothing anywhere.
        'use strict';

        """

    static let body = #"""

        // Every path is relative to the worker's scope, the site's root folder, so
        // the guide works from any folder of any host.
        const SCOPE = self.registration.scope;
        const SITE = new URL(SCOPE).pathname;
        // "beacon-<version>/guide/": a guide's caches, told apart from another
        // guide's on the same host by the folder it lives in.
        const CACHE = 'beacon-' + BUILD.version + SITE;
        const OFFLINE_PAGE = new URL(BUILD.offlinePage, SCOPE).href;
        // Each other language's own offline page, by the folder its pages are in ("nn/").
        const OFFLINE_PAGES = BUILD.languageOfflinePages || {};
        // A page the network has not answered by then comes from the stored copy.
        const NETWORK_TIMEOUT_MS = 4000;

        self.addEventListener('install', (event) => {
          event.waitUntil((async () => {
            const cache = await caches.open(CACHE);
            // cache: 'reload' goes past the browser's HTTP cache, which may still hold the last
            // build's files.
            await cache.addAll(BUILD.precache.map((path) => new Request(new URL(path, SCOPE), { cache: 'reload' })));
            // A new build takes over at once, not only after every tab of the old one is closed.
            await self.skipWaiting();
          })());
        });

        self.addEventListener('activate', (event) => {
          event.waitUntil((async () => {
            // Drop this guide's caches of earlier builds.
            for (const name of await caches.keys()) {
              if (name !== CACHE && name.startsWith('beacon-') && name.endsWith(SITE) &&
                  /^beacon-[0-9a-z]+$/.test(name.slice(0, name.length - SITE.length))) {
                await caches.delete(name);
              }
            }
            await self.clients.claim();
          })());
        });

        self.addEventListener('fetch', (event) => {
          const request = event.request;
          if (request.method !== 'GET') return;
          const url = new URL(request.url);
          // Only the site's own files; anything else goes to the network untouched.
          if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
          if (request.mode === 'navigate') {
            event.respondWith(page(event, url));
          } else {
            const path = url.href.slice(SCOPE.length);
            const keep = BUILD.storedFolders.some((folder) => path.startsWith(folder));
            event.respondWith(stored(request, keep));
          }
        });

        // A page: the network first, so a reader online sees the newest build; a
        // successful answer is kept for later. Offline, or when the network is
        // slow, the stored copy; when there is none, the offline page.
        async function page(event, url) {
          const key = pageKey(url);
          const network = fetch(event.request);
          // Keep a good answer, even when the stored copy was shown first (it came too late).
          event.waitUntil(network.then((response) => {
            if (!isGood(response) || !(response.headers.get('Content-Type') || '').startsWith('text/html')) return;
            const copy = response.clone();
            return caches.open(CACHE).then((cache) => cache.put(key, copy));
          }).catch(() => {}));
          try {
            return await withTimeout(network, NETWORK_TIMEOUT_MS);
          } catch (_) {
            const cache = await caches.open(CACHE);
            const copy = await cache.match(key);
            if (copy) return copy;
            try {
              return await network;
            } catch (_) {
              return offlinePage(cache, url);
            }
          }
        }

        // Assets, tiles and the other stored files: the stored copy first, else the
        // network; what comes from assets/ and kart/ is kept (keep).
        async function stored(request, keep) {
          const cache = await caches.open(CACHE);
          const copy = await cache.match(request);
          if (copy) return copy;
          const response = await fetch(request);
          if (keep && isGood(response)) await cache.put(request, response.clone()).catch(() => {});
          return response;
        }

        // The offline page (offline.html, precached), in place of a page at any
        // depth: its links to the site start with "./", which becomes "../../"
        // two folders down. Only inside tags: text on a page never holds "<".
        async function offlinePage(cache, url) {
          const path = url.href.slice(SCOPE.length);
          const folder = Object.keys(OFFLINE_PAGES).find((prefix) => path.startsWith(prefix));
          const copy = await cache.match(folder ? new URL(OFFLINE_PAGES[folder], SCOPE).href : OFFLINE_PAGE);
          if (!copy) return Response.error();
          const depth = url.href.slice(SCOPE.length).split('?')[0].split('/').length - 1;
          const root = depth > 0 ? '../'.repeat(depth) : './';
          const html = (await copy.text()).replace(/<[^<>]*>/g,
            (tag) => tag.replace(/(\s(?:href|src)=")\.\//g, '$1' + root));
          return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
        }

        // Pages are stored by their file: "kafeer/" and "kafeer/index.html" are one page, whatever
        // the query.
        function pageKey(url) {
          const key = new URL(url.href);
          key.search = '';
          key.hash = '';
          if (key.pathname.endsWith('/')) key.pathname += 'index.html';
          return key.href;
        }

        // Never keep an error, a redirect or another origin's answer.
        function isGood(response) {
          return response.ok && response.type === 'basic' && !response.redirected;
        }

        function withTimeout(promise, ms) {
          return new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('timeout')), ms);
            promise.then((value) => { clearTimeout(timer); resolve(value); },
                         (error) => { clearTimeout(timer); reject(error); });
          });
        }

        """#
}
