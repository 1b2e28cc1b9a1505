"""In a real browser: a site built from hostile place data (script in
names, javascript: links, event handlers, bidi overrides) runs nothing from the
data — on the list page (list and map view, search), the detail pages, the
favorites page and the owner's lists' pages — and the page script still works under the CSP."""
import glob
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOSTILE = os.path.join(REPO, "Tests", "Fixtures", "hostile-places.geojson")
STORE = {"format": 3, "places": {"node/8": {"favoriteSince": "2026-01-01", "ratings": [
    {"stars": 4, "date": "2026-01-01",
     "comment": "<p>Fin</p><script>window.__pwned='comment'</script><img src=x onerror=\"window.__pwned='comment-img'\">"}]}},
    # The owner's lists: their names, descriptions and notes on the lists page, each list's page,
    # the place pages' «I listene» line and the exports.
    "lists": [
        {"name": "<script>window.__pwned='list'</script>",
         "description": "[x](javascript:window.__pwned='desc') <img src=x onerror=\"window.__pwned='desc-img'\">",
         "places": ["node/1", "node/8"],
         "notes": {"node/8": "<svg onload=\"window.__pwned='note'\"></svg> **ok**"}},
        {"name": "\u202eevil\" onmouseover=\"window.__pwned='attr'", "places": ["node/2"]}]}


class HostileDataTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-hostile-", store=STORE)
        output = bb.build(cls.folder, HOSTILE)
        cls.server = bb.Server(output)
        cls.pages = sorted(os.path.relpath(p, output) for p in glob.glob(os.path.join(output, "**", "*.html"), recursive=True))
        cls.driver = bb.make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def assert_nothing_ran(self, where):
        pwned = self.driver.execute_script("return window.__pwned === undefined ? null : String(window.__pwned);")
        self.assertIsNone(pwned, f"script from the data ran on {where}: {pwned}")
        alerts = self.driver.execute_script("return document.querySelectorAll('script:not([src]):not([type=\"application/json\"])').length;")
        self.assertEqual(alerts, 0, f"an inline script element exists on {where}")
        errors = [e["message"] for e in bb.console_errors(self.driver) if "favicon" not in e["message"]]
        self.assertEqual(errors, [], f"console errors on {where}")

    def test_no_page_runs_data_as_code(self):
        self.assertGreater(len(self.pages), 10)
        for page in self.pages:
            with self.subTest(page=page):
                self.driver.get_log("browser")
                self.driver.get(self.server.url(page))
                bb.pause(0.2)
                self.assert_nothing_ran(page)

    def test_the_owners_lists_show_their_names_as_text(self):
        lists = [page for page in self.pages if page.startswith("lister/")]
        self.assertGreaterEqual(len(lists), 3, self.pages)
        self.driver.get(self.server.url("lister/index.html"))
        text = self.driver.find_element(By.TAG_NAME, "body").text
        self.assertIn("<script>window.__pwned='list'</script>", text)
        self.assert_nothing_ran("lister/index.html")

    def test_list_map_and_search_render_names_as_text(self):
        self.driver.get_log("browser")
        self.driver.get(self.server.url("index.html"))
        bb.wait_ready(self.driver)
        names = bb.visible_names(self.driver)
        self.assertTrue(any(n.startswith("<script>") for n in names), names)
        search = self.driver.find_element(By.ID, "explorer-search")
        search.send_keys("img")
        bb.pause(0.6)
        self.assertTrue(any("onerror" in n for n in bb.visible_names(self.driver)))
        # The map beside the list (a wide screen) drew the same places; a pin's name and its card are text.
        self.assertTrue(self.driver.find_element(By.ID, "explorer-map").is_displayed())
        ids = bb.map_place_ids(self.driver)
        self.assertTrue(ids)
        labels = [label for label in self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#explorer-map [aria-label]'), e => e.getAttribute('aria-label'));")]
        bb.wait_map_still(self.driver)
        for pin in self.driver.find_elements(By.CSS_SELECTOR, "#explorer-map .map-pin-icon"):
            bb.wait_map_still(self.driver)
            pin.click()
            bb.pause(0.2)
            self.assert_nothing_ran("a pin's card")
        self.assertTrue(labels)
        self.assert_nothing_ran("the list page (search and map)")
        # Hostile links never became clickable javascript: URLs.
        hrefs = self.driver.execute_script("return [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href').trim());")
        self.assertFalse([h for h in hrefs if h.lower().startswith(("javascript:", "data:", "vbscript:"))])


if __name__ == "__main__":
    unittest.main()
