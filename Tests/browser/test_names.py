"""Names in the reader's language (Tests/Fixtures/names-in-scripts.geojson: OpenStreetMap features with
name:xx tags, in bokmål and English): the cards the explorer's script draws show the name each page's
language has, a name shown as the sign has it is marked with its language, a search finds a place by any
of its names, and the order by name follows the names the page shows."""

import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import beacon_browser as bb


class NamesTests(bb.BuiltSiteTestCase):
    PREFIX = "beacon-names-"
    SETTINGS = {"format": 1, "title": "Oslo", "languages": ["nb", "en"],
                "categories": ["restaurant", "cafe", "museum"]}
    PLACES = os.path.join(bb.REPO, "Tests", "Fixtures", "names-in-scripts.geojson")

    def cards(self):
        """Each card the script drew: its name's text and the language marked on it, if any."""
        return self.driver.execute_script("""
            return Array.from(document.querySelectorAll('#place-list .place-card__name'), (name) => {
              const marked = name.querySelector('[lang]');
              return [name.textContent, marked ? marked.getAttribute('lang') : null];
            });""")

    def search(self, text, expected):
        d = self.driver
        box = d.find_element(By.ID, "explorer-search")
        box.clear()
        box.send_keys(text)
        bb.wait_for(d, lambda: bb.visible_names(d) == expected, message=f"{text}: {bb.visible_names(d)}")

    def sort_by_name(self, label):
        toggle = self.driver.find_element(By.ID, "explorer-filters-button")
        if toggle.get_attribute("aria-expanded") != "true":
            toggle.click()
        Select(self.driver.find_element(By.ID, "explorer-sort")).select_by_visible_text(label)

    def test_each_language_shows_its_names_and_marks_the_signs(self):
        d = self.driver
        self.open("en/index.html")
        self.sort_by_name("Name (A–Z)")
        bb.wait_for(d, lambda: [n for n, _ in self.cards()][:1] == ["Bakeriet"], message=str(self.cards()))
        # English names where the data has them, in English order; a name no one translated as it is,
        # marked as Japanese.
        self.assertEqual(self.cards(), [["Bakeriet", None], ["Moscow Restaurant", None], ["National Museum", None],
                                        ["Zebra Café", None], ["東京バー", "ja"]])
        self.open("index.html")
        self.sort_by_name("Navn (A–Å)")
        bb.wait_for(d, lambda: [n for n, _ in self.cards()][:1] == ["Bakeriet"], message=str(self.cards()))
        # Bokmål keeps names in our letters, takes the Norwegian name (name:no) for the Russian one, and
        # shows the Japanese name as it is: there is no other.
        self.assertEqual(self.cards(), [["Bakeriet", None], ["Nasjonalmuseet", None], ["Restaurant Moskva", None],
                                        ["Zebra Kafé", None], ["東京バー", "ja"]])

    def test_a_search_finds_a_place_by_any_of_its_names(self):
        for path, moscow, museum in (("index.html", "Restaurant Moskva", "Nasjonalmuseet"),
                                     ("en/index.html", "Moscow Restaurant", "National Museum")):
            self.open(path)
            for text, expected in (("москва", moscow), ("moscow", moscow), ("moskva", moscow),
                                   ("national museum", museum), ("nasjonalmuseet", museum), ("東京", "東京バー")):
                self.search(text, [expected])

    def test_a_places_page_in_english_names_the_sign_under_the_heading(self):
        d = self.driver
        self.open("en/index.html")
        self.search("national museum", ["National Museum"])
        d.find_element(By.CSS_SELECTOR, "#place-list .place-card__link").click()
        bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, "h1.place-detail__name"), message=d.current_url)
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "h1.place-detail__name").text, "National Museum")
        local = d.find_element(By.CSS_SELECTOR, ".place-detail__local-name")
        self.assertEqual((local.text, local.get_attribute("lang")), ("Nasjonalmuseet", "nb"))
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))


if __name__ == "__main__":
    unittest.main()
