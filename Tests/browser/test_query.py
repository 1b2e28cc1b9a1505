"""The list page's search, filters, order and distance format in a real browser:
the shared case table (Tests/Fixtures/query-cases.json, also run by the Swift tests
in QueryCaseTableTests) through window.BeaconQuery on a built list page; then the
page's own list, in each order, must be what BeaconQuery says for the page's data."""
import json
import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import beacon_browser as bb

CASES_FILE = os.path.join(bb.REPO, "Tests", "Fixtures", "query-cases.json")

RUN_TABLE = """
const [table] = arguments;
const Q = window.BeaconQuery;
const plain = (text) => text.replace(/\\u00a0/g, ' ');
return {
  cases: table.cases.map((c) => {
    const open = new Set(c.open || []);
    const found = Q.run(c.placeSet ? table.placeSets[c.placeSet] : table.places,
      Object.assign({ cuisineWords: table.cuisineWords }, c.query), (p) => open.has(p.id));
    return { ids: Array.from(found), own: found.own };
  }),
  distances: table.distances.map(([metres]) => plain(Q.formatDistance(metres))),
  englishDistances: table.englishDistances.map(([metres]) => plain(Q.formatDistance(metres, 'en'))),
  folding: table.folding.map(([text]) => Q.fold(text)),
};
"""

PAGE_ORDER = """
const [sort, radiusKm] = arguments;
const data = JSON.parse(document.getElementById('beacon-data').textContent);
const byId = new Map(data.places.map((p) => [p.id, p.n]));
return BeaconQuery.run(data.places, { sort, radiusKm }).slice(0, 100).map((id) => byId.get(id));
"""


class QueryCaseTableTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.driver = bb.make_driver()
        with open(CASES_FILE, encoding="utf-8") as f:
            cls.table = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open_list(self):
        d = self.driver
        d.get(self.site.url("index.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        d.get(self.site.url("index.html"))
        bb.wait_ready(d)

    def test_the_page_script_agrees_with_every_case(self):
        self.open_list()
        answers = self.driver.execute_script(RUN_TABLE, self.table)
        self.assertGreaterEqual(len(self.table["cases"]), 15)
        mismatches = [f"{c['name']}: expected {c['expected']}, got {got['ids']}"
                      for c, got in zip(self.table["cases"], answers["cases"]) if got["ids"] != c["expected"]]
        mismatches += [f"{c['name']}: expected {c['own']} found in their own words, got {got['own']}"
                       for c, got in zip(self.table["cases"], answers["cases"]) if "own" in c and got["own"] != c["own"]]
        self.assertEqual(mismatches, [])
        self.assertEqual(answers["distances"], [text for _, text in self.table["distances"]])
        self.assertEqual(answers["englishDistances"], [text for _, text in self.table["englishDistances"]])
        self.assertEqual(answers["folding"], [key for _, key in self.table["folding"]])
        self.assertEqual(bb.console_errors(self.driver), [])

    def test_the_list_on_screen_is_what_the_rules_say(self):
        """The page filters and orders through BeaconQuery, not a second copy of the rules."""
        d = self.driver
        self.open_list()
        radius = int(d.find_element(By.ID, "explorer-radius").get_attribute("value"))
        d.find_element(By.ID, "explorer-filters-button").click()
        # «Anbefalt» last: the list must change to it from another order, not merely stay as it came.
        for label, sort in [("Avstand (nærmest først)", "distance"), ("Vurdering (best først)", "rating"), ("Navn (A–Å)", "name"),
                            ("Anbefalt", "recommended")]:
            with self.subTest(sort=sort):
                Select(d.find_element(By.ID, "explorer-sort")).select_by_visible_text(label)
                expected = d.execute_script(PAGE_ORDER, sort, radius)
                bb.wait_for(d, lambda: bb.visible_names(d) == expected, 3, f"{sort}: {bb.visible_names(d)} != {expected}")

    def test_distances_on_cards_match_the_detail_pages(self):
        """The same place shows the same distance in the list (script) and on its page (Swift)."""
        d = self.driver
        self.open_list()
        cards = d.execute_script("""
            return Array.from(document.querySelectorAll('#place-list .place-card')).slice(0, 12).map((card) => ({
              href: card.querySelector('a').getAttribute('href'),
              meta: card.querySelector('.place-card__meta').textContent }));""")
        self.assertTrue(cards)
        for card in cards:
            with self.subTest(page=card["href"]):
                d.get(self.site.url(card["href"]))
                # Selenium's .text shows no-break spaces as spaces.
                distance = card["meta"].split(" · ")[-1].replace("\xa0", " ")
                self.assertIn(f"· {distance} fra", d.find_element(By.CSS_SELECTOR, ".place-detail").text)


if __name__ == "__main__":
    unittest.main()
