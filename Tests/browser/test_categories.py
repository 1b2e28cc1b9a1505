"""A guide of the owner's own categories (Tests/Fixtures/osm-oslo-bars.geojson with
"categories": ["bar", "pub", "fast-food"]): the chips, a category page, search by a category word in each
language, the map legend and pins, all from the build's preset table (assets/beacon-text.js), and axe."""

import os
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb


class CategoriesTests(bb.BuiltSiteTestCase):
    PREFIX = "beacon-categories-"
    SETTINGS = {"format": 1, "title": "Oslo om kvelden", "languages": ["nb", "nn", "en"],
                "categories": ["bar", "pub", "fast-food"]}
    PLACES = os.path.join(bb.REPO, "Tests", "Fixtures", "osm-oslo-bars.geojson")

    def chips(self):
        return [(c.get_attribute("data-category"), c.get_attribute("textContent"))
                for c in self.driver.find_elements(By.CSS_SELECTOR, "nav.chips a.chip")]

    def search(self, text, expected):
        d = self.driver
        box = d.find_element(By.ID, "explorer-search")
        box.clear()
        box.send_keys(text)
        bb.wait_for(d, lambda: sorted(set(n.split(" · ")[0] for n in bb.visible_names(d))) == sorted(expected),
                    message=f"{text}: {bb.visible_names(d)}")

    def test_the_chips_are_the_owners_categories_in_their_order(self):
        self.open("index.html")
        self.assertEqual(self.chips(), [("all", "Alle"), ("bar", "🍸Barer"), ("pub", "🍺Puber"),
                                        ("fast-food", "🍔Gatekjøkken")])
        self.open("en/index.html")
        self.assertEqual([text for _, text in self.chips()], ["All", "🍸Bars", "🍺Pubs", "🍔Fast food"])
        # The script knows every preset from the build, not a list of its own.
        keys = self.driver.execute_script("return BeaconQuery.CATEGORY_KEYS")
        self.assertEqual(keys[:3], ["restaurant", "cafe", "hotel"])
        self.assertIn("fast-food", keys)

    def test_a_category_page_lists_its_own_places_and_a_chip_leads_to_it(self):
        d = self.driver
        self.open("index.html")
        d.find_element(By.CSS_SELECTOR, 'nav.chips a.chip[data-category="pub"]').click()
        bb.wait_for(d, lambda: d.current_url.endswith("puber/index.html") or d.current_url.endswith("puber/"),
                    message=d.current_url)
        bb.wait_ready(d)
        names = set(n.split(" · ")[0] for n in bb.visible_names(d))
        self.assertEqual(names, {"Schouskjelleren Mikrobryggeri", "Olympen", "Crowbar & Bryggeri", "Dubliner"})
        self.assertEqual(d.find_element(By.TAG_NAME, "h1").text, "Puber")
        current = d.find_element(By.CSS_SELECTOR, 'nav.chips a.chip[aria-current="page"]')
        self.assertEqual(current.get_attribute("data-category"), "pub")

    def test_a_category_word_in_each_language_finds_its_places(self):
        self.open("index.html")
        fast_food = ["Peppes Burger", "Kebab Kongen", "Pølsekiosken"]
        self.search("gatekjøkken", fast_food)  # bokmål
        self.search("hurtigmat", fast_food)
        self.search("pubar", ["Schouskjelleren Mikrobryggeri", "Olympen", "Crowbar & Bryggeri", "Dubliner"])  # nynorsk
        self.search("drinks", ["Himkok", "Torggata Botaniske", "Bar Nordlys", "東京バー", "Kulturhuset"])  # English

    def test_the_legend_and_pins_show_the_guides_categories(self):
        d = self.driver
        self.open("index.html")
        legend = d.find_element(By.CSS_SELECTOR, ".explorer-map__legend").get_attribute("textContent")
        for name in ("🍸 Bar", "🍺 Pub", "🍔 Gatekjøkken"):
            self.assertIn(name, legend)
        self.assertNotIn("Hotell", legend)
        if d.execute_script("return !!window.L"):
            bb.wait_map(d)
            emoji = d.execute_script(
                "return Array.from(document.querySelectorAll('#explorer-map .map-pin__emoji'), e => e.textContent);")
            self.assertTrue(set(emoji) <= {"🍸", "🍺", "🍔"} and emoji, emoji)

    def test_the_categories_guide_passes_axe(self):
        for path in ("index.html", "barer/index.html", "en/gatekjokken/index.html"):
            self.open(path)
            violations = bb.run_axe(self.driver)
            self.assertEqual(violations, [], f"{path}:\n" + bb.format_violations(violations))


if __name__ == "__main__":
    unittest.main()
