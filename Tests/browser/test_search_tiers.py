"""A search on real data (Tests/Fixtures/osm-oslo-bars.geojson, bars, pubs and fast food) on a 390×844 phone
with the map first: the places a search names come before those only their category's words find, and the
count line in the list's sheet says how many of each («1 sted med «kebab» · 4 andre gatekjøkken») in each
language, in the handle without hiding the first card; the page passes axe. The order itself is the shared case table's
(test_query.py); this is what the reader reads."""
import os
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

# The count line above the list and in the sheet's handle, no-break spaces as spaces.
COUNT = """return ['results-count', 'explorer-sheet-count'].map(
  (id) => document.getElementById(id).textContent.replace(/\u00a0/g, ' '));"""

# The handle's count on a phone: inside the handle and the screen, unclipped, on at most two lines, and
# never breaking inside the others' count («4 andre gatekjøkken»); the first card still in view below it.
FITS = """
const count = document.getElementById('explorer-sheet-count');
const handle = document.getElementById('explorer-sheet-handle');
const c = count.getBoundingClientRect(), h = handle.getBoundingClientRect();
const line = parseFloat(getComputedStyle(count).lineHeight) || 20;
const text = count.textContent, cut = text.lastIndexOf(' · ') + 3;
const range = document.createRange();
range.setStart(count.firstChild, cut);
range.setEnd(count.firstChild, text.length);
const card = document.querySelector('#place-list .place-card__name').getBoundingClientRect();
return { inside: c.left >= h.left && c.right <= h.right && c.right <= innerWidth && c.height > 0,
         clipped: count.scrollWidth > count.clientWidth + 1, lines: Math.round(c.height / line) <= 2,
         othersOnOneLine: range.getClientRects().length === 1, cardInView: card.bottom <= innerHeight };
"""
FITTING = {"inside": True, "clipped": False, "lines": True, "othersOnOneLine": True, "cardInView": True}


class SearchTiersOnAPhoneTests(bb.BuiltSiteTestCase):
    PREFIX = "beacon-search-tiers-"
    # Our own basemap from the Oslo extract compiled into sitegen (null: the setting's default): on a phone
    # the map comes first, the list is its sheet.
    SETTINGS = {"format": 1, "title": "Oslo om kvelden", "languages": ["nb", "nn", "en"],
                "categories": ["bar", "pub", "fast-food"], "basemap": None}
    PLACES = os.path.join(bb.REPO, "Tests", "Fixtures", "osm-oslo-bars.geojson")
    WIDTH, HEIGHT = 390, 844

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": cls.WIDTH, "height": cls.HEIGHT, "deviceScaleFactor": 1, "mobile": True})
        cls.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def search(self, text):
        d = self.driver
        box = d.find_element(By.ID, "explorer-search")
        box.clear()
        box.send_keys(text)

    def wait_count(self, expected):
        d = self.driver
        bb.wait_for(d, lambda: d.execute_script(COUNT) == [expected, expected], 5,
                    f"{d.execute_script(COUNT)} != {expected}")

    def test_the_count_line_names_the_places_found_by_name_and_the_others(self):
        d = self.driver
        self.open("index.html")
        self.assertEqual(d.find_element(By.ID, "explorer").get_attribute("data-layout"), "map-first")
        self.search("kebab")
        self.wait_count("1 sted med «kebab» · 4 andre gatekjøkken")
        # Kebab Kongen (705 m) first, then the other fast food nearest first: «Anbefalt», none rated.
        self.assertEqual([n.split(" · ")[0] for n in bb.visible_names(d)],
                         ["Kebab Kongen", "Peppes Burger", "Pølsekiosken", "Peppes Burger", "Peppes Burger"])
        self.assertEqual(d.execute_script(FITS), FITTING)
        # Found by name in bars, pubs and fast food alike: the others are «treff», not one category.
        self.search("øl")
        self.wait_count("2 steder med «øl» · 12 andre treff")
        self.assertEqual([n.split(" · ")[0] for n in bb.visible_names(d)][:2], ["Pølsekiosken", "Olympen"])
        # No name says cocktail: the count line is as before.
        self.search("cocktail")
        self.wait_count("5 steder innen 5 km fra Oslo S")
        # Found by its own words only: the count line is as before.
        self.search("Kulturhuset")
        self.wait_count("1 sted innen 5 km fra Oslo S")
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))

    def test_the_count_line_in_nynorsk_and_english(self):
        d = self.driver
        for path, expected in (("nn/index.html", "1 stad med «kebab» · 4 andre gatekjøkken"),
                               ("en/index.html", "1 place with “kebab” · 4 other fast food")):
            with self.subTest(path=path):
                self.open(path)
                self.assertEqual(d.find_element(By.ID, "explorer").get_attribute("data-layout"), "map-first")
                self.search("kebab")
                self.wait_count(expected)
                self.assertEqual(d.execute_script(FITS), FITTING)

    def test_one_other_match_is_said_in_the_singular(self):
        self.open("index.html")
        # The three Peppes Burger by their cuisine; Pølsekiosken and Kebab Kongen by fast food's «burger».
        self.search("burger")
        self.wait_count("3 steder med «burger» · 2 andre gatekjøkken")
        # Kebab Kongen on Tøyengata by its own words; Peppes Burger on Torggata by its street and fast
        # food's «kebab».
        self.search("kebab gata")
        self.wait_count("1 sted med «kebab gata» · 1 annet treff")
        self.assertEqual(bb.visible_names(self.driver), ["Kebab Kongen", "Peppes Burger · Torggata"])


if __name__ == "__main__":
    unittest.main()
