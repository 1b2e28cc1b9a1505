"""Empty and stale states on a phone (issue #59, item 6): a search that finds nothing says what was searched,
offers «Nullstill søk og filtre» and leaves the map where it was; the filter panel's main button reads «Vis 0
steder» and cannot be pressed; a search from an earlier visit comes back only while it is fresh (or on the
way back from a place), never to greet a reader who returns to an old tab the next day."""
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import beacon_browser as bb

SESSION_KEY = "beacon.explorer.session.v1"
VIEW = "const m = BeaconExplorer.map(); const c = m.getCenter(); return [m.getZoom(), c.lat, c.lng];"


class EmptyStatesOnAPhone(unittest.TestCase):
    width, height = 390, 844

    @classmethod
    def setUpClass(cls):
        cls.guide = bb.tiled_site()
        cls.rows = bb.within_radius(cls.guide.places)
        cls.driver = bb.touch_phone_driver(cls.width, cls.height)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        d = self.driver
        bb.set_media(d)
        d.get(self.guide.url("404.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        self.open()
        d.get_log("browser")

    def tearDown(self):
        self.assertEqual(bb.tile_console_errors(self.driver), [], "console errors")

    def open(self):
        self.driver.get(self.guide.url("index.html"))
        bb.wait_ready(self.driver)
        bb.wait_map(self.driver)

    def search(self, text):
        field = self.driver.find_element(By.ID, "explorer-search")
        field.clear()
        field.send_keys(text, Keys.ENTER)

    def count(self):
        """The count line's text (on a phone with the map first, the sheet's handle shows it)."""
        text = self.driver.find_element(By.ID, "results-count").get_attribute("textContent")
        return text.replace("\xa0", " ")

    def full_count(self):
        return f"{len(self.rows)} steder innen 5 km fra Oslo S"

    def test_a_search_that_finds_nothing_says_so_offers_a_reset_and_keeps_the_map(self):
        d = self.driver
        bb.wait_map_still(d)
        before = d.execute_script(VIEW)
        self.search("xyzzy")
        empty = d.find_element(By.ID, "explorer-empty")
        bb.wait_for(d, empty.is_displayed)
        self.assertEqual(self.count(), "Ingen treff")
        bb.wait_map_still(d)
        self.assertEqual(d.execute_script(VIEW), before, "«Ingen treff» moved or zoomed the map")
        self.assertEqual(empty.find_element(By.CLASS_NAME, "explorer-empty__title").text, "Ingen treff for «xyzzy»")
        reset = d.find_element(By.ID, "explorer-empty-reset")
        self.assertTrue(reset.is_displayed())
        self.assertEqual(reset.text, "Nullstill søk og filtre")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", reset)
        reset.click()
        bb.wait_for(d, lambda: self.count() == self.full_count())
        self.assertFalse(empty.is_displayed())
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "")
        self.assertEqual(d.switch_to.active_element.get_attribute("id"), "results-count")
        self.assertEqual(len(bb.visible_names(d)) > 0, True)

    def test_the_panels_button_says_vis_0_steder_and_cannot_be_pressed(self):
        d = self.driver
        d.find_element(By.ID, "explorer-filters-button").click()
        done = d.find_element(By.ID, "explorer-filters-done")
        self.assertTrue(done.is_enabled())
        self.assertRegex(done.text, r"^Vis \d+ steder$")
        d.execute_script("const f = document.getElementById('explorer-search'); f.value = 'xyzzy';"
                         "f.dispatchEvent(new Event('input'))")
        bb.wait_for(d, lambda: done.text == "Vis 0 steder", message=done.text)
        self.assertFalse(done.is_enabled())
        self.assertEqual(done.get_attribute("disabled"), "true")
        d.execute_script("const f = document.getElementById('explorer-search'); f.value = '';"
                         "f.dispatchEvent(new Event('input'))")
        bb.wait_for(d, done.is_enabled)
        self.assertEqual(done.text, f"Vis {len(self.rows)} steder")

    def test_a_search_from_an_old_visit_does_not_come_back(self):
        d = self.driver
        self.search("xyzzy")
        bb.wait_for(d, lambda: self.count() == "Ingen treff")
        # The same tab, the next day: the tab's storage still holds the search.
        d.execute_script("const key = arguments[0]; const s = JSON.parse(sessionStorage.getItem(key));"
                         "s.at = Date.now() - 26 * 3600 * 1000; sessionStorage.setItem(key, JSON.stringify(s))",
                         SESSION_KEY)
        self.open()
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "")
        self.assertEqual(self.count(), self.full_count())
        self.assertFalse(d.find_element(By.ID, "explorer-empty").is_displayed())
        # What an earlier version of the page saved (no time at all) is as old.
        d.execute_script("sessionStorage.setItem(arguments[0], JSON.stringify({text: 'xyzzy', favoritesOnly: true}))",
                         SESSION_KEY)
        self.open()
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "")
        self.assertEqual(self.count(), self.full_count())

    def test_a_fresh_search_comes_back_on_the_next_page_and_on_the_way_back(self):
        d = self.driver
        self.search("xyzzy")
        bb.wait_for(d, lambda: self.count() == "Ingen treff")
        self.open()
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "xyzzy")
        self.assertEqual(self.count(), "Ingen treff")
        # Back from a place read for an hour: the list as the reader left it.
        self.search("kafe")
        bb.wait_for(d, lambda: self.count() != "Ingen treff")
        d.execute_script("const key = arguments[0]; const s = JSON.parse(sessionStorage.getItem(key));"
                         "s.at = Date.now() - 3600 * 1000; sessionStorage.setItem(key, JSON.stringify(s))",
                         SESSION_KEY)
        d.get(self.guide.url(self.guide.detail_path(self.rows[0]["name"])))
        d.back()
        bb.wait_ready(d)
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "kafe")

    def test_axe_finds_nothing_in_the_empty_state(self):
        d = self.driver
        self.search("xyzzy")
        bb.wait_for(d, d.find_element(By.ID, "explorer-empty").is_displayed)
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))


if __name__ == "__main__":
    unittest.main()
