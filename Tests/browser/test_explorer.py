"""The list page's script in a real browser: search, radius, category, sort,
favorites, Nullstill, empty state, persistence, "Finn nærmeste meg", the map,
"Vis flere", the loading state and the page without script."""
import json
import os
import shutil
import sys
import tempfile
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import beacon_browser as bb

# Independent oracles (not computed by the code under test).
EXPECTED_A_TO_AA = [
    "anker hotell", "Aula Kafé", "Bølgen & Moi", "Café Élan", "Grand Hotel", "Kaffebrenneriet",
    "Mat <&> Drikke", "Ytre Brygge", "Zeppelin Bar", "Ærfugl Kafé", "Øst Bistro", "Åpent Bakeri",
    "Aas Gjestgiveri",
]
EXPECTED_RATED_FIRST = ["Øst Bistro", "Zeppelin Bar", "Ærfugl Kafé", "Aas Gjestgiveri", "Bølgen & Moi", "Grand Hotel"]


def names_by_distance(rows, origin=None):
    if origin is None:
        key = lambda r: r["distance"]  # noqa: E731
    else:
        key = lambda r: bb.haversine(origin[0], origin[1], r["lat"], r["lon"])  # noqa: E731
    return [r["name"] for r in sorted(rows, key=key)]


class ExplorerTestCase(unittest.TestCase):
    width = 1280

    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.rows = bb.within_radius(cls.site.places)
        cls.driver = bb.make_driver(width=cls.width)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        d = self.driver
        d.execute_cdp_cmd("Browser.resetPermissions", {})
        d.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        d.get(self.site.url("index.html"))
        d.execute_script("localStorage.clear()")
        self.reload()
        d.get_log("browser")

    def tearDown(self):
        errors = bb.console_errors(self.driver)
        self.assertEqual(errors, [], "console errors on the list page")

    # Helpers

    def reload(self):
        self.driver.get(self.site.url("index.html"))
        bb.wait_ready(self.driver)

    def names(self):
        return bb.visible_names(self.driver)

    def button(self, name):
        return bb.by_name(self.driver, "button", name)

    def pressed(self, name):
        return self.button(name).get_attribute("aria-pressed") == "true"

    def search(self, text):
        """Types into Søk and presses Enter (applies at once; the debounce has its own test)."""
        field = self.driver.find_element(By.ID, "explorer-search")
        field.clear()
        field.send_keys(text, Keys.ENTER)

    def sort_by(self, label):
        Select(bb.by_name(self.driver, "select", "Sorter etter")).select_by_visible_text(label)

    def radius(self):
        return bb.by_name(self.driver, "input[type=range]", "Radius")

    def set_radius(self, km):
        slider = self.radius()
        slider.send_keys(Keys.HOME)
        for _ in range(km - 1):
            slider.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(slider.get_attribute("value"), str(km))

    def wait_names(self, expected, timeout=3):
        bb.wait_for(self.driver, lambda: self.names() == expected, timeout,
                    f"expected {expected}, saw {self.names()}")


