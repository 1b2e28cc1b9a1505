"""A guide made from an import, in a real browser: the owner's own places (from a My Maps KML) are found by
the explorer's search, stand on its map, and their pages say where they come from and carry the note,
sanitised, with no accessibility violation."""
import json
import os
import subprocess
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import beacon_browser as bb

KML = os.path.join(bb.REPO, "Tests", "Fixtures", "import", "my-maps.kml")


class OwnPlacesTests(bb.SiteFolderTestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-own-")
        with open(os.path.join(cls.folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
            json.dump({"format": 1, "basemap": "none"}, f)
        imported = subprocess.run([bb.sitegen_binary(), "import", KML, "--category", "cafe", "--site", cls.folder],
                                  capture_output=True, text=True, timeout=120)
        if imported.returncode != 0:
            raise RuntimeError(f"sitegen import failed: {imported.stderr}")
        cls.summary = imported.stdout
        built = subprocess.run([bb.sitegen_binary(), "build", "--quiet", "--site", cls.folder],
                               capture_output=True, text=True, timeout=600)
        if built.returncode != 0:
            raise RuntimeError(f"sitegen build failed: {built.stderr}")
        with open(os.path.join(cls.folder, "beacon-store.json"), encoding="utf-8") as f:
            cls.own = {v["own"]["name"]: k for k, v in json.load(f)["places"].items() if "own" in v}
        cls.server = bb.Server(os.path.join(cls.folder, "output"))
        cls.driver = bb.make_driver(width=1280, height=900)

    def test_the_import_said_what_it_did(self):
        self.assertIn("Importerte ", self.summary)
        self.assertIn("Fjordkaffe", self.own)

    def test_an_own_place_is_found_and_stands_on_the_map(self):
        d = self.driver
        d.get(self.server.url("index.html"))
        bb.wait_ready(d)
        self.assertIn(self.own["Fjordkaffe"], bb.map_place_ids(d))
        field = d.find_element(By.ID, "explorer-search")
        field.clear()
        field.send_keys("fjordkaffe", Keys.ENTER)
        bb.wait_for(d, lambda: bb.visible_names(d) == ["Fjordkaffe"], message=f"names: {bb.visible_names(d)}")
        self.assertEqual(bb.map_place_ids(d), [self.own["Fjordkaffe"]])

    def test_its_page_says_where_it_comes_from_and_carries_the_note(self):
        d = self.open_place_page("Fjordkaffe")
        self.assertIn("Lagt til av den som lager guiden", d.find_element(By.CLASS_NAME, "place-source").text)
        note = d.find_element(By.CSS_SELECTOR, ".owner-note .comment")
        self.assertTrue(note.text.strip())
        self.assertEqual(d.execute_script("return document.querySelectorAll('.owner-note script, .owner-note [onerror]').length"), 0)
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))


if __name__ == "__main__":
    unittest.main()
