"""Shared set-up for the browser tests: a test site built by the real `sitegen`
binary, served over HTTP on loopback, and headless Chromium through Selenium.

Environment:
  SITEGEN   the sitegen binary (scripts/test passes the release build); if unset,
            the first of .build/release, .build-browser/release, .build/debug is used
  AXE_JS    axe-core's axe.min.js (scripts/install-deps --test puts it in .test-tools/)

The site is built once per test run (first use) and removed at exit.
"""
import atexit
import base64
import functools
import http.server
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

# Builds from places files would ask the real Overpass server for their basemap: never from a test
# (a closed loopback port refuses at once). A test that wants a basemap from Overpass names its stand-in.
os.environ.setdefault("OVERPASS_URL", "http://127.0.0.1:9/api/interpreter")

os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402  (after the environment is set)
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

CENTER = (59.9111, 10.7503)
EARTH_RADIUS_M = 6371008.8
METRES_PER_DEGREE = EARTH_RADIUS_M * math.pi / 180
RADIUS_KM = 5

# The test guide: names that exercise Norwegian collation (Æ, Ø, Å, "Aa", Z, lower
# case), accents, text that needs escaping, all three categories, ratings that tie
# on the average, favorites, and one place beyond the saved radius.
# (osm id, name, category, metres north, metres east, street, house number)
PLACES = [
    (1001, "Ærfugl Kafé", "cafe", 300, 0, "Karl Johans gate", "1"),
    (1002, "Øst Bistro", "restaurant", 0, 600, "Schweigaards gate", "12"),
    (1003, "Åpent Bakeri", "cafe", -900, 0, "Tøyengata", "3"),
    (1004, "Aas Gjestgiveri", "hotel", 0, -1200, "Storgata", "40"),
    (1005, "Zeppelin Bar", "restaurant", 450, 200, "Torggata", "7"),
    (1006, "anker hotell", "hotel", 0, 2000, "Storgata", "55"),
    (1007, "Bølgen & Moi", "restaurant", 1500, 0, "Markveien", "9"),
    (1008, "Café Élan", "cafe", 0, -700, "Thorvald Meyers gate", "5"),
    (1009, "Grand Hotel", "hotel", 250, -250, "Karl Johans gate", "31"),
    (1010, "Kaffebrenneriet", "cafe", -2500, 0, "Bygdøy allé", "2"),
    (1011, "Mat <&> Drikke", "restaurant", 0, -3000, "Bogstadveien", "20"),
    (1012, "Ytre Brygge", "restaurant", 0, 4000, "Sørkedalsveien", "8"),
    (1013, "Vidde Hotell", "hotel", 7000, 0, "Trondheimsveien", "100"),
    (1014, "Aula Kafé", "cafe", 1800, 300, "Møllergata", "4"),
]

# Ratings (stars) and favorites in the store. Averages: Øst 5.0 (1), Zeppelin 4.5 (2),
# Ærfugl 4.0 (3), Aas 4.0 (1), Bølgen 2.5 (2) → 3 stars, Grand 1.0 (1).
RATINGS = {
    1001: [4, 4, 4],
    1002: [5],
    1004: [4],
    1005: [5, 4],
    1007: [2, 3],
    1009: [1],
}
FAVORITES = {1001, 1005, 1010}

# Opening hours (OSM syntax) for "Åpent nå" (test_hours.py); every other place has DEFAULT_HOURS.
# None: the place has no opening hours at all.
DEFAULT_HOURS = "Mo-Su 08:00-22:00"
HOURS = {
    1001: "Mo-Fr 07:00-18:00; Sa,Su 09:00-17:00",                 # Ærfugl Kafé
    1002: "Tu-Sa 17:00-23:00; PH off",                            # Øst Bistro: unknown (public holidays)
    1005: "Mo-Th 16:00-01:00; Fr,Sa 16:00-03:00; Su off",         # Zeppelin Bar: nights past midnight
    1008: "Mo-Fr 08:00-16:00; Sa 10:00-14:00",                    # Café Élan
    1010: "24/7",                                                 # Kaffebrenneriet
    1011: "ring for åpningstider",                                # Mat <&> Drikke: not understood
    1014: None,                                                   # Aula Kafé: no hours
}
# Hours the guide cannot read at all: shown as written, labelled so, with no status and no hours script.
HOURS_NOT_UNDERSTOOD = {1011}


