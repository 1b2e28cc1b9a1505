"""The guide offline, in Chromium: the service worker installs and takes control,
the pages a reader needs first and the pages they visited open without a network
(with the offline note), a page never visited gives the offline page, the note goes
when the network is back, and a new build replaces the stored copy.

"Without a network" is two things here. The DevTools protocol's
Network.emulateNetworkConditions {offline: true} on the page makes
navigator.onLine false (what the note follows) and fails the page's own requests,
but it does not reach the service worker's fetches (checked in Chromium 156:
test_emulation_alone_does_not_cut_the_workers_fetches), so the loopback server is
stopped as well, and started again on the same port (same origin, same worker)
when the network comes back.

This module builds its own copy of the test site (beacon_browser's places, store and
settings): it stops that site's server and changes its store (`sitegen rate`), which
the shared site (bb.site()) must not see.
"""
import functools
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import sys
import threading
import unittest
import urllib.parse

from selenium.webdriver.common.by import By

import beacon_browser as bb

NOTE = "Du er uten nett. Du ser en lagret kopi av guiden."
OFFLINE_HEADING = "Denne siden er ikke lagret"
VISITED = "Zeppelin Bar"
UNVISITED = "Grand Hotel"
# Each test of a class gets its own page never opened: an offline page reloads its page when the
# network comes back (and so stores it), which would leak into the next test.
NEVER_OPENED = "Aas Gjestgiveri"
AXE_UNOPENED = "Kaffebrenneriet"
EXPLORER_PAGES = ["index.html", "kafeer/index.html", "favoritter/index.html"]


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class _Server(http.server.ThreadingHTTPServer):
    """Remembers its open connections, so stopping can cut them too."""
    daemon_threads = True

    def __init__(self, *args):
        self.connections = set()
        self.lock = threading.Lock()
        super().__init__(*args)

    def process_request(self, request, client_address):
        with self.lock:
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self.lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def cut_connections(self):
        with self.lock:
            connections, self.connections = self.connections, set()
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class StoppableServer:
    """Serves a folder on 127.0.0.1; stop() closes the port, start() opens the same one again.

    Stopping also cuts the connections already open: Chromium opens spare ones ahead of
    time (preconnect), and one accepted before the stop would still answer a request."""

    def __init__(self, folder):
        self.folder = folder
        self.port = 0
        self.httpd = None
        self.start()
        self.origin = f"http://127.0.0.1:{self.port}"

    def start(self):
        handler = functools.partial(_Handler, directory=self.folder)
        self.httpd = _Server(("127.0.0.1", self.port), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd.cut_connections()
            self.httpd = None

    def url(self, path=""):
        return f"{self.origin}/{path}"


def build_version(output):
    """The version sw.js names its cache by."""
    with open(os.path.join(output, "sw.js"), encoding="utf-8") as f:
        return json.loads(re.search(r"^const BUILD = (.*);$", f.read(), re.M).group(1))["version"]


class OfflineTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="beacon-offline-")
        cls.places_file = bb.write_site(cls.folder)
        cls.output = bb.build(cls.folder, cls.places_file)
        cls.server = StoppableServer(cls.output)
        with open(os.path.join(cls.output, "index.html"), encoding="utf-8") as f:
            html = f.read()
        start = html.index('id="beacon-data">') + len('id="beacon-data">')
        data = json.loads(html[start:html.index("</script>", start)])
        cls.detail = {p["n"]: p["u"] for p in data["places"]}
        cls.driver = bb.make_driver(390, 844)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def setUp(self):
        self.online()
        bb.set_media(self.driver)
        self.driver.get_log("browser")

    def tearDown(self):
        self.online()

    # ---------- helpers ----------

    def url(self, path=""):
        return self.server.url(path)

    def emulate(self, offline):
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def offline(self):
        self.emulate(True)
        self.server.stop()

    def online(self):
        if self.server.httpd is None:
            self.server.start()
        self.emulate(False)

    def script(self, body):
        """Runs `body` (an async function body) in the page and returns what it returns."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(async () => { " + body + " })().then(done, e => done({error: String(e)}));")

    def install(self):
        """Opens the front page and waits until the worker is ready and controls the page."""
        d = self.driver
        d.get(self.url("index.html"))
        state = self.script("const r = await navigator.serviceWorker.ready; return r.active.state;")
        self.assertIn(state, ("activating", "activated"))
        if not d.execute_script("return !!navigator.serviceWorker.controller"):
            d.refresh()
        bb.wait_for(d, lambda: d.execute_script("return !!navigator.serviceWorker.controller"), 10,
                    "the service worker does not control the page")

    def cache_names(self):
        return self.script("return await caches.keys();")

    def cached_urls(self):
        return self.script("const names = await caches.keys(); const urls = [];"
                           "for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(r.url);"
                           "return urls;")

    def h1(self):
        return self.driver.execute_script("const h = document.querySelector('h1'); return h ? h.textContent.trim() : null;")

    def note(self):
        """The offline note's text, or None when there is none to see."""
        return self.driver.execute_script(
            "const n = document.querySelector('main > [role=status] > .offline-note');"
            "return n && n.offsetHeight > 0 ? n.textContent : null;")

    def wait_note(self, shown):
        bb.wait_for(self.driver, lambda: (self.note() == NOTE) == shown, 5,
                    "the offline note is " + ("not shown" if shown else "still shown"))

    def assert_no_console_errors(self):
        self.assertEqual(bb.console_errors(self.driver), [])


