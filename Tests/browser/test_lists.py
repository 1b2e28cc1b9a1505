"""The owner's lists in a real browser, at 390×844 and 1280×900: a list's map has a numbered pin per place
in the list's order, each number its card's (the list is the legend), none grouped into a count, and it
opens fitted to the list; the lists page's cards, the header's «Lister» and a place's «I listene» lead
where they say; axe finds nothing in light and dark, and the W3C checker nothing where it is set up."""
import json
import os
import shutil
import subprocess
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

# (name, places as osm ids in the owner's order, order, notes by osm id)
LISTS = [
    ("Søndagsfrokost", [1010, 1001, 1008, 1014], "manual",
     {1001: "Kom før ti. Bollene er *verdt* køen.", 1014: "Se [menyen](https://example.org/meny)."}),
    ("Regnværsdag med barn", [1009, 1002], "rating", {}),
]
BREAKFAST = "lister/sondagsfrokost/index.html"
RAIN = "lister/regnvaersdag-med-barn/index.html"


def write_lists(folder):
    """The site's store with the lists added (format 3: the store has lists)."""
    path = os.path.join(folder, "beacon-store.json")
    with open(path, encoding="utf-8") as f:
        store = json.load(f)
    store["format"] = 3
    store["lists"] = [{
        "name": name, "description": f"Steder for *{name.lower()}*.", "order": order,
        "places": [f"node/{osm}" for osm in places],
        "notes": {f"node/{osm}": note for osm, note in notes.items()},
    } for name, places, order, notes in LISTS]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(store, f, ensure_ascii=False, indent=2)


class ListPagesTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-lists-")
        places = bb.write_site(cls.folder, languages=["nb", "en"], basemap=None)
        write_lists(cls.folder)
        cls.output = bb.build(cls.folder, places)
        cls.server = bb.Server(cls.output)
        cls.rows = {r["osm"]: r for r in bb.place_rows()}
        cls.drivers = {"phone": bb.phone_driver(), "desktop": bb.make_driver(width=1280, height=900)}

    @classmethod
    def tearDownClass(cls):
        for driver in cls.drivers.values():
            driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def tearDown(self):
        for driver in self.drivers.values():
            self.assertEqual(bb.console_errors(driver), [], "console errors")

    def open_list(self, driver, path):
        driver.get(self.server.url(path))
        bb.wait_for(driver, lambda: driver.execute_script(
            "const m = document.querySelector('.saved-list-map'); return !!m && m.dataset.ready === 'true';"),
            10, "the list's map was not drawn")

    def test_the_pins_are_numbered_in_the_lists_order_as_their_cards(self):
        for form, d in self.drivers.items():
            with self.subTest(form=form):
                self.open_list(d, BREAKFAST)
                pins = d.execute_script("return window.BeaconListMap.pins()")
                self.assertEqual([p["id"] for p in pins], [f"node/{osm}" for osm in LISTS[0][1]])
                self.assertEqual([p["number"] for p in pins], [1, 2, 3, 4])
                # The cards say the same numbers for the same places, in the same order.
                cards = d.execute_script(
                    "return Array.from(document.querySelectorAll('.place-list--numbered > .place-card'),"
                    " (li) => [li.dataset.id, li.querySelector('.place-card__number').textContent]);")
                self.assertEqual(cards, [[p["id"], str(p["number"])] for p in pins])
                # Each pin on the map shows its number, and says it first with its place's name.
                shown = d.execute_script(
                    "return Array.from(document.querySelectorAll('#list-map .map-pin-icon'),"
                    " (e) => [e.querySelector('.map-pin__number').textContent, e.getAttribute('aria-label')]);")
                names = {str(i + 1): self.rows[osm]["name"] for i, osm in enumerate(LISTS[0][1])}
                self.assertEqual(sorted(n for n, _ in shown), ["1", "2", "3", "4"])
                for number, label in shown:
                    self.assertTrue(label.startswith(f"{number}. {names[number]}, "), label)
                # The notes under their cards, rendered.
                note = d.find_element(By.CSS_SELECTOR, f'.place-card[data-id="node/1001"] .comment--quoted')
                self.assertIn("verdt", note.find_element(By.TAG_NAME, "em").text)

    def test_a_list_in_rating_order_numbers_the_best_rated_first(self):
        d = self.drivers["desktop"]
        self.open_list(d, RAIN)
        pins = d.execute_script("return window.BeaconListMap.pins()")
        self.assertEqual([(p["id"], p["number"]) for p in pins], [("node/1002", 1), ("node/1009", 2)])
        self.assertIn("Best vurdert først", d.find_element(By.CSS_SELECTOR, ".page-intro__summary").text)

    def test_the_map_fits_the_list_and_groups_no_pin(self):
        for form, d in self.drivers.items():
            with self.subTest(form=form):
                self.open_list(d, BREAKFAST)
                points = [[self.rows[osm]["lat"], self.rows[osm]["lon"]] for osm in LISTS[0][1]]
                fit = d.execute_script(
                    "const map = window.BeaconListMap.map(); const b = map.getBounds();"
                    "const list = L.latLngBounds(arguments[0]);"
                    "return {inside: arguments[0].map((p) => b.contains(p)), zoom: map.getZoom(),"
                    " best: map.getBoundsZoom(list)};", points)
                self.assertEqual(fit["inside"], [True] * 4)
                # Fitted: as close as holds them all (a zoom further out at most for the margin), not the city.
                self.assertGreaterEqual(fit["zoom"], fit["best"] - 1, fit)
                # Zoomed all the way out, every pin is still its own, numbered.
                d.execute_script("const map = window.BeaconListMap.map(); map.setZoom(map.getMinZoom(), {animate: false});")
                bb.pause(0.4)
                counts = d.execute_script(
                    "return [document.querySelectorAll('#list-map .map-pin__number').length,"
                    " document.querySelectorAll('#list-map .map-cluster').length];")
                self.assertEqual(counts, [4, 0])

    def test_the_numbers_read_in_light_and_dark(self):
        d = self.drivers["phone"]
        for dark in (False, True):
            with self.subTest(dark=dark):
                bb.set_media(d, dark=dark)
                self.open_list(d, BREAKFAST)
                colours = d.execute_script(
                    "const pin = document.querySelector('#list-map .map-pin');"
                    "const card = document.querySelector('.place-card__number');"
                    "return [getComputedStyle(pin.querySelector('.map-pin__number')).color, getComputedStyle(pin).backgroundColor,"
                    " getComputedStyle(card).color, getComputedStyle(card).backgroundColor];")
                for text, ground in (colours[:2], colours[2:]):
                    self.assertGreaterEqual(contrast(text, ground), 7, colours)
        bb.set_media(d, dark=False)

    def test_the_lists_page_and_the_links_to_it_lead_where_they_say(self):
        for form, d in self.drivers.items():
            with self.subTest(form=form):
                d.get(self.server.url("index.html"))
                bb.wait_ready(d)
                bb.by_name(d, "a", "Lister").click()
                bb.wait_for(d, lambda: d.current_url == self.server.url("lister/index.html"), 10)
                names = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".list-card__name a")]
                self.assertEqual(names, ["Mine steder", "Søndagsfrokost", "Regnværsdag med barn"])
                # The whole card is the link; the count and the cover are there.
                card = d.find_elements(By.CSS_SELECTOR, ".list-card")[1]
                self.assertEqual(card.find_element(By.CSS_SELECTOR, ".list-card__count").text, "4 steder")
                self.assertTrue(card.find_elements(By.CSS_SELECTOR, ".list-card__cover svg, .list-card__cover img"))
                card.find_element(By.CSS_SELECTOR, ".list-card__body").click()
                bb.wait_for(d, lambda: d.current_url == self.server.url(BREAKFAST), 10)
                d.back()
                d.find_elements(By.CSS_SELECTOR, ".list-card__name a")[0].click()
                bb.wait_for(d, lambda: d.current_url == self.server.url("favoritter/index.html"), 10)
        # A place's page names its lists, each a link to it; in English too.
        d = self.drivers["desktop"]
        self.open_list(d, BREAKFAST)
        d.find_element(By.CSS_SELECTOR, '.place-card[data-id="node/1001"] a.place-card__link').click()
        line = bb.wait_for(d, lambda: next(iter(d.find_elements(By.CSS_SELECTOR, ".place-lists")), None), 10)
        self.assertEqual(line.text, "I listen: Søndagsfrokost")
        line.find_element(By.TAG_NAME, "a").click()
        bb.wait_for(d, lambda: d.current_url == self.server.url(BREAKFAST), 10)
        bb.by_name(d, "a", "English").click()
        bb.wait_for(d, lambda: d.current_url == self.server.url("en/" + BREAKFAST), 10)
        self.assertIn("4 places · In my order", d.find_element(By.CSS_SELECTOR, ".page-intro__summary").text)

    def test_axe_finds_nothing_in_light_and_dark(self):
        for form, d in self.drivers.items():
            for dark in (False, True):
                bb.set_media(d, dark=dark)
                for path in ("lister/index.html", BREAKFAST, "en/" + RAIN):
                    with self.subTest(form=form, dark=dark, path=path):
                        if path == "lister/index.html":
                            d.get(self.server.url(path))
                        else:
                            self.open_list(d, path)
                        violations = bb.run_axe(d)
                        self.assertEqual(violations, [], bb.format_violations(violations))
            bb.set_media(d, dark=False)

    @unittest.skipUnless(os.environ.get("VNU_JAR"), "the W3C checker is not set up (VNU_JAR)")
    def test_the_pages_pass_the_w3c_checker(self):
        folder = os.path.join(self.folder, "checked")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for language in ("", "en/"):
            shutil.copytree(os.path.join(self.output, language, "lister"), os.path.join(folder, language, "lister"))
        place = os.path.join(self.output, "steder")
        member = next(slug for slug in os.listdir(place) if "aerfugl" in slug)
        shutil.copy(os.path.join(place, member, "index.html"), os.path.join(folder, "place.html"))
        done = subprocess.run(["java", "-jar", os.environ["VNU_JAR"], "--errors-only", "--skip-non-html", folder],
                              capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)


def contrast(a, b):
    """WCAG contrast of two computed colours ("rgb(r, g, b)")."""
    def luminance(colour):
        channels = [int(float(v)) / 255 for v in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


if __name__ == "__main__":
    unittest.main()
