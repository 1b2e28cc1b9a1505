"""A guide of more than 2,000 places keeps its pages light: the explorer fetches its places
from data files (data/steder-*.json) once the page is shown, and works as a small guide's
does; opened from disk (file://), it says what is missing and why, and the list still works."""
import os
import shutil
import unittest

import beacon_browser as bb

COUNT = 2_500


def leading_number(text):
    """2 500 in «2 500 steder innen …», whatever space separates the thousands."""
    digits = ""
    for character in text:
        if character.isdigit():
            digits += character
        elif digits and not character.isspace():
            break
    return int(digits)


class BigGuideTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder, cls.output, cls.server, cls.places = bb.big_site("beacon-big-", COUNT)
        cls.driver = bb.make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open(self, path=""):
        self.driver.get(self.server.url(path))
        bb.wait_ready(self.driver, timeout=20)

    def test_back_and_all_places_return_to_the_card(self):
        # Place number 250 (after «Vis flere» twice): back from its page, and its «Alle steder», show the
        # list with that card loaded, in view and focused.
        d = self.driver
        d.set_window_size(390, 844)
        self.addCleanup(d.set_window_size, 1280, 900)
        self.open()
        d.execute_script("sessionStorage.clear()")
        self.open()
        for _ in range(2):
            button = d.find_element(bb.By.ID, "explorer-more-button")
            d.execute_script("arguments[0].click()", button)
        bb.wait_for(d, lambda: len(d.find_elements(bb.By.CSS_SELECTOR, "#place-list > li")) >= 300, message="300 cards")
        link = d.find_elements(bb.By.CSS_SELECTOR, "#place-list > li a.place-card__link")[249]
        name = link.find_element(bb.By.CSS_SELECTOR, ".place-card__name").text
        d.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", link)
        bb.wait_for(d, lambda: d.find_elements(bb.By.TAG_NAME, "h1") and d.find_element(bb.By.TAG_NAME, "h1").text == name)

        def assert_returned(how):
            bb.wait_ready(d, timeout=20)
            bb.wait_for(d, lambda: d.execute_script(
                "const a = document.activeElement; return !!a && !!a.closest('.place-card')"), message=f"{how}: a card focused")
            # With the map first (this guide has a basemap) the sheet glides open to the card: wait for it to arrive.
            bb.wait_for(d, lambda: d.execute_script(
                "const r = document.activeElement.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;"),
                timeout=5, message=f"{how}: the card in view")
            state = d.execute_script("""
                const a = document.activeElement, r = a.getBoundingClientRect();
                return {cards: document.querySelectorAll('#place-list > li').length,
                        name: a.querySelector('.place-card__name').textContent,
                        inView: r.top >= 0 && r.bottom <= innerHeight};""")
            self.assertGreaterEqual(state["cards"], 250, how)
            self.assertEqual(state["name"], name, how)
            self.assertTrue(state["inView"], how)

        d.back()
        assert_returned("back")
        d.forward()
        bb.wait_for(d, lambda: d.find_element(bb.By.TAG_NAME, "h1").text == name)
        d.find_element(bb.By.CSS_SELECTOR, ".back-link").click()
        assert_returned("«Alle steder»")
        # A new visit (no card opened from here) starts at the top with one page of cards.
        d.execute_script("sessionStorage.clear()")
        self.open()
        self.assertEqual(len(d.find_elements(bb.By.CSS_SELECTOR, "#place-list > li")), 100)
        d.set_window_size(1280, 900)

    def test_the_pages_are_light_and_the_data_is_complete(self):
        size = os.path.getsize(os.path.join(self.output, "index.html"))
        self.assertLess(size, 200_000)
        self.assertEqual(len({p["id"] for p in self.places}), COUNT)

    def test_the_explorer_works_from_the_data_files(self):
        self.open()
        self.assertEqual(bb.console_errors(self.driver), [])
        self.assertEqual(leading_number(bb.results_count(self.driver)), COUNT)
        # Search finds a place that is only in the data files, not in the page.
        far = max(self.places, key=lambda p: p["d"])
        box = self.driver.find_element(bb.By.ID, "explorer-search")
        box.send_keys(far["n"])
        # (Places of one name are told apart by a suffix: « · street».)
        bb.wait_for(self.driver, lambda: far["n"] in [n.split(" · ")[0] for n in bb.visible_names(self.driver)[:3]],
                    timeout=5, message="search over the data files")
        self.driver.execute_script(
            "arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input', { bubbles: true }));", box)
        bb.wait_for(self.driver, lambda: leading_number(bb.results_count(self.driver)) == COUNT, timeout=5, message="search cleared")
        # The map shows exactly the results.
        self.driver.set_window_size(1280, 900)
        bb.wait_map(self.driver, timeout=10)
        shown = bb.map_place_ids(self.driver)
        self.assertEqual(len(shown), COUNT)

    def test_a_category_page_keeps_its_own_places(self):
        self.open("kafeer/")
        cafes = [p for p in self.places if p["c"] == "cafe"]
        self.assertEqual(leading_number(bb.results_count(self.driver)), len(cafes))
        names = bb.visible_names(self.driver)
        cafe_names = {bb.display_name(p) for p in cafes}
        self.assertTrue(names and all(name in cafe_names for name in names))

    def test_from_disk_it_says_what_is_missing(self):
        self.driver.get("file://" + os.path.join(self.output, "index.html"))
        bb.wait_for(self.driver, lambda: self.driver.execute_script(
            "return document.getElementById('explorer').dataset.failed === 'true';"), timeout=5, message="failed state")
        message = self.driver.execute_script("return document.getElementById('explorer-message').textContent;")
        self.assertIn("webserver", message)
        self.assertTrue(self.driver.execute_script("return !document.getElementById('explorer-status').hidden;"))
        cards = self.driver.execute_script("return document.querySelectorAll('#place-list .place-card').length;")
        self.assertEqual(cards, 100)
        self.assertEqual(bb.console_errors(self.driver), [])


if __name__ == "__main__":
    unittest.main()
