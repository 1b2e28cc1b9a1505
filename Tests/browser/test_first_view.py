"""Where the map opens (issue #58): a guide of hundreds of places in 5 km opens on a phone (390 × 844) where the
places are, at street level, with pins to see and no count among fewer than 30 places; «+» and «−» zoom about
the middle of the part of the map the reader sees (under the floating search, above the sheet); a tapped count
fits its pins into that part. «Mine steder» shows every favorite on its map (not one page's hundred), opens on
the main group, and one far away gets a button that flies there and back."""
import math
import random
import re
import shutil
import time
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

CENTER = bb.CENTER
RECT = "const r = arguments[0].getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};"


def dense_places(count=420, seed=58):
    """`count` places within 5 km of Oslo S, as a city has them: most in the 1.5 km of its middle (some 35 a
    square kilometre), the rest spread over the radius. (osm id, name, category, lat, lon)."""
    rng = random.Random(seed)
    rows = []
    for k in range(count):
        distance = (1500 if k % 5 < 3 else 4800) * math.sqrt(rng.random())
        angle = rng.random() * 2 * math.pi
        lat, lon = bb.offset(distance * math.cos(angle), distance * math.sin(angle))
        category = ("restaurant", "cafe", "hotel")[k % 3]
        rows.append((20000 + k, f"Sted {k + 1}", category, lat, lon))
    return rows


