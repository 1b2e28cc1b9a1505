"""A guide of tens of thousands of places groups its map pins itself (beacon-map.js, gridGroup):
only what is in view is drawn, the groups add up to the results in view, a search narrows the map
to its results, a group zooms in when chosen, and a lone pin opens its card."""
import shutil
import unittest

import beacon_browser as bb

COUNT = 24_000  # past the 20,000 pins from which the map groups them itself


class HugeMapTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder, cls.output, cls.server, cls.places = bb.big_site("beacon-huge-", COUNT)
        cls.driver = bb.make_driver(1280, 900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open(self):
        self.driver.get(self.server.url(""))
        bb.wait_ready(self.driver, timeout=30)
        bb.wait_map(self.driver, timeout=20)

    def groups(self):
        bb.wait_map(self.driver, timeout=10)
        return self.driver.execute_script("return window.BeaconExplorer.mapGroups();")

    def search(self, text):
        self.driver.execute_script(
            "const box = document.getElementById('explorer-search'); box.value = arguments[0];"
            "box.dispatchEvent(new Event('input', { bubbles: true }));", text)

    def zoom_out(self):
        """Out to the city (the map opens at street level, on the places nearest the centre)."""
        self.driver.execute_script("BeaconExplorer.map().setView([59.9111, 10.7503], 12, {animate: false})")
        bb.wait_for(self.driver, lambda: sum(self.groups() or []) > len(self.groups() or []), timeout=5, message="no groups")

    def test_the_map_draws_groups_not_every_pin(self):
        self.open()
        self.assertEqual(bb.console_errors(self.driver), [])
        # At first, where the places are: pins, not groups.
        first = self.groups()
        self.assertTrue(first and len(first) < 30 and set(first) == {1}, f"the first view draws {first}")
        self.zoom_out()
        groups = self.groups()
        self.assertIsNotNone(groups, "a guide this big should group its pins itself")
        # Few layers drawn, and they stand for many places.
        self.assertLess(len(groups), 600)
        self.assertGreater(sum(groups), len(groups))
        self.assertLessEqual(sum(groups), COUNT)
        self.assertEqual(len(bb.map_place_ids(self.driver)), COUNT)
        # The groups are named for screen readers and reachable by keyboard.
        label = self.driver.execute_script(
            "const e = document.querySelector('#explorer-map .map-cluster-icon'); return e && e.getAttribute('aria-label');")
        self.assertRegex(label or "", r"^\d+ steder her\. Zoom inn")
        self.assertEqual(bb.run_axe(self.driver), [])

    def test_a_search_narrows_the_map_to_its_results(self):
        self.open()
        target = self.places[len(self.places) // 2]
        self.search(target["n"])
        bb.wait_for(self.driver, lambda: [n.split(" · ")[0] for n in bb.visible_names(self.driver)[:1]] == [target["n"]], timeout=10, message="search")
        shown = bb.map_place_ids(self.driver)
        listed = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#place-list .place-card'), e => e.dataset.id);")
        self.assertEqual(sorted(shown), sorted(listed))
        self.search("")
        bb.wait_for(self.driver, lambda: len(bb.map_place_ids(self.driver)) == COUNT, timeout=10, message="search cleared")

    def test_a_group_zooms_in_and_a_pin_opens_its_card(self):
        self.open()
        self.zoom_out()
        before = self.driver.execute_script("return window.BeaconExplorer.map().getZoom();")
        self.driver.execute_script("document.querySelector('#explorer-map .map-cluster-icon').click();")
        bb.wait_for(self.driver, lambda: self.driver.execute_script("return window.BeaconExplorer.map().getZoom();") > before,
                    timeout=5, message="zoomed in")
        # Close enough, places stand alone as pins with their cards.
        place = self.places[0]
        bb.zoom_map_to(self.driver, place["lat"], place["lon"], 18)
        bb.wait_for(self.driver, lambda: 1 in (self.groups() or []), timeout=5, message="a lone pin")
        self.driver.execute_script("document.querySelector('#explorer-map .map-pin-icon').click();")
        bb.wait_for(self.driver, lambda: self.driver.execute_script(
            "return !!document.querySelector('.leaflet-popup .map-card__link');"), timeout=5, message="the card")
        self.assertEqual(bb.console_errors(self.driver), [])


if __name__ == "__main__":
    unittest.main()