def offset(north, east):
    lat = CENTER[0] + north / METRES_PER_DEGREE
    lon = CENTER[1] + east / (METRES_PER_DEGREE * math.cos(math.radians(CENTER[0])))
    return round(lat, 6), round(lon, 6)


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))


def place_rows():
    """Each test place as a dict with its id, coordinates and distance from the centre."""
    rows = []
    for osm, name, category, north, east, street, number in PLACES:
        lat, lon = offset(north, east)
        ratings = RATINGS.get(osm, [])
        rows.append({
            "id": f"node/{osm}", "osm": osm, "name": name, "category": category, "lat": lat, "lon": lon,
            "distance": haversine(CENTER[0], CENTER[1], lat, lon),
            "ratings": ratings, "average": sum(ratings) / len(ratings) if ratings else None,
            "favorite": osm in FAVORITES, "address": f"{street} {number}, 0150 Oslo",
        })
    return rows


def pick_average(row, picks_minimum_rating=4):
    """What «Anbefalt» orders a row by after its favorites: the average of a pick (a favorite, or rated at
    least picks_minimum_rating, the setting), 0 for every other place (those then go nearest first)."""
    average = row["average"] or 0
    return average if row["favorite"] or average >= picks_minimum_rating else 0


def rounded_stars(average):
    """The site's rule: nearest whole star, 2.5 rounds up."""
    return int(math.floor(average + 0.5))


def average_text(average, comma=","):
    """«4,5»: an average as the pages write it, one decimal, halves up from its three decimals
    (RatingSummary.averageTenths)."""
    tenths = (math.floor(average * 1000 + 0.5) + 50) // 100
    return f"{tenths // 10}{comma}{tenths % 10}"


def within_radius(rows, km=RADIUS_KM):
    return [r for r in rows if r["distance"] <= km * 1000]


GEOAPIFY_CATEGORY = {"restaurant": "catering.restaurant", "cafe": "catering.cafe", "hotel": "accommodation.hotel"}