def write_dense_site(folder, rows, favorites=(), rated=(), far=None):
    """A site folder on our own basemap (the Oslo extract compiled into sitegen) for `rows`; `favorites` and
    `rated` (osm ids, rated 5) in the store; `far`: one more favorite, (name, lat, lon), far away."""
    import json
    import os
    settings = {"format": 1, "title": "Beacon – tett by", "center": {"lat": CENTER[0], "lon": CENTER[1], "label": "Oslo S"},
                "radiusKm": 5, "placesPerCategory": 100, "cacheHours": 24}
    features, store = [], {}
    for osm, name, category, lat, lon in rows:
        features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
                         "properties": {"name": name, "osm_type": "node", "osm_id": osm, "lat": lat, "lon": lon,
                                        "categories": [bb.GEOAPIFY_CATEGORY[category]]}})
        if osm in favorites or osm in rated:
            entry = {"place": {"name": name, "category": category, "lat": lat, "lon": lon}, "ratings": []}
            if osm in rated:
                entry["ratings"] = [{"stars": 5, "date": "2026-10-01"}]
            if osm in favorites:
                entry["favoriteSince"] = "2026-10-01"
            store[f"node/{osm}"] = entry
    if far:
        name, lat, lon = far
        features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
                         "properties": {"name": name, "osm_type": "node", "osm_id": 99999, "lat": lat, "lon": lon,
                                        "categories": ["catering.cafe"]}})
        store["node/99999"] = {"place": {"name": name, "category": "cafe", "lat": lat, "lon": lon}, "ratings": [],
                               "favoriteSince": "2026-10-01"}
    with open(os.path.join(folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
        json.dump(settings, f, ensure_ascii=False)
    with open(os.path.join(folder, "beacon-store.json"), "w", encoding="utf-8") as f:
        json.dump({"format": 1, "places": store}, f, ensure_ascii=False)
    places = os.path.join(folder, "places.geojson")
    with open(places, "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, ensure_ascii=False)
    return places


def phone(driver, width=390, height=844):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


# The part of the explorer's map a reader sees: under the floating bar, above the sheet, within the window.
VISIBLE = """
  const canvas = document.getElementById('explorer-map-canvas').getBoundingClientRect();
  const bar = document.getElementById('explorer-bar').getBoundingClientRect();
  const sheet = document.getElementById('explorer-results').getBoundingClientRect();
  return {left: canvas.left, right: canvas.right, top: Math.max(canvas.top, bar.bottom),
          bottom: Math.min(canvas.bottom, sheet.top, window.innerHeight), canvasTop: canvas.top, canvasLeft: canvas.left};"""

# What the map draws in view: lone pins and counts whose middles are in the visible part.
DRAWN = """
  const v = arguments[0];
  const inside = (e) => { const r = e.getBoundingClientRect(); const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    return x >= v.left && x <= v.right && y >= v.top && y <= v.bottom; };
  const all = Array.from(document.querySelectorAll('#explorer-map .leaflet-marker-icon'));
  return {pins: all.filter(e => e.classList.contains('map-pin-icon') && inside(e)).length,
          counts: all.filter(e => e.classList.contains('map-cluster-icon') && inside(e)).map(e => e.textContent)};"""


class DenseGuidePhoneTests(bb.SiteFolderTestCase):
    """420 places in 5 km around Oslo S, a handful of favorites and best rated across the city, on a phone."""

    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-first-view-")
        cls.rows = dense_places()
        # Picks across the city: every 40th place a favorite, every 25th rated 5.
        favorites = {row[0] for row in cls.rows[::40]}
        rated = {row[0] for row in cls.rows[5::25]}
        cls.output = bb.build(cls.folder, write_dense_site(cls.folder, cls.rows, favorites, rated))
        cls.server = bb.Server(cls.output)
        cls.driver = bb.make_driver(width=390, height=844)
        phone(cls.driver)

    def setUp(self):
        d = self.driver
        d.get(self.server.url("404.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        d.get(self.server.url("index.html"))
        bb.wait_ready(d)
        bb.wait_map(d)
        bb.wait_map_still(d)
        d.get_log("browser")

    def visible(self):
        return self.driver.execute_script(VISIBLE)

    def drawn(self):
        return self.driver.execute_script(DRAWN, self.visible())

    def wait_still(self):
        bb.wait_map_still(self.driver)
        time.sleep(0.4)  # markercluster's pins glide to their places after a zoom

    def test_the_first_view_shows_pins_at_street_level_and_no_count_among_fewer_than_thirty(self):
        d = self.driver
        self.assertEqual(d.find_element(By.ID, "explorer").get_attribute("data-layout"), "map-first")
        zoom = d.execute_script("return BeaconExplorer.map().getZoom()")
        self.assertGreaterEqual(zoom, 14, "the first view is not at street level")
        drawn = self.drawn()
        self.assertGreaterEqual(drawn["pins"], 6, f"too few pins to see at first: {drawn}")
        # The places in the visible part of the view, by their positions.
        v = self.visible()
        in_view = d.execute_script("""
            const map = BeaconExplorer.map(), v = arguments[1], box = map.getContainer().getBoundingClientRect();
            return arguments[0].filter(([lat, lon]) => { const p = map.latLngToContainerPoint([lat, lon]);
              const x = p.x + box.left, y = p.y + box.top; return x >= v.left && x <= v.right && y >= v.top && y <= v.bottom; }).length;""",
                                   [[r[3], r[4]] for r in self.rows], v)
        self.assertLess(in_view, 30, "a first view of counts, not of pins")
        # No count but where two places stand within a pin's width of each other and no closer view shows six
        # places (this guide has such a pair near its centre): at most one count, of two.
        self.assertLessEqual(len(drawn["counts"]), 1, f"counts among {in_view} places in view: {drawn}")
        self.assertTrue(all(c == "2" for c in drawn["counts"]), drawn)

    def test_the_zoom_buttons_keep_the_middle_of_the_visible_part(self):
        d = self.driver
        v = self.visible()
        middle = ((v["left"] + v["right"]) / 2 - v["canvasLeft"], (v["top"] + v["bottom"]) / 2 - v["canvasTop"])
        self.assertGreater(v["top"] - v["canvasTop"], 40, "the test needs a bar over the map's top")
        held = d.execute_script("const p = BeaconExplorer.map().containerPointToLatLng(arguments[0]); return [p.lat, p.lng];", middle)
        for name in ("Zoom inn", "Zoom ut", "Zoom ut"):
            before = d.execute_script("return BeaconExplorer.map().getZoom()")
            bb.by_name(d, ".leaflet-control-zoom a", name).click()
            bb.wait_for(d, lambda: d.execute_script("return BeaconExplorer.map().getZoom()") != before, message=f"«{name}» did not zoom")
            self.wait_still()
            at = d.execute_script("const p = BeaconExplorer.map().latLngToContainerPoint(arguments[0]); return [p.x, p.y];", held)
            self.assertLess(math.dist(at, middle), 2, f"after «{name}» the visible middle moved to {at}, not {middle}")

    def test_a_tapped_count_fits_its_pins_into_the_visible_part(self):
        d = self.driver
        # Out to the city, where counts stand for the places.
        d.execute_script("BeaconExplorer.map().setView(arguments[0], 13, {animate: false})", list(CENTER))
        self.wait_still()
        v = self.visible()
        target = d.execute_script("""
            const map = BeaconExplorer.map(), v = arguments[0]; let group = null;
            map.eachLayer(l => { if (l.getVisibleParent) group = l; });
            const box = map.getContainer().getBoundingClientRect();
            const counts = []; const seen = new Set();
            group.eachLayer(m => { const c = group.getVisibleParent(m); if (c && c !== m && !seen.has(c)) { seen.add(c); counts.push(c); } });
            // A count in the visible part whose pins spread over more than the visible middle (so a fit moves the map).
            const chosen = counts.filter(c => { const p = map.latLngToContainerPoint(c.getLatLng());
              return p.y + box.top > v.top + 30 && p.y + box.top < v.bottom - 30 && c.getChildCount() >= 3; })
              .sort((a, b) => b.getChildCount() - a.getChildCount())[0];
            if (!chosen) return null;
            chosen.getElement().dataset.test = 'tapped';
            return chosen.getAllChildMarkers().map(m => [m.getLatLng().lat, m.getLatLng().lng]);""", v)
        self.assertIsNotNone(target, "no count to tap")
        d.find_element(By.CSS_SELECTOR, "[data-test=tapped]").click()
        self.wait_still()
        outside = d.execute_script("""
            const map = BeaconExplorer.map(), v = arguments[1], box = map.getContainer().getBoundingClientRect();
            return arguments[0].filter(([lat, lon]) => { const p = map.latLngToContainerPoint([lat, lon]);
              const x = p.x + box.left, y = p.y + box.top; return !(x >= v.left && x <= v.right && y >= v.top && y <= v.bottom); });""",
                                   target, v)
        self.assertEqual(outside, [], "a tapped count's place outside the visible part (under the search or the sheet)")
        self.assertGreater(d.execute_script("return BeaconExplorer.map().getZoom()"), 13)

    def test_the_rule_holds_the_nearest_places_and_the_picks_that_fit_at_street_level(self):
        # The pure function itself: a centre with places around it and one pick 3 km away.
        d = self.driver
        view = d.execute_script("""
            const near = []; for (let k = 0; k < 40; k++) near.push({lat: 59.9111 + (k % 7) * 0.0004, lon: 10.7503 + Math.floor(k / 7) * 0.0008});
            const pick = {lat: 59.9381, lon: 10.7503, pick: true};
            return BeaconMap.firstView(near.concat([pick]), {lat: 59.9111, lon: 10.7503}, {width: 334, height: 480}, {min: 11, max: 19});""")
        self.assertGreaterEqual(view["zoom"], 14)
        self.assertLess(view["lat"], 59.92, "the far pick pulled the view off the centre's places")
        # Nothing near the centre: the view goes where the places are.
        view = d.execute_script("""
            const cluster = []; for (let k = 0; k < 30; k++) cluster.push({lat: 59.94 + (k % 6) * 0.0003, lon: 10.70 + Math.floor(k / 6) * 0.0006});
            return BeaconMap.firstView(cluster, {lat: 59.9111, lon: 10.7503}, {width: 334, height: 480}, {min: 11, max: 19});""")
        self.assertLess(abs(view["lat"] - 59.9407), 0.003)
        self.assertLess(abs(view["lon"] - 10.7012), 0.004)
        self.assertGreaterEqual(view["zoom"], 15)


class FarAwayFavoritesTests(bb.SiteFolderTestCase):
    """«Mine steder» with 150 favorites in Oslo and one in Bodø, on a phone."""

    BODO = ("Kafé i Bodø", 67.2804, 14.4049)

    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-far-favorites-")
        cls.rows = dense_places(300, seed=5)
        favorites = {row[0] for row in cls.rows[:150]}
        cls.output = bb.build(cls.folder, write_dense_site(cls.folder, cls.rows, favorites, far=cls.BODO))
        cls.server = bb.Server(cls.output)
        cls.driver = bb.make_driver(width=390, height=844)
        phone(cls.driver)
        lats = sorted([r[3] for r in cls.rows[:150]] + [cls.BODO[1]])
        lons = sorted([r[4] for r in cls.rows[:150]] + [cls.BODO[2]])
        cls.middle = (lats[len(lats) // 2], lons[len(lons) // 2])

    def setUp(self):
        d = self.driver
        d.get(self.server.url("favoritter/index.html"))
        bb.wait_for(d, lambda: d.execute_script(
            "const m = document.querySelector('.favorites-map'); return !!m && m.dataset.ready === 'true';"), 10, "no map")
        d.get_log("browser")

    def in_view(self, points):
        return self.driver.execute_script(
            "const b = BeaconFavoritesMap.map().getBounds(); return arguments[0].map(p => b.contains(p));", points)

    def test_the_map_shows_every_favorite_not_one_pages_hundred(self):
        d = self.driver
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, ".place-list--favorites .place-card")), 100)
        ids = d.execute_script("return BeaconFavoritesMap.placeIds()")
        self.assertEqual(len(ids), 151)
        self.assertIn("node/99999", ids)

    def test_a_favorite_far_away_gets_a_button_that_flies_there_and_back(self):
        d = self.driver
        oslo = [[r[3], r[4]] for r in self.rows[:150]]
        bodo = [self.BODO[1], self.BODO[2]]
        self.assertTrue(all(self.in_view(oslo)), "the main group is not in the first view")
        self.assertFalse(self.in_view([bodo])[0], "the map zoomed out to the far favorite")
        span = d.execute_script("const b = BeaconFavoritesMap.map().getBounds(); return b.getNorth() - b.getSouth();")
        self.assertLess(span, 0.5, "the first view is wider than the city")
        button = d.find_element(By.CSS_SELECTOR, "#favorites-map .map-far")
        km = bb.haversine(self.middle[0], self.middle[1], bodo[0], bodo[1]) / 1000
        label = button.accessible_name.replace("\xa0", " ")
        shown = re.fullmatch(r"1 til, (\d+) km unna", label)
        self.assertTrue(shown, label)
        self.assertLess(abs(int(shown.group(1)) - km), 1.5, f"{label}: the favorite is {km:.0f} km from the rest")
        button.click()
        bb.wait_for(d, lambda: self.in_view([bodo])[0], 10, "the map did not fly to the far favorite")
        time.sleep(1.5)  # the flight ends
        self.assertEqual(button.accessible_name.replace("\xa0", " "), "Tilbake til 150 steder")
        button.click()
        bb.wait_for(d, lambda: all(self.in_view(oslo)), 10, "the map did not fly back")
        self.assertEqual(button.accessible_name.replace("\xa0", " "), label)

    def test_axe_finds_nothing_on_the_map_with_its_button(self):
        violations = bb.run_axe(self.driver)
        self.assertEqual(violations, [], bb.format_violations(violations))


if __name__ == "__main__":
    unittest.main()