class ControlsTests(ExplorerTestCase):
    def test_controls_have_their_names_and_start_at_the_defaults(self):
        d = self.driver
        self.assertFalse(d.find_element(By.ID, "explorer-controls").get_attribute("hidden"))
        self.assertFalse(d.find_element(By.ID, "explorer-loading").is_displayed())
        field = bb.by_name(d, "input[type=search]", "Søk")
        self.assertEqual(field.get_attribute("value"), "")
        slider = self.radius()
        self.assertEqual((slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("step")), ("1", "10", "1"))
        self.assertEqual(slider.get_attribute("value"), "5")
        self.assertEqual(d.find_element(By.ID, "explorer-radius-text").text, "Radius: 5 km")
        select = Select(bb.by_name(d, "select", "Sorter etter"))
        self.assertEqual([o.text for o in select.options], ["Avstand", "Vurdering", "Alfabetisk (A–Å)"])
        self.assertEqual(select.first_selected_option.text, "Avstand")
        for name in ("Alle", "Restauranter", "Kafeer", "Hoteller", "Alle steder", "Favoritter", "Liste", "Kart"):
            self.assertIn(self.button(name).get_attribute("aria-pressed"), ("true", "false"), name)
        self.assertTrue(self.pressed("Alle") and self.pressed("Alle steder") and self.pressed("Liste"))
        self.button("Finn nærmeste meg")
        self.button("Nullstill")
        count = d.find_element(By.ID, "results-count")
        self.assertEqual(count.get_attribute("role"), "status")
        self.assertEqual(count.text, f"{len(self.rows)} steder")
        self.assertEqual(self.names(), names_by_distance(self.rows))
        # The script renders the list itself; the server's pagination is no longer needed.
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, "#explorer .pagination:not([hidden])"))

    def test_search_waits_for_the_debounce(self):
        before = self.names()
        result = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const names = () => {
              const list = document.getElementById('place-list');
              return list.hidden ? [] : Array.from(list.querySelectorAll('.place-card__name'), e => e.textContent);
            };
            const field = document.getElementById('explorer-search');
            field.focus();
            field.value = 'elan';
            field.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: 'elan'}));
            setTimeout(() => {
              const at100 = names();
              const count100 = document.getElementById('results-count').textContent;
              setTimeout(() => done({at100, count100, at600: names()}), 500);
            }, 100);
        """)
        self.assertEqual(result["at100"], before, "the list changed before the debounce")
        self.assertEqual(result["count100"], f"{len(self.rows)} steder")
        self.assertEqual(result["at600"], ["Café Élan"])

    def test_typing_filters_after_a_pause(self):
        field = self.driver.find_element(By.ID, "explorer-search")
        field.send_keys("Zeppelin")
        self.assertEqual(len(self.names()), len(self.rows), "filtered while typing")
        self.wait_names(["Zeppelin Bar"], timeout=2)
        self.assertEqual(bb.results_count(self.driver), "1 sted")

    def test_search_matches_name_address_and_category_ignoring_case_and_accents(self):
        cases = {
            "ELAN": ["Café Élan"],                      # accent- and case-insensitive
            "thorvald meyers": ["Café Élan"],           # address
            "ærfugl": ["Ærfugl Kafé"],                 # Æ is its own letter
            "apent": ["Åpent Bakeri"],                 # Å folds to A (NFD), as in Swift
            "<&>": ["Mat <&> Drikke"],                 # text, not markup
            "hotell": names_by_distance([r for r in self.rows if r["category"] == "hotel"]),  # category word
            "kafe": names_by_distance([r for r in self.rows if r["category"] == "cafe"]),
        }
        for text, expected in cases.items():
            with self.subTest(text=text):
                self.search(text)
                self.wait_names(expected)

    def test_radius_slider_narrows_and_says_when_beyond_what_was_fetched(self):
        d = self.driver
        note = d.find_element(By.ID, "explorer-radius-note")
        self.set_radius(1)
        self.assertEqual(d.find_element(By.ID, "explorer-radius-text").text, "Radius: 1 km")
        self.assertEqual(self.radius().get_attribute("aria-valuetext"), "1 km")
        self.wait_names(names_by_distance(bb.within_radius(self.site.places, 1)))
        self.assertFalse(note.is_displayed())
        self.set_radius(8)
        self.assertEqual(d.find_element(By.ID, "explorer-radius-text").text, "Radius: 8 km")
        self.wait_names(names_by_distance(bb.within_radius(self.site.places, 8)))
        self.assertIn("Vidde Hotell", self.names())
        self.assertTrue(note.is_displayed())
        self.assertEqual(note.text, "Stedene er hentet innen 5 km")
        self.assertIn("explorer-radius-note", self.radius().get_attribute("aria-describedby"))

    def test_category_control_filters_and_is_a_pressed_button_group(self):
        labels = {"restaurant": "Restauranter", "cafe": "Kafeer", "hotel": "Hoteller"}
        singular = {"restaurant": "Restaurant", "cafe": "Kafé", "hotel": "Hotell"}
        for category, label in labels.items():
            with self.subTest(category=category):
                self.button(label).click()
                self.assertTrue(self.pressed(label))
                self.assertFalse(self.pressed("Alle"))
                self.wait_names(names_by_distance([r for r in self.rows if r["category"] == category]))
                metas = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "#place-list .place-card__meta")]
                self.assertTrue(all(m.startswith(singular[category] + " ·") for m in metas), metas)
        self.button("Alle").click()
        self.wait_names(names_by_distance(self.rows))
        group = self.driver.find_element(By.CSS_SELECTOR, "#explorer [role=group][aria-label=Kategori]")
        self.assertEqual(len(group.find_elements(By.CSS_SELECTOR, "button[aria-pressed=true]")), 1)

    def test_sort_alphabetically_uses_norwegian_order(self):
        self.sort_by("Alfabetisk (A–Å)")
        self.wait_names(EXPECTED_A_TO_AA)

    def test_sort_by_rating_puts_unrated_last(self):
        self.sort_by("Vurdering")
        unrated = names_by_distance([r for r in self.rows if not r["ratings"]])
        self.wait_names(EXPECTED_RATED_FIRST + unrated)
        self.sort_by("Avstand")
        self.wait_names(names_by_distance(self.rows))

    def test_favorites_toggle(self):
        self.button("Favoritter").click()
        self.assertTrue(self.pressed("Favoritter"))
        self.assertFalse(self.pressed("Alle steder"))
        expected = names_by_distance([r for r in self.rows if r["favorite"]])
        self.wait_names(expected)
        marks = self.driver.find_elements(By.CSS_SELECTOR, "#place-list .place-card .favorite-mark")
        self.assertEqual(len(marks), len(expected))
        self.button("Alle steder").click()
        self.wait_names(names_by_distance(self.rows))

    def test_filters_combine(self):
        self.button("Kafeer").click()
        self.button("Favoritter").click()
        self.sort_by("Alfabetisk (A–Å)")
        self.wait_names(["Kaffebrenneriet", "Ærfugl Kafé"])
        self.set_radius(2)
        self.wait_names(["Ærfugl Kafé"])

    def test_reset_restores_the_defaults(self):
        d = self.driver
        self.search("kafe")
        self.set_radius(2)
        self.button("Hoteller").click()
        self.sort_by("Alfabetisk (A–Å)")
        self.button("Favoritter").click()
        self.button("Nullstill").click()
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "")
        self.assertEqual(self.radius().get_attribute("value"), "5")
        self.assertEqual(d.find_element(By.ID, "explorer-radius-text").text, "Radius: 5 km")
        self.assertTrue(self.pressed("Alle"))
        self.assertTrue(self.pressed("Alle steder"))
        self.assertEqual(Select(d.find_element(By.ID, "explorer-sort")).first_selected_option.text, "Avstand")
        self.wait_names(names_by_distance(self.rows))
        self.reload()
        self.assertEqual(self.radius().get_attribute("value"), "5")
        self.assertTrue(self.pressed("Alle"))

    def test_no_matches_shows_and_hides_the_empty_state(self):
        d = self.driver
        empty = d.find_element(By.ID, "explorer-empty")
        self.assertFalse(empty.is_displayed())
        self.search("qqqzzz")
        bb.wait_for(d, empty.is_displayed)
        self.assertIn("Ingen treff", empty.text)
        self.assertEqual(empty.find_element(By.CSS_SELECTOR, ".empty-state__emoji").get_attribute("textContent"), "🔍")
        self.assertEqual(self.names(), [])
        self.assertFalse(d.find_element(By.ID, "place-list").is_displayed())
        self.assertEqual(d.find_element(By.ID, "results-count").get_attribute("textContent"), "Ingen treff")
        self.search("")
        self.wait_names(names_by_distance(self.rows))
        self.assertFalse(empty.is_displayed())
        self.assertEqual(bb.results_count(d), f"{len(self.rows)} steder")

    def test_radius_category_and_sort_survive_a_reload_but_not_the_text(self):
        d = self.driver
        self.set_radius(3)
        self.button("Kafeer").click()
        self.sort_by("Alfabetisk (A–Å)")
        self.search("a")
        self.reload()
        self.assertEqual(self.radius().get_attribute("value"), "3")
        self.assertEqual(d.find_element(By.ID, "explorer-radius-text").text, "Radius: 3 km")
        self.assertTrue(self.pressed("Kafeer"))
        self.assertEqual(Select(d.find_element(By.ID, "explorer-sort")).first_selected_option.text, "Alfabetisk (A–Å)")
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "")
        cafes = [r for r in bb.within_radius(self.site.places, 3) if r["category"] == "cafe"]
        self.assertEqual(self.names(), [n for n in EXPECTED_A_TO_AA if n in {r["name"] for r in cafes}])

    def test_a_corrupt_saved_state_is_ignored(self):
        self.driver.execute_script("localStorage.setItem('beacon.explorer.v1', '{not json')")
        self.reload()
        self.assertEqual(self.radius().get_attribute("value"), "5")
        self.driver.execute_script("localStorage.setItem('beacon.explorer.v1', JSON.stringify({radius: 99, category: 'bar', sort: 'x'}))")
        self.reload()
        self.assertEqual(self.radius().get_attribute("value"), "5")
        self.assertTrue(self.pressed("Alle"))
        self.assertEqual(self.names(), names_by_distance(self.rows))

    def test_everything_works_with_the_keyboard_and_focus_is_visible(self):
        d = self.driver
        d.find_element(By.ID, "explorer-search").click()
        seen = []
        for _ in range(16):
            active = d.switch_to.active_element
            name = active.accessible_name
            style = d.execute_script(
                "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, parseFloat(s.outlineWidth)];", active)
            if name in seen:
                break
            seen.append(name)
            self.assertNotEqual(style[0], "none", f"no visible focus on {name!r}")
            self.assertGreaterEqual(style[1], 2, f"thin focus outline on {name!r}")
            ActionChains(d).send_keys(Keys.TAB).perform()
        for name in ("Søk", "Radius", "Sorter etter", "Alle steder", "Favoritter", "Finn nærmeste meg", "Nullstill",
                     "Alle", "Restauranter", "Kafeer", "Hoteller", "Liste", "Kart"):
            self.assertIn(name, seen)
        self.assertLess(seen.index("Søk"), seen.index("Nullstill"))
        # Operate a toggle and the sort with keys only.
        self.button("Kafeer").send_keys(Keys.SPACE)
        self.assertTrue(self.pressed("Kafeer"))
        self.button("Favoritter").send_keys(Keys.ENTER)
        self.wait_names(names_by_distance([r for r in self.rows if r["category"] == "cafe" and r["favorite"]]))
        bb.by_name(d, "select", "Sorter etter").send_keys(Keys.ARROW_DOWN)
        self.assertEqual(Select(d.find_element(By.ID, "explorer-sort")).first_selected_option.text, "Vurdering")


class NearMeTests(ExplorerTestCase):
    def grant(self, latitude, longitude):
        d = self.driver
        d.execute_cdp_cmd("Browser.grantPermissions", {"origin": self.site.server.origin, "permissions": ["geolocation"]})
        d.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": latitude, "longitude": longitude, "accuracy": 10})

    def message(self):
        return self.driver.find_element(By.ID, "explorer-message")

    def test_finds_the_reader_and_sorts_by_distance_from_there(self):
        reader = self.site.by_name["Kaffebrenneriet"]
        self.sort_by("Vurdering")
        self.grant(reader["lat"], reader["lon"])
        self.button("Finn nærmeste meg").click()
        bb.wait_for(self.driver, lambda: "Avstand fra din posisjon" in self.message().text)
        self.assertEqual(self.message().get_attribute("role"), "status")
        self.wait_names(names_by_distance(self.rows, origin=(reader["lat"], reader["lon"])))
        self.assertEqual(self.names()[0], "Kaffebrenneriet")
        first_meta = self.driver.find_element(By.CSS_SELECTOR, "#place-list .place-card__meta").text
        self.assertEqual(first_meta, "Kafé · 0 m")
        self.assertEqual(Select(self.driver.find_element(By.ID, "explorer-sort")).first_selected_option.text, "Avstand")
        # Back to measuring from the centre.
        back = self.button("Mål fra Oslo S igjen")
        back.click()
        self.wait_names(names_by_distance(self.rows))
        self.assertFalse(back.is_displayed())

    def test_denied_permission_says_so(self):
        d = self.driver
        d.execute_cdp_cmd("Browser.setPermission", {"origin": self.site.server.origin,
                                                    "permission": {"name": "geolocation"}, "setting": "denied"})
        before = self.names()
        self.button("Finn nærmeste meg").click()
        bb.wait_for(d, lambda: "tilgang til posisjonen" in self.message().text)
        self.assertTrue(self.message().is_displayed())
        self.assertEqual(self.message().get_attribute("role"), "status")
        self.assertEqual(self.names(), before)

    def test_unavailable_position_says_so(self):
        d = self.driver
        d.execute_cdp_cmd("Browser.grantPermissions", {"origin": self.site.server.origin, "permissions": ["geolocation"]})
        d.execute_cdp_cmd("Emulation.setGeolocationOverride", {})  # no coordinates: position unavailable
        self.button("Finn nærmeste meg").click()
        bb.wait_for(d, lambda: "Fant ikke posisjonen din" in self.message().text, timeout=20)


class MapTests(ExplorerTestCase):
    def pins(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#explorer-map a.map-pin")

    def test_map_shows_one_pin_per_visible_place(self):
        d = self.driver
        self.button("Kart").click()
        self.assertTrue(self.pressed("Kart"))
        self.assertTrue(d.find_element(By.ID, "explorer-map").is_displayed())
        self.assertFalse(d.find_element(By.ID, "place-list").is_displayed())
        pins = self.pins()
        self.assertEqual(len(pins), len(self.rows))
        by_url = {p["u"]: p for p in self.site.data["places"]}
        labelled = set()
        for pin in pins:
            place = by_url[pin.get_dom_attribute("href")]
            self.assertTrue(pin.accessible_name.startswith(place["n"] + ", "), pin.accessible_name)
            self.assertEqual(bool(pin.find_elements(By.CSS_SELECTOR, ".map-pin__star")), "s" in place)
            labelled.add(place["n"])
        self.assertEqual(labelled, {r["name"] for r in self.rows})
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#explorer-map .map-center")), 1)
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#explorer-map circle.map-radius:not(.map-radius--half)")), 1)
        # The same filters apply.
        self.button("Kafeer").click()
        bb.wait_for(d, lambda: len(self.pins()) == len([r for r in self.rows if r["category"] == "cafe"]))
        self.search("elan")
        bb.wait_for(d, lambda: len(self.pins()) == 1)
        self.search("qqqzzz")
        bb.wait_for(d, lambda: d.find_element(By.ID, "explorer-empty").is_displayed())
        self.assertEqual(len(self.pins()), 0)

    def test_pins_are_links_to_the_place_pages(self):
        self.button("Kart").click()
        self.search("Zeppelin")
        bb.wait_for(self.driver, lambda: len(self.pins()) == 1)
        pin = self.pins()[0]
        self.driver.execute_script("arguments[0].focus()", pin)
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        bb.wait_for(self.driver, lambda: "/steder/" in self.driver.current_url)
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text, "Zeppelin Bar")

    def test_list_returns_from_the_map(self):
        self.button("Kart").click()
        self.button("Liste").click()
        self.assertTrue(self.driver.find_element(By.ID, "place-list").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "explorer-map").is_displayed())
        self.assertEqual(self.names(), names_by_distance(self.rows))


class LoadingAndNoScriptTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.driver = bb.make_driver(logging=False)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def test_loading_state_shows_until_the_script_is_ready(self):
        d = self.driver
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*beacon.js"]})
        try:
            d.get(self.site.url("index.html"))
            loading = d.find_element(By.ID, "explorer-loading")
            self.assertTrue(loading.is_displayed())
            self.assertIn("Gjør klar", loading.text)
            self.assertFalse(d.find_element(By.ID, "explorer-controls").is_displayed())
            self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#place-list .place-card")), len(self.site.places))
        finally:
            d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        d.get(self.site.url("index.html"))
        bb.wait_ready(d)
        self.assertFalse(d.find_element(By.ID, "explorer-loading").is_displayed())
        self.assertTrue(d.find_element(By.ID, "explorer-controls").is_displayed())

    def test_without_script_every_place_is_listed_and_categories_are_links(self):
        d = self.driver
        d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            d.get(self.site.url("index.html"))
            self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#place-list .place-card")), len(self.site.places))
            self.assertFalse(d.find_element(By.ID, "explorer-loading").is_displayed())
            self.assertFalse(d.find_element(By.ID, "explorer-controls").is_displayed())
            self.assertFalse(d.find_element(By.ID, "explorer-map").is_displayed())
            link = d.find_element(By.CSS_SELECTOR, "nav.segmented a[data-category=cafe]")
            link.click()
            bb.wait_for(d, lambda: "/kafeer/" in d.current_url)
            cafes = [p for p in self.site.places if p["category"] == "cafe"]
            self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, ".place-card")), len(cafes))
        finally:
            d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


class FileURLTests(unittest.TestCase):
    """The site works straight from the disk: the script reads inline data and fetches nothing."""

    def test_search_and_links_work_from_file_url(self):
        site = bb.site()
        d = bb.make_driver()
        try:
            d.get("file://" + os.path.join(site.output, "index.html"))
            bb.wait_ready(d)
            self.assertEqual(bb.console_errors(d), [])
            field = d.find_element(By.ID, "explorer-search")
            field.send_keys("elan", Keys.ENTER)
            bb.wait_for(d, lambda: bb.visible_names(d) == ["Café Élan"])
            link = d.find_element(By.CSS_SELECTOR, "#place-list .place-card__link")
            self.assertEqual(link.get_dom_attribute("href"), site.detail_path("Café Élan"))
            link.click()
            bb.wait_for(d, lambda: d.current_url.endswith(site.detail_path("Café Élan")))
            self.assertEqual(d.find_element(By.TAG_NAME, "h1").text, "Café Élan")
        finally:
            d.quit()


class ManyPlacesTests(unittest.TestCase):
    """A guide of 450 places: "Vis flere" pages through the list, the map caps its pins."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="beacon-browser-many-")
        bb.write_site(cls.folder)
        places_file = os.path.join(cls.folder, "many.geojson")
        with open(places_file, "w", encoding="utf-8") as f:
            json.dump(bb.synthetic_places(450), f, ensure_ascii=False)
        settings_path = os.path.join(cls.folder, "beacon-settings.json")
        with open(settings_path, encoding="utf-8") as f:
            settings = json.load(f)
        settings["radiusKm"] = 10
        with open(settings_path, "w", encoding="utf-8") as f:
            json.dump(settings, f)
        cls.server = bb.Server(bb.build(cls.folder, places_file))
        cls.driver = bb.make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def setUp(self):
        self.driver.get(self.server.url("index.html"))
        self.driver.execute_script("localStorage.clear()")
        self.driver.get(self.server.url("index.html"))
        bb.wait_ready(self.driver)

    def test_show_more_adds_the_next_hundred_and_moves_focus(self):
        d = self.driver
        total = d.execute_script("return JSON.parse(document.getElementById('beacon-data').textContent).places.length")
        self.assertEqual(bb.results_count(d), f"{total} steder")
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#place-list > li")), 100)
        self.assertIn(f"Viser 100 av {total} steder", d.find_element(By.ID, "explorer-more").text)
        more = bb.by_name(d, "button", "Vis flere")
        more.click()
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#place-list > li")), 200)
        focused = d.switch_to.active_element
        self.assertEqual(focused, d.find_elements(By.CSS_SELECTOR, "#place-list > li > a")[100])
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, "#explorer .pagination:not([hidden])"))

    def test_map_caps_the_pins_and_says_so(self):
        d = self.driver
        bb.by_name(d, "button", "Kart").click()
        pins = d.find_elements(By.CSS_SELECTOR, "#explorer-map a.map-pin")
        self.assertEqual(len(pins), 400)
        note = d.find_element(By.ID, "explorer-map-note")
        self.assertTrue(note.is_displayed())
        self.assertIn("400", note.text)
        bb.by_name(d, "button", "Kafeer").click()
        cafes = d.execute_script("return JSON.parse(document.getElementById('beacon-data').textContent).places.filter(p => p.c === 'cafe').length")
        self.assertLess(cafes, 400)
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#explorer-map a.map-pin")), cafes)
        self.assertFalse(note.is_displayed())


if __name__ == "__main__":
    unittest.main()
