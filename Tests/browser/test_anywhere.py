"""A guide in a city the binary has no data for, built with no key against a loopback Overpass (the
stand-in answers in Overpass's own shapes: Tests/Fixtures/overpass-places-edinburgh.json for the places,
overpass-edinburgh-map.json for the map): it lists its places and shows a basemap with streets and the
sea, map-first on a phone, opening at street level where its places are."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import beacon_browser as bb
from test_basemap import BASEMAP_COLOUR, explorer_pixel_at, labels

REPO = bb.REPO
FIXTURES = os.path.join(REPO, "Tests", "Fixtures")
SETTINGS = {
    "format": 1, "title": "Edinburgh", "radiusKm": 5,
    "center": {"lat": 55.952, "lon": -3.1895, "label": "Waverley"},
    "categories": ["restaurant", "cafe", "hotel", "bar", "pub"],
}


def build_from_overpass(folder):
    """`sitegen build` with no key and no places file, Overpass answered by the stand-in; returns its
    terminal output."""
    with open(os.path.join(folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
        json.dump(SETTINGS, f)
    scenario = os.path.join(folder, "stub-scenario.json")
    with open(scenario, "w", encoding="utf-8") as f:
        json.dump({"routes": {
            "overpass": [{"file": os.path.join(FIXTURES, "overpass-edinburgh-map.json")}],
            "overpass-places": [{"file": os.path.join(FIXTURES, "overpass-places-edinburgh.json")}],
        }}, f)
    stub = subprocess.Popen([sys.executable, os.path.join(REPO, "Tests", "Support", "geoapify_stub.py"),
                             scenario, os.path.join(folder, "stub-log.jsonl")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = stub.stdout.readline().strip()
        environment = dict(os.environ, OVERPASS_URL=f"http://127.0.0.1:{port}/api/interpreter")
        for name in ("GEOAPIFY_API_KEY", "GEOAPIFY_BASE_URL", "BEACON_BASEMAP"):
            environment.pop(name, None)
        result = subprocess.run([bb.sitegen_binary(), "build", "--site", folder], capture_output=True,
                                text=True, timeout=600, env=environment)
        if result.returncode != 0:
            raise RuntimeError(f"sitegen build failed ({result.returncode}):\n{result.stderr}")
        return result.stderr
    finally:
        stub.stdin.close()
        stub.terminate()
        stub.wait(timeout=10)
        stub.stdout.close()


class AGuideAnywhereOnAPhoneTests(bb.SiteFolderTestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="beacon-anywhere-")
        cls.terminal = build_from_overpass(cls.folder)
        cls.server = bb.Server(os.path.join(cls.folder, "output"))
        cls.driver = bb.phone_driver(390, 844, scale=2)

    def tearDown(self):
        bb.set_media(self.driver)
        super().tearDown()

    def open(self):
        self.driver.get(self.server.url(""))
        bb.wait_ready(self.driver)
        bb.wait_map(self.driver)

    def test_the_build_said_what_it_asked_of_whom(self):
        self.assertIn("Steder fra OpenStreetMap: spør Overpass (127.0.0.1)", self.terminal)
        self.assertIn("Henter kartdata fra Overpass (127.0.0.1) for ", self.terminal)
        self.assertNotIn("eksempeldata", self.terminal)

    def test_it_lists_its_places_map_first(self):
        self.open()
        count = self.driver.find_element(bb.By.ID, "results-count").get_attribute("textContent")
        self.assertTrue(count.startswith("28 steder"), count)
        share = bb.map_share(self.driver)
        self.assertGreaterEqual(share, 0.7)
        # The nearest place leads the sheet's list; credited as OpenStreetMap's.
        first = self.driver.find_element(bb.By.CSS_SELECTOR, "#place-list li .place-card__name")
        self.assertEqual(first.text, "Söderberg")
        footer = self.driver.find_element(bb.By.CSS_SELECTOR, ".site-footer").get_attribute("textContent")
        self.assertIn("hentet fra OpenStreetMap", footer)
        self.assertNotIn("Geoapify", footer)

    def test_it_opens_at_street_level_where_its_places_are(self):
        self.open()
        zoom = self.driver.execute_script("return window.BeaconExplorer.map().getZoom();")
        self.assertGreaterEqual(zoom, 14, "the first view is not at street level")
        # Places in view without zooming: pins (not only counts) inside the visible map.
        pins = self.driver.execute_script("""
            const box = document.getElementById('explorer-map').getBoundingClientRect();
            return Array.from(document.querySelectorAll('#explorer-map .leaflet-marker-icon')).filter((m) => {
              const r = m.getBoundingClientRect();
              return r.top >= box.top && r.bottom <= Math.min(box.bottom, innerHeight) && r.left >= box.left && r.right <= box.right;
            }).length;""")
        self.assertGreaterEqual(pins, 5)

    def test_its_basemap_has_streets_and_the_sea(self):
        self.open()
        water = self.driver.execute_script(BASEMAP_COLOUR, "water")
        land = self.driver.execute_script(BASEMAP_COLOUR, "land")
        self.assertIsNotNone(water)
        # The Firth of Forth, north of the coast the map data draws along 55.98° N.
        bb.zoom_map_to(self.driver, 55.99, -3.20, 13)
        bb.wait_map_still(self.driver)
        bb.WebDriverWait(self.driver, 10).until(lambda d: explorer_pixel_at(d, 55.995, -3.20) is not None)
        sea = explorer_pixel_at(self.driver, 55.995, -3.20)
        self.assertTrue(all(abs(a - b) <= 3 for a, b in zip(sea[:3], water[:3])), f"{sea} is not water {water}")
        self.assertNotEqual(sea[:3], (land or [0, 0, 0])[:3])
        # Streets, named at street level (which ones fit depends on the pins over them).
        streets = {"Princes Street", "George Street", "Queen Street", "Lothian Road", "The Mound"}
        bb.zoom_map_to(self.driver, 55.9520, -3.1990, 15)
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: streets & {label["text"] for label in labels(d)}, "no street of the map data is named")

if __name__ == "__main__":
    unittest.main()