def write_site(folder, languages=None, basemap="none"):
    """A site folder: settings, store and a GeoJSON places file (the assets are built into sitegen).
    `basemap`: the setting (default "none": the list comes first on a phone, as most tests expect; None
    leaves it out, so the guide gets our own basemap from the Oslo extract compiled into sitegen)."""
    settings = {
        "format": 1,
        "title": "Beacon – testguide",
        "center": {"lat": CENTER[0], "lon": CENTER[1], "label": "Oslo S"},
        "radiusKm": RADIUS_KM,
        "placesPerCategory": 20,
        "cacheHours": 24,
        "intro": "Steder for nettlesertestene.",
    }
    if languages:
        settings["languages"] = languages
    if basemap is not None:
        settings["basemap"] = basemap
    with open(os.path.join(folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
        json.dump(settings, f, ensure_ascii=False, indent=2)
    features = []
    store = {}
    for row in place_rows():
        street, number = row["address"].split(",")[0].rsplit(" ", 1)
        features.append({
            "type": "Feature",
            "properties": {
                "name": row["name"], "osm_type": "node", "osm_id": row["osm"],
                "categories": [GEOAPIFY_CATEGORY[row["category"]]],
                "street": street, "housenumber": number, "postcode": "0150", "city": "Oslo",
                "lat": row["lat"], "lon": row["lon"],
            },
            "geometry": {"type": "Point", "coordinates": [row["lon"], row["lat"]]},
        })
        hours = HOURS.get(row["osm"], DEFAULT_HOURS)
        if hours is not None:
            features[-1]["properties"]["opening_hours"] = hours
        if row["ratings"] or row["favorite"]:
            entry = {"place": {"name": row["name"], "category": row["category"], "address": row["address"],
                               "lat": row["lat"], "lon": row["lon"]},
                     "ratings": [{"stars": s, "date": f"2026-10-{10 + k:02d}", "comment": f"Besøk nummer {k + 1}."}
                                 for k, s in enumerate(row["ratings"])]}
            if len(row["ratings"]) > 1:
                # The oldest of several comments in Markdown, so the W3C checker and axe see it rendered
                # (the cards quote the newest, «Besøk nummer N.»).
                entry["ratings"][0]["comment"] = MARKDOWN_COMMENT
            if row["favorite"]:
                entry["favoriteSince"] = "2026-10-01"
            store[row["id"]] = entry
    with open(os.path.join(folder, "beacon-store.json"), "w", encoding="utf-8") as f:
        json.dump({"format": 1, "places": store}, f, ensure_ascii=False, indent=2)
    places_file = os.path.join(folder, "places.geojson")
    with open(places_file, "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, ensure_ascii=False)
    return places_file


MARKDOWN_COMMENT = ("Besøk nummer 1. **Book bord** i helgene, og prøv *akevitt*.\n\n"
                    "- Torsk\n- [Menyen](https://example.org/meny)\n\n## Merk\n\n> Stengt i juli.\n"
                    "Ring først.")


def sitegen_binary():
    binary = os.environ.get("SITEGEN")
    if binary:
        return binary
    for candidate in (".build/release/sitegen", ".build-browser/release/sitegen", ".build/debug/sitegen"):
        path = os.path.join(REPO, candidate)
        if os.access(path, os.X_OK):
            return path
    raise RuntimeError("no sitegen binary: set SITEGEN (scripts/test does) or run swift build -c release")


def build(folder, places_file, environment=None):
    """Runs `sitegen build` on a site folder from a places file; returns the output folder."""
    result = subprocess.run([sitegen_binary(), "build", "--site", folder, "--places", places_file, "--quiet"],
                            capture_output=True, text=True, timeout=600, env=environment)
    if result.returncode != 0:
        raise RuntimeError(f"sitegen build failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return os.path.join(folder, "output")


def build_with_tiles(folder, places_file):
    """`build` with a basemap: Geoapify's tiles (the settings choose them), fetched from the loopback
    stand-in (Tests/Support/geoapify_stub.py, which draws each tile) and published with the site."""
    scenario = os.path.join(folder, "stub-scenario.json")
    with open(scenario, "w", encoding="utf-8") as f:
        json.dump({"routes": {}}, f)
    stub = subprocess.Popen([sys.executable, os.path.join(REPO, "Tests", "Support", "geoapify_stub.py"),
                             scenario, os.path.join(folder, "stub-log.jsonl")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = stub.stdout.readline().strip()
        environment = dict(os.environ, GEOAPIFY_API_KEY="browser-test-key", GEOAPIFY_BASE_URL=f"http://127.0.0.1:{port}")
        return build(folder, places_file, environment)
    finally:
        stub.stdin.close()
        stub.terminate()
        stub.wait(timeout=10)
        stub.stdout.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the assets as a static host does (GitHub Pages lets a browser keep any file ten minutes), and
    pages and data never kept, so a test that builds again sees its new pages at once. Kept assets spare
    Chromium from fetching and compiling the scripts on every page: about a third of a page load's CPU."""

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600" if self.path.startswith("/assets/") else "no-store")
        super().end_headers()


class Server:
    """Serves a folder on 127.0.0.1 (a free port) from a daemon thread."""

    def __init__(self, folder):
        handler = functools.partial(_QuietHandler, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def url(self, path=""):
        return f"{self.origin}/{path}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def page_data(output):
    """The explorer's data on the front page of the site in `output` (#beacon-data)."""
    with open(os.path.join(output, "index.html"), encoding="utf-8") as f:
        html = f.read()
    start = html.index('id="beacon-data">') + len('id="beacon-data">')
    return json.loads(html[start:html.index("</script>", start)])


class TestSite:
    """`basemap`: "none" (list first), "geoapify" (the stand-in's tiles, published) or None (our own)."""

    def __init__(self, languages=None, basemap="none"):
        self.folder = tempfile.mkdtemp(prefix="beacon-browser-")
        self.places = place_rows()
        places_file = write_site(self.folder, languages, basemap)
        tiles = basemap == "geoapify"
        self.output = build_with_tiles(self.folder, places_file) if tiles else build(self.folder, places_file)
        self.server = Server(self.output)
        self.data = page_data(self.output)
        self.by_name = {p["n"]: p for p in self.data["places"]}

    def url(self, path=""):
        return self.server.url(path)

    def detail_path(self, name):
        return self.by_name[name]["u"]

    def close(self):
        self.server.close()
        shutil.rmtree(self.folder, ignore_errors=True)


@functools.lru_cache(maxsize=None)
def site():
    """The test site, built on first use and shared by every test module."""
    built = TestSite()
    atexit.register(built.close)
    return built


@functools.lru_cache(maxsize=None)
def own_basemap_site():
    """The test site on our own basemap (the Oslo extract compiled into sitegen), built on first use and shared."""
    built = TestSite(basemap=None)
    atexit.register(built.close)
    return built


@functools.lru_cache(maxsize=None)
def tiled_site():
    """The test site with a basemap (Geoapify's tiles published with it), built on first use and shared."""
    built = TestSite(basemap="geoapify")
    atexit.register(built.close)
    return built


def make_driver(width=1280, height=900, logging=True, network_log=False):
    """Headless Chromium; `logging`: the console's messages are kept (every test checks there are no errors);
    `network_log`: so are the requests (`network_requests`), which costs every page load of the browser."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                     "--lang=nb-NO", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-default-apps"):
        options.add_argument(argument)
    if logging:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if network_log else {})})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_script_timeout(60)
    return driver


def phone_driver(width=390, height=844, scale=2):
    """A browser as a phone: a touch screen `width` points wide at `scale` pixels a point (a desktop
    Chromium's own window is at least 500 wide)."""
    driver = make_driver(width=max(width, 500), height=height)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True})
    return driver


def touch_phone_driver(width=390, height=844):
    """A phone as the map-first tests use one: a touch screen `width` points wide at 1 pixel a point,
    with a phone's viewport."""
    driver = make_driver(width=width, height=height)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver


def tile_console_errors(driver):
    """The page's console errors, less a published basemap's missing tiles: the build publishes the tiles over
    the guide's circle, and a view that reaches past it asks for some that are not there (the tile layer's
    business, not the page's)."""
    return [e for e in console_errors(driver) if not ("/kart/" in e["message"] and " 404 " in e["message"])]


def set_media(driver, dark=False, reduced_motion=False):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
    ]})


def wait_ready(driver, timeout=10):
    """Waits until the list page's script has taken over (`data-ready` on #explorer)."""
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("const e = document.getElementById('explorer'); return !!e && e.dataset.ready === 'true';"))


def wait_map(driver, timeout=5):
    """Waits until the map has drawn the latest change (it draws in the frame after the list)."""
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("const m = document.getElementById('explorer-map'); return !m || !m.dataset.pending;"))


def map_place_ids(driver):
    """The ids of the places on the explorer's map (every pin, clustered or not), sorted."""
    wait_map(driver)
    return sorted(driver.execute_script("return window.BeaconExplorer ? window.BeaconExplorer.mapPlaceIds() : []"))


def map_pins(driver):
    """The pins drawn now (not inside a cluster): their accessible names."""
    wait_map(driver)
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#explorer-map .map-pin-icon'), e => e.getAttribute('aria-label'));")


def zoom_map_to(driver, lat, lon, zoom=18):
    """Moves the explorer's map so that the pins near a point stand alone (once it is drawn: it follows the list)."""
    wait_map(driver)
    driver.execute_script("window.BeaconExplorer.map().setView([arguments[0], arguments[1]], arguments[2], {animate: false});", lat, lon, zoom)
    wait_map_still(driver)


def wait_map_still(driver, timeout=10):
    """Waits until the explorer's map has stopped moving: no zoom or cluster animation under way, and every
    pin where it stood a tenth of a second before (a busy machine draws the animations late)."""
    snapshot = ("const map = window.BeaconExplorer.map();"
                "if (map._animatingZoom || document.querySelector('#explorer-map .leaflet-cluster-anim')) return null;"
                "return Array.from(document.querySelectorAll('#explorer-map .leaflet-marker-icon'),"
                " e => { const r = e.getBoundingClientRect(); return [r.x, r.y, getComputedStyle(e).opacity].join(); }).join(';');")
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        now = driver.execute_script(snapshot)
        if now is not None and now == last:
            return
        last = now
        time.sleep(0.1)
    raise AssertionError("the map kept moving for %s s" % timeout)


def display_name(place):
    """A place of the page data as its card names it: with its suffix (`ns`) when others share its name."""
    return place["n"] + (" · " + place["ns"] if place.get("ns") else "")


def visible_names(driver):
    return driver.execute_script(
        "const list = document.getElementById('place-list');"
        "if (list.hidden) return [];"
        "return Array.from(list.querySelectorAll('.place-card__name'), e => e.textContent);")


def map_share(driver):
    """How much of the window the explorer's map covers (0–1)."""
    return driver.execute_script("""
        const r = document.getElementById('explorer-map').getBoundingClientRect();
        const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
        const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        return w * h / (innerWidth * innerHeight);""")


def results_count(driver):
    return driver.find_element(By.ID, "results-count").text


def wait_for(driver, condition, timeout=5, message=""):
    return WebDriverWait(driver, timeout).until(lambda d: condition(), message)


def mask_svgs(driver, selector):
    """The SVG each element matching `selector` draws as its category symbol (the mask of its ::before,
    a data URL the build inlines), decoded; None where it draws none."""
    urls = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), e => getComputedStyle(e, '::before').maskImage)",
        selector)
    out = []
    for url in urls:
        match = re.match(r'url\("data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"\)$', url)
        out.append(base64.b64decode(match.group(1)).decode("utf-8") if match else None)
    return out


