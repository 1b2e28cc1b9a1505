"""The `sitegen share` file renders in Chromium straight from disk
(file://, as from an e-mail attachment), requests nothing, and runs nothing."""
import os
import shutil
import subprocess
import tempfile
import unittest

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

import beacon_browser as bb

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class ShareFileTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-share-")
        shutil.copy(os.path.join(REPO, "beacon-store.json"), cls.folder)
        cls.file = os.path.join(cls.folder, "mine-steder.html")
        subprocess.run([bb.sitegen_binary(), "share", "--site", cls.folder, "--output", cls.file, "--quiet"], check=True,
                       capture_output=True)
        cls.driver = bb.make_driver(width=390, height=844, network_log=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_renders_offline_with_no_requests(self):
        for dark in (False, True):
            with self.subTest(dark=dark):
                bb.set_media(self.driver, dark=dark)
                self.driver.get_log("performance")
                self.driver.get_log("browser")
                self.driver.get("file://" + self.file)
                # The same file opened again (dark after light) is a reload: count once it has been laid out anew.
                count = ("return document.readyState === 'complete' ? [...document.querySelectorAll('.place-card')]"
                         ".filter(c => c.getBoundingClientRect().height > 40).length : -1;")
                try:
                    bb.WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(count) == 5)
                except TimeoutException:
                    pass
                self.assertEqual(self.driver.execute_script(count), 5)
                styled = self.driver.execute_script(
                    "return getComputedStyle(document.querySelector('.site-header')).backgroundColor;")
                self.assertEqual(styled, "rgb(32, 32, 42)")  # Deep Blue: the inline stylesheet applied
                icon_loaded = self.driver.execute_script("const i = document.querySelector('.brand__icon'); return i.complete && i.naturalWidth > 0;")
                self.assertTrue(icon_loaded)
                requests = [u for u in bb.network_requests(self.driver) if not u.startswith(("file://", "data:"))]
                self.assertEqual(requests, [])
                self.assertEqual(bb.console_errors(self.driver), [])
                self.assertEqual(self.driver.execute_script("return document.scripts.length;"), 0)

    def test_the_map_numbers_its_pins_as_the_list_does_and_marks_the_centre(self):
        d = self.driver
        bb.set_media(d)
        d.get("file://" + self.file)
        pins = d.execute_script("return Array.from(document.querySelectorAll('.share-map__pin text'), t => t.textContent)")
        cards = d.execute_script("return Array.from(document.querySelectorAll('.share-card__number'), t => t.textContent)")
        self.assertEqual(pins, [str(n) for n in range(1, 6)])
        self.assertEqual(cards, pins, "the list is the map's legend: each card carries its pin's number")
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, ".share-map__center circle")), 1, "the centre is not marked")
        label = d.execute_script("const t = document.querySelector('.share-map__center text'); return t && t.textContent;")
        self.assertEqual(label, "Oslo S")


if __name__ == "__main__":
    unittest.main()
