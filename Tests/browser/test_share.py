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


class ListShareFileTests(unittest.TestCase):
    """`sitegen share --list`: the sample's «Søndagsfrokost», numbered in the list's order on the map and the cards,
    with its notes; as self-contained as the favourites' file, valid and axe-clean at phone and desktop width."""

    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-share-list-")
        shutil.copy(os.path.join(REPO, "beacon-store.json"), cls.folder)
        subprocess.run([bb.sitegen_binary(), "share", "--list", "søndagsfrokost", "--site", cls.folder, "--quiet"],
                       check=True, capture_output=True)
        cls.file = os.path.join(cls.folder, "sondagsfrokost.html")
        cls.driver = bb.make_driver(width=390, height=844, network_log=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_the_list_in_its_order_numbered_with_its_notes_offline_and_axe_clean(self):
        d = self.driver
        for width, height in ((390, 844), (1280, 900)):
            d.set_window_size(width, height)
            for dark in (False, True):
                with self.subTest(width=width, dark=dark):
                    bb.set_media(d, dark=dark)
                    d.get_log("performance")
                    d.get("file://" + self.file)
                    bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete")
                    self.assertEqual(d.find_element(By.TAG_NAME, "h1").text, "Søndagsfrokost")
                    names = d.execute_script(
                        "return Array.from(document.querySelectorAll('.share-card .place-card__name'), n => n.textContent)")
                    self.assertEqual(names, ["Åpent Bakeri", "Tim Wendelboe", "Pascal Konditori", "Grand Café"])
                    pins = d.execute_script("return Array.from(document.querySelectorAll('.share-map__pin text'), t => t.textContent)")
                    cards = d.execute_script("return Array.from(document.querySelectorAll('.share-card__number'), t => t.textContent)")
                    self.assertEqual(pins, ["1", "2", "3", "4"])
                    self.assertEqual(cards, pins)
                    notes = d.execute_script("return Array.from(document.querySelectorAll('.comment--quoted'), c => c.textContent)")
                    self.assertTrue(notes[0].startswith("Mitt notat:Kom før ti"), notes)
                    requests = [u for u in bb.network_requests(d) if not u.startswith(("file://", "data:"))]
                    self.assertEqual(requests, [])
                    self.assertEqual(d.execute_script("return document.scripts.length;"), 0)
                    violations = bb.run_axe(d)
                    self.assertEqual(violations, [], bb.format_violations(violations))

    @unittest.skipUnless(os.environ.get("VNU_JAR"), "the W3C checker is not set up (VNU_JAR)")
    def test_the_list_share_file_is_valid_html(self):
        # The stylesheet is inline here (on the site it is a file of its own, which the checker does not read): its
        # modern CSS is beyond the checker's CSS grammar, so only the HTML is judged.
        checked = subprocess.run(["java", "-jar", os.environ["VNU_JAR"], "--errors-only", "--filterpattern", ".*CSS: .*",
                                  self.file], capture_output=True, text=True, timeout=300)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)


if __name__ == "__main__":
    unittest.main()