def builtin_icon(name):
    """A built-in category symbol's SVG, as the repository has it."""
    with open(os.path.join(REPO, "Resources", "assets", "icons", name + ".svg"), encoding="utf-8") as f:
        return f.read()


def chip_name(accessible_name):
    """A category chip's name without the count it ends with («Kafeer 5» → «Kafeer»)."""
    return re.sub(r"\s[\d\s\u00a0,]+$", "", accessible_name)


def chip(driver, name):
    """The category chip named `name` (its count aside)."""
    for candidate in driver.find_elements(By.CSS_SELECTOR, "nav.chips a"):
        if chip_name(candidate.accessible_name) == name:
            return candidate
    raise AssertionError(f"no chip named {name!r}")


def by_name(driver, role_selector, name):
    """The element matching `role_selector` whose accessible name (Chromium's computed label) is `name`."""
    for candidate in driver.find_elements(By.CSS_SELECTOR, role_selector):
        if candidate.accessible_name == name:
            return candidate
    raise AssertionError(f"no {role_selector} named {name!r}")


def axe_source():
    path = os.environ.get("AXE_JS") or os.path.join(REPO, ".test-tools", "axe.min.js")
    if not os.path.isfile(path):
        if os.environ.get("AXE_JS"):
            raise AssertionError(f"AXE_JS points at {path}, which does not exist")
        raise RuntimeError("axe-core not found: run scripts/install-deps --test or set AXE_JS")
    with open(path, encoding="utf-8") as f:
        return f.read()