class InstallTests(OfflineTestCase):
    def test_manifest_is_read_by_chromium_without_errors_and_the_guide_is_installable(self):
        self.install()
        manifest = self.driver.execute_cdp_cmd("Page.getAppManifest", {})
        self.assertEqual(manifest["url"], self.url("manifest.webmanifest"))
        self.assertEqual(manifest["errors"], [])
        data = json.loads(manifest["data"])
        self.assertEqual((data["lang"], data["start_url"], data["display"]), ("nb", "./", "standalone"))
        for icon in data["icons"]:
            self.assertTrue(os.path.isfile(os.path.join(self.output, icon["src"])), icon["src"])
        self.assertEqual(self.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"], [])

    def test_worker_precaches_the_first_pages_assets_and_offline_page(self):
        self.install()
        version = build_version(self.output)
        bb.wait_for(self.driver, lambda: self.cache_names() == [f"beacon-{version}/"], 10, "no cache for this build")
        cached = set(self.cached_urls())
        with open(os.path.join(self.output, "sw.js"), encoding="utf-8") as f:
            precache = json.loads(re.search(r"^const BUILD = (.*);$", f.read(), re.M).group(1))["precache"]
        for path in EXPLORER_PAGES + ["restauranter/index.html", "hoteller/index.html", "404.html", "offline.html",
                                      "manifest.webmanifest", "assets/beacon.css", "assets/beacon-offline.js",
                                      "assets/beacon-icon-192.png", "assets/beacon-icon-maskable-512.png"]:
            self.assertIn(path, precache)
        self.assertEqual(cached, {self.url(p) for p in precache})
        self.assert_no_console_errors()

    def test_emulation_alone_does_not_cut_the_workers_fetches(self):
        # Why the tests stop the server: with only the DevTools emulation, a request the
        # worker passes on (a file it never stored) still reaches the server.
        self.install()
        self.emulate(True)
        try:
            self.assertFalse(self.driver.execute_script("return navigator.onLine"))
            status = self.script("const r = await fetch('eksport/steder.geojson', {cache: 'no-store'}); return r.status;")
        finally:
            self.emulate(False)
        if status != 200:
            self.skipTest(f"this Chromium's emulation reaches the worker too ({status}); stopping the server is then redundant")

    def test_file_pages_work_without_a_worker(self):
        d = self.driver
        d.get("file://" + os.path.join(self.output, self.detail[VISITED]))
        self.assertEqual(self.h1(), VISITED)
        self.assertIsNone(d.execute_script("return document.querySelector('.offline-status')"))
        self.assertIsNone(d.execute_script("return navigator.serviceWorker ? navigator.serviceWorker.controller : null"))
        self.assert_no_console_errors()


class OfflineReadingTests(OfflineTestCase):
    def test_visited_and_first_pages_open_offline_with_the_note(self):
        d = self.driver
        self.install()
        # Online: the pages as the server gives them, and one detail page visited.
        visited = self.detail[VISITED]
        headings = {}
        for path in EXPLORER_PAGES + [visited]:
            d.get(self.url(path))
            headings[path] = self.h1()
            self.assertIsNone(self.note())
        bb.wait_for(d, lambda: self.url(visited) in self.cached_urls(), 5, "the visited page was not stored")
        self.assertNotIn(self.url(self.detail[NEVER_OPENED]), self.cached_urls())

        self.offline()
        for path in EXPLORER_PAGES + [visited, ""]:
            with self.subTest(path=path):
                d.get(self.url(path))
                self.assertEqual(self.h1(), headings.get(path, headings["index.html"]))
                self.wait_note(True)
                self.assertEqual(d.execute_script(
                    "return getComputedStyle(document.body).backgroundColor"), "rgb(255, 249, 244)", "no stylesheet")
        # Back online on the same page: the note goes.
        self.online()
        self.wait_note(False)
        self.assert_no_console_errors()

    def test_offline_then_online_events_show_and_hide_the_note(self):
        self.install()
        self.driver.get(self.url("kafeer/index.html"))
        self.assertIsNone(self.note())
        self.offline()
        self.wait_note(True)
        region = self.driver.find_element(By.CSS_SELECTOR, "main > .offline-status")
        self.assertEqual(region.get_attribute("role"), "status")
        self.assertEqual(self.driver.execute_script("return document.querySelector('main').firstElementChild.className"),
                         "offline-status")
        self.online()
        self.wait_note(False)
        self.assert_no_console_errors()

    def test_unvisited_page_gives_the_offline_page_and_comes_back_online(self):
        d = self.driver
        self.install()
        self.offline()
        unvisited = self.detail[UNVISITED]
        d.get(self.url(unvisited))
        self.assertEqual(self.h1(), OFFLINE_HEADING)
        self.assertEqual(d.current_url, self.url(unvisited))
        self.wait_note(True)
        # Its links were written for the site's root; two folders down they still reach it.
        self.assertEqual(d.execute_script("return document.querySelector('link[rel=stylesheet]').href"),
                         self.url("assets/beacon.css"))
        self.assertEqual(d.execute_script("return document.querySelector('.offline-page a.button').href"),
                         self.url("index.html"))
        self.assertEqual(d.execute_script("return getComputedStyle(document.body).backgroundColor"), "rgb(255, 249, 244)")
        self.assertTrue(d.execute_script("const i = document.querySelector('.offline-page__icon'); return i.complete && i.naturalWidth > 0;"))
        # Following its link works offline too.
        d.find_element(By.CSS_SELECTOR, ".offline-page a.button").click()
        bb.wait_for(d, lambda: d.current_url == self.url("index.html"), 5)
        self.assertNotEqual(self.h1(), OFFLINE_HEADING)
        # Back online, the offline page fetches its page again by itself.
        d.get(self.url(unvisited))
        self.assertEqual(self.h1(), OFFLINE_HEADING)
        self.online()
        bb.wait_for(d, lambda: self.h1() == UNVISITED, 10, "the offline page did not reload when back online")
        self.assertIsNone(self.note())
        self.assert_no_console_errors()

    def test_no_accessibility_violations_with_the_note(self):
        self.install()
        self.driver.get(self.url(self.detail[VISITED]))
        self.offline()
        for path in ("index.html", "favoritter/index.html", self.detail[AXE_UNOPENED]):
            for dark in (False, True):
                with self.subTest(path=path, dark=dark):
                    bb.set_media(self.driver, dark=dark)
                    self.driver.get(self.url(path))
                    self.wait_note(True)
                    violations = bb.run_axe(self.driver)
                    self.assertEqual(violations, [], bb.format_violations(violations))

    def test_print_hides_the_note(self):
        self.install()
        self.driver.get(self.url("favoritter/index.html"))
        self.offline()
        self.wait_note(True)
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            self.assertIsNone(self.note())
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


class UpdateTests(OfflineTestCase):
    def test_a_new_build_replaces_the_stored_copy(self):
        d = self.driver
        self.install()
        old = build_version(self.output)
        bb.wait_for(d, lambda: self.cache_names() == [f"beacon-{old}/"], 10, "no cache for the first build")
        # A new rating: a new build, so a new version.
        for command in (["rate", UNVISITED, "5", "--comment", "Ny vurdering.", "--date", "2026-11-20"],
                        ["build", "--places", self.places_file]):
            result = subprocess.run([bb.sitegen_binary(), *command, "--site", self.folder, "--quiet"],
                                    capture_output=True, text=True, timeout=300)
            self.assertEqual(result.returncode, 0, result.stderr)
        new = build_version(self.output)
        self.assertNotEqual(new, old)
        # The browser looks for a new sw.js when a page opens; the new worker takes over and clears the old cache.
        d.refresh()
        bb.wait_for(d, lambda: self.cache_names() == [f"beacon-{new}/"], 15,
                    f"caches after the new build: {self.cache_names()}")
        self.assertIn(self.url("index.html"), self.cached_urls())
        # And the new copy is what the reader gets offline.
        self.offline()
        d.get(self.url(self.detail[UNVISITED]))
        self.assertEqual(self.h1(), OFFLINE_HEADING)  # not visited since the new build
        d.get(self.url("index.html"))
        self.wait_note(True)
        self.assert_no_console_errors()


class TiledMapOfflineTests(OfflineTestCase):
    """A guide built with a basemap (Geoapify tiles, here from the loopback stand-in of
    Tests/Support/geoapify_stub.py): offline, the map still shows its tiles, from the
    worker's copy: the two lowest zooms stored at install, the rest as the reader saw them."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="beacon-offline-tiles-")
        cls.places_file = bb.write_site(cls.folder, basemap="geoapify")
        scenario = os.path.join(cls.folder, "stub-scenario.json")
        with open(scenario, "w", encoding="utf-8") as f:
            json.dump({"routes": {}}, f)
        cls.stub = subprocess.Popen([sys.executable, os.path.join(bb.REPO, "Tests", "Support", "geoapify_stub.py"),
                                     scenario, os.path.join(cls.folder, "stub-log.jsonl")],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = cls.stub.stdout.readline().strip()
        environment = dict(os.environ, GEOAPIFY_API_KEY="offline-test-key", GEOAPIFY_BASE_URL=f"http://127.0.0.1:{port}")
        result = subprocess.run([bb.sitegen_binary(), "build", "--site", cls.folder, "--places", cls.places_file, "--quiet"],
                                capture_output=True, text=True, timeout=600, env=environment)
        if result.returncode != 0:
            raise RuntimeError(f"tiled build failed: {result.stderr}")
        cls.output = os.path.join(cls.folder, "output")
        cls.zooms = sorted(int(z) for z in os.listdir(os.path.join(cls.output, "kart")))
        cls.server = StoppableServer(cls.output)
        cls.driver = bb.make_driver(390, 844)

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.stub.stdin.close()
        cls.stub.terminate()
        cls.stub.wait(timeout=10)

    def tiles(self):
        """The tiles the map shows now: (zoom, loaded) for each tile image."""
        return self.driver.execute_script("""
            return Array.from(document.querySelectorAll('#explorer-map img.leaflet-tile'), img => {
              const zoom = Number(img.src.split('/kart/')[1].split('/')[0]);
              return [zoom, img.complete && img.naturalWidth === 256];
            });""")

    def show_map(self, zoom=None):
        d = self.driver
        bb.wait_ready(d)
        # A phone opens a guide with a basemap on its map; elsewhere «Kart» shows it.
        switch = d.find_element(By.CSS_SELECTOR, "#explorer [data-view=map]")
        if switch.is_displayed():
            switch.click()
        self.assertTrue(d.find_element(By.ID, "explorer-map-canvas").is_displayed())
        bb.wait_map(d)
        if zoom is not None:
            # The guide's centre at that zoom: the same view online and offline, whatever the first view
            # (on a phone with the map first, the map's height follows the page above it, and offline a
            # note stands there).
            d.execute_script("BeaconExplorer.map().setView([arguments[0], arguments[1]], arguments[2], {animate: false})",
                             bb.CENTER[0], bb.CENTER[1], zoom)
        bb.wait_for(d, lambda: self.tiles() and all(loaded for _, loaded in self.tiles()), 10,
                    f"tiles not loaded: {self.tiles()}")

    def test_the_map_shows_its_tiles_offline(self):
        d = self.driver
        self.assertGreaterEqual(len(self.zooms), 3, f"the plan publishes zooms {self.zooms}")
        self.install()
        stored = [u for u in self.cached_urls() if "/kart/" in u]
        self.assertTrue(stored)
        self.assertEqual({int(u.split("/kart/")[1].split("/")[0]) for u in stored}, set(self.zooms[:2]),
                         "the install stores the two lowest zooms' tiles")
        # Online, the reader looks closer than the stored zooms: the tiles they saw are kept too.
        d.get(self.url("index.html"))
        self.show_map(zoom=self.zooms[-1])
        seen = {zoom for zoom, _ in self.tiles()}
        self.assertEqual(seen, {self.zooms[-1]})
        bb.wait_for(d, lambda: len([u for u in self.cached_urls() if "/kart/" in u]) > len(stored), 5,
                    "the tiles seen were not stored")

        self.offline()
        d.get(self.url("index.html"))
        self.wait_note(True)
        self.show_map(zoom=self.zooms[-1])
        self.assertEqual({zoom for zoom, _ in self.tiles()}, seen)
        # Zoomed out to the lowest zoom (stored at install, maybe never seen): still tiles.
        self.show_map(zoom=self.zooms[0])
        self.assertEqual({zoom for zoom, _ in self.tiles()}, {self.zooms[0]})
        self.assert_no_console_errors()


class OddAssetNameTests(OfflineTestCase):
    """The site's own assets may be named with characters that mean something in a URL (`#`, `?`,
    `%`, a space, letters beyond ASCII): the worker still installs, with every one stored."""
    NAMES = ["a#b.txt", "hvorfor?.txt", "100%.txt", "mellom rom.txt", "blåbær.txt", "semi;kolon+pluss&og=lik.txt"]

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="beacon-offline-names-")
        cls.places_file = bb.write_site(cls.folder)
        os.makedirs(os.path.join(cls.folder, "assets"))
        for name in cls.NAMES:
            with open(os.path.join(cls.folder, "assets", name), "w", encoding="utf-8") as f:
                f.write("innhold i " + name)
        cls.output = bb.build(cls.folder, cls.places_file)
        cls.server = StoppableServer(cls.output)
        cls.detail = {}
        cls.driver = bb.make_driver(390, 844)

    def test_the_worker_installs_and_stores_every_oddly_named_asset(self):
        self.install()
        version = build_version(self.output)
        bb.wait_for(self.driver, lambda: self.cache_names() == [f"beacon-{version}/"], 10, "no cache for this build")
        cached = self.cached_urls()
        for name in self.NAMES:
            text = self.script("const r = await caches.match(new Request(%s)); return r ? await r.text() : null;"
                               % json.dumps(self.url("assets/" + urllib.parse.quote(name, safe=""))))
            self.assertEqual(text, "innhold i " + name, f"{name} is not stored under its address ({cached})")
        self.assert_no_console_errors()


if __name__ == "__main__":
    unittest.main()