def run_axe(driver):
    """axe-core's WCAG 2.0/2.1 A and AA rules on the current document; returns the violations."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));")
    return result


def format_violations(violations):
    return "\n".join(f"- {v['id']} ({v.get('impact')}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in violations)


def network_requests(driver):
    """URLs the page asked for since the last call, from the performance log."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def pause(seconds):
    time.sleep(seconds)


def synthetic_places(count):
    """The benchmark's deterministic synthetic FeatureCollection (scripts/bench-lib/make-places.py)."""
    import importlib.util
    path = os.path.join(REPO, "scripts", "bench-lib", "make-places.py")
    spec = importlib.util.spec_from_file_location("beacon_make_places", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.make(count)


def new_site_folder(prefix, store=None):
    """A temporary site folder (and a store, if given); the assets and sample data are built into sitegen."""
    folder = tempfile.mkdtemp(prefix=prefix)
    if store is not None:
        with open(os.path.join(folder, "beacon-store.json"), "w", encoding="utf-8") as f:
            json.dump(store, f, ensure_ascii=False)
    return folder


class SiteFolderTestCase(unittest.TestCase):
    """A test class whose `setUpClass` makes `folder` (a site folder), `server` (its output on loopback) and
    `driver`: all three go when the class is done, and each test ends with no console errors."""

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def tearDown(self):
        self.assertEqual(console_errors(self.driver), [], "console errors")

    def open_place_page(self, name):
        """The page of the place called `name`, reached from the explorer's card, as a reader does."""
        d = self.driver
        d.get(self.server.url("index.html"))
        wait_ready(d)
        link = d.execute_script(
            "return Array.from(document.querySelectorAll('a.place-card__link'))"
            ".find(a => a.textContent.includes(arguments[0]))?.href", name)
        self.assertTrue(link, f"no card for {name}")
        d.get(link)
        wait_for(d, lambda: d.execute_script("return document.readyState") == "complete")
        return d


class BuiltSiteTestCase(SiteFolderTestCase):
    """A test class with a site of its own: `SETTINGS` (beacon-settings.json) and the places file `PLACES`
    built by sitegen into a temporary folder, served on loopback, one browser for the class. Each test
    starts with the reader's storage cleared and ends with no console errors."""

    PREFIX = "beacon-site-"
    SETTINGS = {"format": 1}
    PLACES = None  # a places file's path
    FILES = {}  # other files of the site folder, by path (an icon in assets/icons/)
    WIDTH, HEIGHT = 1280, 900

    @classmethod
    def setUpClass(cls):
        cls.folder = new_site_folder(cls.PREFIX)
        settings = dict(cls.SETTINGS)
        # Without a basemap unless the class asks for one: the list comes first on a phone.
        settings.setdefault("basemap", "none")
        with open(os.path.join(cls.folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
            json.dump(settings, f, ensure_ascii=False)
        for path, text in cls.FILES.items():
            os.makedirs(os.path.dirname(os.path.join(cls.folder, path)), exist_ok=True)
            with open(os.path.join(cls.folder, path), "w", encoding="utf-8") as f:
                f.write(text)
        cls.output = build(cls.folder, cls.PLACES)
        cls.server = Server(cls.output)
        cls.driver = make_driver(width=cls.WIDTH, height=cls.HEIGHT)

    def setUp(self):
        # The reader's search and filters are kept for the tab: each test starts without them.
        self.driver.get(self.server.url("404.html"))
        self.driver.execute_script("localStorage.clear(); sessionStorage.clear()")

    def open(self, path):
        self.driver.get(self.server.url(path))
        wait_ready(self.driver)


class WatchServer:
    """`sitegen serve` (with `--watch` unless told otherwise) on a free port for a site folder; its log is kept.
    It answers a missing page with the 404 page of its language folder, as static hosts do."""

    def __init__(self, folder, watch=True):
        self.log = tempfile.NamedTemporaryFile(prefix="beacon-watch-", suffix=".log", delete=False)
        env = dict(os.environ)
        env.pop("GEOAPIFY_API_KEY", None)
        command = [sitegen_binary(), "serve"] + (["--watch"] if watch else []) + ["--port", "0", "--site", folder]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        line = self.process.stdout.readline()
        self.origin = line.split(" på ", 1)[1].split("/ ", 1)[0] if " på " in line else ""
        if not self.origin.startswith("http://"):
            self.close()
            raise RuntimeError(f"serve did not start: {line!r}\n{self.stderr()}")

    def url(self, path=""):
        return f"{self.origin}/{path}"

    def stderr(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            return f.read()

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(2)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        os.unlink(self.log.name)
        return self.process.returncode


def rate_and_wait_for_page(driver, folder, name, stars, comment, timeout=10):
    """Runs `sitegen rate` and waits until the open page shows `comment` (after the reload);
    returns the seconds from starting the command to the page showing it."""
    driver.execute_script("window.__beaconBeforeReload = true;")
    started = time.monotonic()
    subprocess.run([sitegen_binary(), "rate", name, str(stars), "--comment", comment, "--site", folder, "--quiet"],
                   check=True, capture_output=True)
    deadline = started + timeout
    while time.monotonic() < deadline:
        try:
            shown = driver.execute_script(
                "return !window.__beaconBeforeReload && document.readyState !== 'loading' && document.body.textContent.includes(arguments[0]);",
                comment)
        except Exception:
            shown = False
        if shown:
            return time.monotonic() - started
        time.sleep(0.01)
    raise AssertionError(f"the page did not show {comment!r} within {timeout} s")


def write_big_site(folder, count):
    """A site folder for COUNT synthetic places (radius 10 km: every place in play; every 7th rated,
    every 50th a favorite); returns the places file. Used by the big-guide tests and scripts/bench-browser."""
    collection = synthetic_places(count)
    settings = {"format": 1, "title": f"Beacon – {count} steder", "center": {"lat": 59.9111, "lon": 10.7503, "label": "Oslo S"},
                "radiusKm": 10, "placesPerCategory": 100, "cacheHours": 24}
    store = {}
    category_of = {"catering.restaurant": "restaurant", "catering.cafe": "cafe", "accommodation.hotel": "hotel"}
    for i, feature in enumerate(collection["features"]):
        p = feature["properties"]
        if i % 7 and i % 50:
            continue
        entry = {"place": {"name": p["name"], "category": category_of[p["categories"][1]], "lat": p["lat"], "lon": p["lon"]}, "ratings": []}
        if i % 7 == 0:
            entry["ratings"] = [{"stars": 1 + (i * 7 + k) % 5, "date": "2026-10-01"} for k in range(1 + i % 3)]
        if i % 50 == 0:
            entry["favoriteSince"] = "2026-10-01"
        store["geoapify/" + p["place_id"]] = entry
    with open(os.path.join(folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
        json.dump(settings, f, ensure_ascii=False)
    with open(os.path.join(folder, "beacon-store.json"), "w", encoding="utf-8") as f:
        json.dump({"format": 1, "places": store}, f, ensure_ascii=False)
    places = os.path.join(folder, "places.geojson")
    with open(places, "w", encoding="utf-8") as f:
        json.dump(collection, f, ensure_ascii=False)
    return places


def big_site(prefix, count):
    """Builds a site of COUNT synthetic places (`write_big_site`) in a new temporary folder and serves it;
    returns (folder, output, server, places of its data files in order)."""
    folder = tempfile.mkdtemp(prefix=prefix)
    output = build(folder, write_big_site(folder, count))
    server = Server(output)
    places = []
    for name in sorted(os.listdir(os.path.join(output, "data"))):
        with open(os.path.join(output, "data", name), encoding="utf-8") as f:
            places += json.load(f)
    return folder, output, server, places


def png_pixels(data):
    """(width, height, [(r, g, b, a), …]) of an 8-bit RGB or RGBA PNG (as Chromium's screenshots are),
    decoded here so a screenshot can be compared pixel by pixel without an image library."""
    import struct
    import zlib
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    pixels = []
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        pixels += [tuple(line[i:i + channels]) + ((255,) if channels == 3 else ()) for i in range(0, stride, channels)]
        previous = line
    return width, height, pixels
