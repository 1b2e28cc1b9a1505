"""The map in focus (issue #31): on a phone, a guide with a basemap opens on its map, with search and chips
floating over it, a round «Finn meg» in its corner above the credits, and the list as a sheet that peeks
and is pulled up (a finger or a mouse on its handle, a tap, Enter and Escape, the back button); without a
basemap the list comes first as before. On a wide screen the list and the map stand side by side, a card
lifts its pin, a pin brings its card into view, and «Søk i dette området» limits the list to the map's
view (and «Vis alle» undoes it). «Mine steder» puts its map above the list on a phone, beside it on a
wide screen, and links cards and pins the same way."""
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import beacon_browser as bb

RECT = "const r = arguments[0].getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};"


console_errors = bb.tile_console_errors


def overlaps(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


class PhoneCase(unittest.TestCase):
    """A phone (touch, mobile viewport) on the explorer of a guide with a basemap."""
    width, height = 390, 844

    @classmethod
    def site(cls):
        return bb.tiled_site()

    @classmethod
    def setUpClass(cls):
        cls.guide = cls.site()
        cls.rows = bb.within_radius(cls.guide.places)
        cls.driver = bb.touch_phone_driver(cls.width, cls.height)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        d = self.driver
        bb.set_media(d)
        d.execute_cdp_cmd("Browser.resetPermissions", {})
        d.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        d.get(self.guide.url("404.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        self.open("index.html")
        d.get_log("browser")

    def tearDown(self):
        self.assertEqual(console_errors(self.driver), [], "console errors")

    def open(self, path):
        self.driver.get(self.guide.url(path))
        bb.wait_ready(self.driver)
        bb.wait_map(self.driver)

    def rect(self, element_or_id):
        element = self.driver.find_element(By.ID, element_or_id) if isinstance(element_or_id, str) else element_or_id
        return self.driver.execute_script(RECT, element)

    def handle(self):
        return self.driver.find_element(By.ID, "explorer-sheet-handle")

    def sheet(self):
        return self.driver.execute_script("return BeaconExplorer.sheet()")

    def wait_sheet(self, state, timeout=5):
        """Until the sheet is `state` ('open' or 'closed') and the page has stopped scrolling."""
        d = self.driver
        bb.wait_for(d, lambda: self.sheet() == state and self.handle().get_attribute("aria-expanded") == str(state == "open").lower(),
                    timeout, f"the sheet is not {state}")
        last = None
        for _ in range(50):
            now = d.execute_script("return window.scrollY")
            if now == last:
                return now
            last = now
            time.sleep(0.1)
        self.fail("the page kept scrolling")

    def touch_drag(self, element, dy, steps=12):
        """A finger on `element`'s middle, moved `dy` px (up is negative) and lifted (CDP touch events)."""
        box = self.rect(element)
        x, y = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
        d = self.driver
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for k in range(1, steps + 1):
            d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy * k / steps}]})
            time.sleep(0.016)
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


class MapFirstPhoneTests(PhoneCase):
    def test_the_map_fills_the_screen_and_the_sheet_peeks_with_the_count_and_the_first_card(self):
        d = self.driver
        self.assertEqual(d.find_element(By.ID, "explorer").get_attribute("data-layout"), "map-first")
        self.assertEqual(self.sheet(), "closed")
        canvas = self.rect("explorer-map-canvas")
        sheet = self.rect("explorer-results")
        # What the reader sees of the map: from its top to the sheet's edge (the sheet lies over its foot).
        visible = (min(canvas["bottom"], sheet["top"], self.height) - max(canvas["top"], 0)) * (canvas["right"] - canvas["left"])
        self.assertGreaterEqual(visible / (self.width * self.height), 0.70, f"the map shows on {visible / (self.width * self.height):.0%} of the screen")
        self.assertEqual(canvas["left"], 0)
        self.assertEqual(canvas["right"], self.width)
        # Search and chips float over the map's top.
        search = self.rect("explorer-search")
        self.assertGreaterEqual(search["top"], canvas["top"])
        self.assertTrue(d.find_element(By.CSS_SELECTOR, "nav.chips a[data-category=cafe]").is_displayed())
        # The sheet peeks: the handle with the count, and the first card's top, on the first screen.
        handle = self.handle()
        self.assertTrue(handle.is_displayed())
        self.assertEqual(handle.get_attribute("aria-expanded"), "false")
        self.assertEqual(handle.get_attribute("aria-controls"), "place-list")
        self.assertEqual(handle.accessible_name.replace("\xa0", " "), f"{len(self.rows)} steder innen 5 km fra Oslo S")
        first = d.find_element(By.CSS_SELECTOR, "#place-list .place-card")
        self.assertLess(self.rect(first)["top"] + 40, self.height, "the first card does not peek")
        self.assertGreater(self.rect(first)["top"], canvas["top"] + 300)
        # The list/map switch and the heading's «Nær meg» give way to the handle and «Finn meg».
        self.assertFalse(d.find_element(By.ID, "explorer-view").is_displayed())
        self.assertFalse(d.find_element(By.ID, "explorer-locate").is_displayed())
        # The heading and the live count stay for screen readers.
        self.assertEqual(d.find_element(By.TAG_NAME, "h1").get_attribute("textContent"), "Utforsk")
        self.assertEqual(d.find_element(By.ID, "results-count").get_attribute("role"), "status")

    def test_finn_meg_sits_bottom_right_in_the_map_above_the_credits(self):
        d = self.driver
        locate = d.find_element(By.ID, "explorer-map-locate")
        self.assertTrue(locate.is_displayed())
        self.assertEqual(locate.accessible_name, "Finn meg")
        button, canvas = self.rect(locate), self.rect("explorer-map-canvas")
        credits = self.rect(d.find_element(By.CSS_SELECTOR, "#explorer-map .leaflet-control-attribution"))
        sheet = self.rect("explorer-results")
        self.assertTrue(canvas["left"] <= button["left"] and button["right"] <= canvas["right"]
                        and canvas["top"] <= button["top"] and button["bottom"] <= canvas["bottom"], "Finn meg is not in the map")
        self.assertLessEqual(canvas["right"] - button["right"], 24, "Finn meg is not at the right")
        self.assertGreater(button["top"], (canvas["top"] + sheet["top"]) / 2, "Finn meg is not in the map's lower half")
        self.assertLessEqual(button["bottom"], credits["top"], "Finn meg covers the credits")
        self.assertLessEqual(button["bottom"], sheet["top"], "the sheet covers Finn meg")
        self.assertLessEqual(credits["bottom"], sheet["top"], "the sheet covers the credits")
        self.assertGreaterEqual(credits["top"], 0)

    def test_finn_meg_measures_from_the_reader_and_centres_the_map_on_them(self):
        d = self.driver
        reader = self.guide.by_name["Kaffebrenneriet"]
        d.execute_cdp_cmd("Browser.grantPermissions", {"origin": self.guide.server.origin, "permissions": ["geolocation"]})
        d.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": reader["lat"], "longitude": reader["lon"], "accuracy": 10})
        before = d.execute_script("const c = BeaconExplorer.map().getCenter(); return [c.lat, c.lng];")
        d.find_element(By.ID, "explorer-map-locate").click()
        bb.wait_for(d, lambda: d.execute_script("return BeaconExplorer.reader()"), 5, "no mark where the reader is")
        bb.wait_for(d, lambda: d.find_element(By.ID, "explorer-sheet-count").text.replace("\xa0", " ").endswith("fra deg"))
        meta = d.execute_script(
            "return [...document.querySelectorAll('#place-list .place-card')].find(c => c.querySelector('.place-card__name').textContent === 'Kaffebrenneriet')"
            ".querySelector('.place-card__meta').textContent")
        self.assertEqual(meta.replace("\xa0", " "), "Kafé · 0 m", "not measured from the reader")
        bb.wait_map(d)
        centre = d.execute_script("const c = BeaconExplorer.map().getCenter(); return [c.lat, c.lng];")
        self.assertNotAlmostEqual(before[0], centre[0], places=3)
        # Centred on the reader: the reader's dot in the middle of the map the reader sees (between the
        # floating search and the sheet's edge), within a tenth of its size.
        spot = d.execute_script("""
            const map = BeaconExplorer.map(), box = map.getContainer().getBoundingClientRect();
            const at = map.latLngToContainerPoint([arguments[0], arguments[1]]);
            const bar = document.getElementById('explorer-bar').getBoundingClientRect().bottom;
            const sheet = document.getElementById('explorer-results').getBoundingClientRect().top;
            return {x: box.left + at.x, y: box.top + at.y, top: bar, bottom: sheet, width: box.width};""",
                                 reader["lat"], reader["lon"])
        self.assertLess(abs(spot["x"] - spot["width"] / 2), spot["width"] / 10)
        self.assertLess(abs(spot["y"] - (spot["top"] + spot["bottom"]) / 2), (spot["bottom"] - spot["top"]) / 10)

    def test_a_finger_on_the_handle_pulls_the_sheet_up_and_down(self):
        d = self.driver
        self.touch_drag(self.handle(), -420)
        self.wait_sheet("open")
        # Open: the handle under the floating search, the cards over the map.
        bar = self.rect("explorer-bar")
        self.assertLess(abs(self.rect(self.handle())["top"] - bar["bottom"]), 4)
        self.assertEqual(d.find_element(By.ID, "explorer").get_attribute("data-bar"), "solid")
        self.assertEqual(d.find_element(By.ID, "explorer-sheet-status").text, "Listen er åpnet over kartet.")
        self.touch_drag(self.handle(), 420)
        self.assertEqual(self.wait_sheet("closed"), 0)
        self.assertEqual(d.find_element(By.ID, "explorer-sheet-status").text, "Listen er lukket, og kartet vises.")
        # A short pull is let go of: the sheet goes back to where it was.
        self.touch_drag(self.handle(), -40, steps=8)
        self.assertEqual(self.wait_sheet("closed"), 0)

    def test_a_mouse_drags_the_handle_and_a_tap_opens_the_sheet(self):
        d = self.driver
        ActionChains(d).click_and_hold(self.handle()).move_by_offset(0, -150).move_by_offset(0, -250).release().perform()
        self.wait_sheet("open")
        ActionChains(d).click_and_hold(self.handle()).move_by_offset(0, 150).move_by_offset(0, 250).release().perform()
        self.assertEqual(self.wait_sheet("closed"), 0)
        self.handle().click()
        self.wait_sheet("open")
        self.handle().click()
        self.assertEqual(self.wait_sheet("closed"), 0)

    def test_the_keyboard_opens_and_closes_the_sheet(self):
        d = self.driver
        handle = self.handle()
        d.execute_script("arguments[0].focus()", handle)
        ActionChains(d).send_keys(Keys.ENTER).perform()
        self.wait_sheet("open")
        self.assertEqual(d.switch_to.active_element, handle)
        # Escape from a card inside closes it, and the focus comes back to the handle.
        d.execute_script("document.querySelector('#place-list .place-card a').focus()")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        self.assertEqual(self.wait_sheet("closed"), 0)
        self.assertEqual(d.switch_to.active_element, handle)
        ActionChains(d).send_keys(Keys.SPACE).perform()
        self.wait_sheet("open")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        self.wait_sheet("closed")

    def test_the_back_button_closes_the_sheet_and_only_that(self):
        d = self.driver
        page = d.current_url
        self.handle().click()
        self.wait_sheet("open")
        d.back()
        self.assertEqual(self.wait_sheet("closed"), 0)
        self.assertEqual(d.current_url, page)
        self.assertEqual(d.execute_script("return document.getElementById('explorer').dataset.ready"), "true",
                         "the page was left or reloaded")
        # Opened and closed again by the handle: no entry is left behind, so back leaves the page.
        self.handle().click()
        self.wait_sheet("open")
        self.handle().click()
        self.wait_sheet("closed")
        d.back()
        bb.wait_for(d, lambda: d.current_url.endswith("/404.html"), 5, "back did not leave the page")

    def test_a_pin_opens_the_sheet_at_its_card(self):
        d = self.driver
        place = self.guide.by_name["Ytre Brygge"]
        bb.zoom_map_to(d, place["lat"], place["lon"])
        pin = next(e for e in d.find_elements(By.CSS_SELECTOR, "#explorer-map .map-pin-icon")
                   if e.get_attribute("aria-label").startswith("Ytre Brygge,"))
        pin.click()
        self.wait_sheet("open")
        card = next(e for e in d.find_elements(By.CSS_SELECTOR, "#place-list .place-card")
                    if e.find_element(By.CSS_SELECTOR, ".place-card__name").text == "Ytre Brygge")
        box, handle = self.rect(card), self.rect(self.handle())
        self.assertGreaterEqual(box["top"], handle["bottom"] - 1, "the card is under the handle")
        self.assertLess(box["top"], self.height / 2, "the card is not at the top of the open sheet")
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, ".leaflet-popup"), "a popup behind the sheet")
        self.assertEqual(d.execute_script("return document.activeElement.closest('.place-card')?.dataset.id"), place["id"])

    def test_axe_finds_nothing_with_the_sheet_closed_and_open(self):
        d = self.driver
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                bb.set_media(d, dark=dark)
                self.open("index.html")
                violations = bb.run_axe(d)
                self.assertEqual(violations, [], "closed:\n" + bb.format_violations(violations))
                self.handle().click()
                self.wait_sheet("open")
                violations = bb.run_axe(d)
                self.assertEqual(violations, [], "open:\n" + bb.format_violations(violations))


class MapFirstSmallPhoneTests(PhoneCase):
    """320 × 640: nothing covers the credits."""
    width, height = 320, 640

    def test_nothing_covers_the_map_credits(self):
        d = self.driver
        credits = d.find_element(By.CSS_SELECTOR, "#explorer-map .leaflet-control-attribution")
        box = self.rect(credits)
        self.assertGreaterEqual(box["top"], 0)
        self.assertLessEqual(box["bottom"], self.height)
        # Every point of the credits is the credits' own (no button, sheet or chip over them).
        points = [(box["left"] + 2 + (box["right"] - box["left"] - 4) * i / 6, box["top"] + 2 + (box["bottom"] - box["top"] - 4) * j / 2)
                  for i in range(7) for j in range(3)]
        covered = d.execute_script(
            "return arguments[1].filter(([x, y]) => !arguments[0].contains(document.elementFromPoint(x, y)));", credits, points)
        self.assertEqual(covered, [], "something covers the credits")
        self.assertFalse(overlaps(self.rect("explorer-map-locate"), box), "Finn meg covers the credits")


class ListFirstWithoutBasemapTests(PhoneCase):
    """A guide without a basemap keeps the list first on a phone, with «Liste · Kart»."""

    @classmethod
    def site(cls):
        return bb.site()

    def test_the_list_comes_first(self):
        d = self.driver
        self.assertIsNone(d.find_element(By.ID, "explorer").get_attribute("data-layout"))
        self.assertFalse(self.handle().is_displayed())
        self.assertFalse(d.find_element(By.ID, "explorer-map").is_displayed())
        self.assertFalse(d.find_element(By.ID, "explorer-map-locate").is_displayed())
        self.assertTrue(d.find_element(By.ID, "explorer-view").is_displayed())
        self.assertTrue(d.find_element(By.ID, "explorer-locate").is_displayed())
        first = d.find_element(By.CSS_SELECTOR, "#place-list .place-card")
        self.assertLessEqual(self.rect(first)["top"], 300)
        self.assertIsNone(self.sheet())


class MapFirstWithoutScriptTests(PhoneCase):
    """Without script a guide with a basemap is the list, as it always was."""

    def test_without_script_the_list_comes_first(self):
        d = self.driver
        d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            d.get(self.guide.url("index.html"))
            self.assertIsNone(d.find_element(By.ID, "explorer").get_attribute("data-layout"))
            self.assertFalse(d.find_element(By.ID, "explorer-map").is_displayed())
            self.assertFalse(self.handle().is_displayed())
            first = d.find_element(By.CSS_SELECTOR, "#place-list .place-card")
            self.assertLessEqual(self.rect(first)["top"], 300)
        finally:
            d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


class SideBySideTests(unittest.TestCase):
    """1280 × 900 with a basemap: the list and the map side by side, cards and pins linked, «Søk i dette området»."""

    @classmethod
    def setUpClass(cls):
        cls.guide = bb.tiled_site()
        cls.rows = bb.within_radius(cls.guide.places)
        cls.driver = bb.make_driver(width=1280, height=900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        d = self.driver
        d.get(self.guide.url("404.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        d.get(self.guide.url("index.html"))
        bb.wait_ready(d)
        bb.wait_map(d)
        bb.wait_map_still(d)
        d.get_log("browser")

    def tearDown(self):
        self.assertEqual(console_errors(self.driver), [], "console errors")

    def card(self, name):
        return next(e for e in self.driver.find_elements(By.CSS_SELECTOR, "#place-list .place-card")
                    if e.find_element(By.CSS_SELECTOR, ".place-card__name").text == name)

    def pin(self, name):
        return next(e for e in self.driver.find_elements(By.CSS_SELECTOR, "#explorer-map .map-pin-icon")
                    if e.get_attribute("aria-label").startswith(name + ","))

    def test_the_list_and_the_map_stand_side_by_side(self):
        d = self.driver
        self.assertIsNone(d.find_element(By.ID, "explorer").get_attribute("data-layout"))
        results = d.execute_script(RECT, d.find_element(By.ID, "explorer-results"))
        canvas = d.execute_script(RECT, d.find_element(By.ID, "explorer-map-canvas"))
        self.assertLessEqual(results["right"], canvas["left"])
        self.assertLess(abs(results["top"] - canvas["top"]), 24, "the map does not start beside the list")
        self.assertFalse(d.find_element(By.ID, "explorer-sheet-handle").is_displayed())
        self.assertFalse(d.find_element(By.ID, "explorer-map-locate").is_displayed())

    def test_the_map_opens_on_the_nearest_places_in_clusters_only_where_pins_would_touch(self):
        # Where the places are, at street level (BeaconMap.firstView, test_first_view.py): the places nearest the
        # centre, not the whole radius zoomed out.
        d = self.driver
        inside = d.execute_script("""
            const b = BeaconExplorer.map().getBounds();
            return arguments[0].map(([lat, lon]) => b.contains([lat, lon]));""", [[r["lat"], r["lon"]] for r in self.rows])
        self.assertGreaterEqual(sum(inside), 6, "too few places in the first view")
        nearest = sorted(self.rows, key=lambda r: r["distance"])[:3]
        self.assertTrue(all(inside[self.rows.index(r)] for r in nearest), "the places nearest the centre are not in the first view")
        self.assertGreaterEqual(d.execute_script("return BeaconExplorer.map().getZoom()"), 13)
        outside = next(r for r in self.guide.places if r["name"] == "Vidde Hotell")
        self.assertFalse(d.execute_script("return BeaconExplorer.map().getBounds().contains([arguments[0], arguments[1]])",
                                          outside["lat"], outside["lon"]), "the view reaches the place beyond the radius")
        # A count only where pins would overlap (38 px across): each cluster holds two places nearer than that
        # at this zoom; and no two pins drawn on top of one another.
        drawn = d.execute_script("""
            const map = BeaconExplorer.map(); let group = null;
            map.eachLayer(l => { if (l.getVisibleParent) group = l; });
            const clusters = [], pins = [];
            group.eachLayer(m => {
              const shown = group.getVisibleParent(m);
              if (shown === m) pins.push(map.latLngToContainerPoint(m.getLatLng()));
              else if (shown && !clusters.includes(shown)) clusters.push(shown);
            });
            const near = (points) => { let best = Infinity;
              for (let i = 0; i < points.length; i++) for (let j = i + 1; j < points.length; j++) best = Math.min(best, points[i].distanceTo(points[j]));
              return best; };
            return { radius: group.options.maxClusterRadius, pins: near(pins),
                     clusters: clusters.map(c => near(c.getAllChildMarkers().map(m => map.latLngToContainerPoint(m.getLatLng())))) };""")
        self.assertTrue(30 <= drawn["radius"] <= 36, drawn["radius"])
        for nearest in drawn["clusters"]:
            self.assertLess(nearest, 38, "a cluster of pins that would not overlap")
        self.assertGreaterEqual(drawn["pins"], 30, "two pins drawn on top of each other")

    def test_focusing_or_pointing_at_a_card_lifts_its_pin(self):
        d = self.driver
        zeppelin = self.guide.by_name["Zeppelin Bar"]
        bb.zoom_map_to(d, zeppelin["lat"], zeppelin["lon"])
        card = self.card("Zeppelin Bar")
        self.assertNotIn("is-highlighted", self.pin("Zeppelin Bar").get_attribute("class"))
        d.execute_script("arguments[0].focus()", card.find_element(By.CSS_SELECTOR, "a"))
        bb.wait_for(d, lambda: "is-highlighted" in self.pin("Zeppelin Bar").get_attribute("class"), message="not lifted on focus")
        # The lifted pin looks different (its fill), in light and in dark, and under forced colours (the
        # system's highlight, and an outline).
        look = ("const s = getComputedStyle(arguments[0].querySelector('.map-pin'));"
                "return [s.backgroundColor, s.outlineStyle];")
        other = lambda: d.find_element(By.CSS_SELECTOR, "#explorer-map .map-pin-icon:not(.is-highlighted)")  # noqa: E731
        for features in ([{"name": "prefers-color-scheme", "value": "light"}], [{"name": "prefers-color-scheme", "value": "dark"}],
                         [{"name": "forced-colors", "value": "active"}]):
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
            lifted, plain = d.execute_script(look, self.pin("Zeppelin Bar")), d.execute_script(look, other())
            self.assertNotEqual(lifted[0], plain[0], features)
            if features[0]["name"] == "forced-colors":
                self.assertEqual(lifted[1], "solid")
        bb.set_media(d)
        d.execute_script("document.getElementById('explorer-search').focus()")
        bb.wait_for(d, lambda: "is-highlighted" not in self.pin("Zeppelin Bar").get_attribute("class"), message="not put back")
        ActionChains(d).move_to_element(self.card("Zeppelin Bar")).perform()
        bb.wait_for(d, lambda: "is-highlighted" in self.pin("Zeppelin Bar").get_attribute("class"), message="not lifted on hover")

    def test_a_card_lifts_the_cluster_its_pin_is_in(self):
        d = self.driver
        # Out to the whole radius, where some pins share a count.
        d.execute_script("BeaconExplorer.map().fitBounds(arguments[0], {animate: false})", [[r["lat"], r["lon"]] for r in self.rows])
        bb.wait_map_still(d)
        clustered = d.execute_script("""
            const map = BeaconExplorer.map(); let group = null;
            map.eachLayer(l => { if (l.getVisibleParent) group = l; });
            const inCluster = group.getLayers().filter(m => group.getVisibleParent(m) !== m && group.getVisibleParent(m));
            return inCluster.length ? inCluster[0].options.placeId : null;""")
        if clustered is None:
            self.skipTest("every place stands alone at the first view")
        card = d.find_element(By.CSS_SELECTOR, f"#place-list .place-card[data-id='{clustered}'] a")
        d.execute_script("arguments[0].focus({preventScroll: true})", card)
        bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, "#explorer-map .map-cluster-icon.is-highlighted"),
                    message="the cluster holding the pin is not lifted")

    def test_a_pins_card_brings_its_card_into_view(self):
        d = self.driver
        # The last card of the list, below the fold.
        name = bb.visible_names(d)[-1]
        place = self.guide.by_name[name]
        self.assertGreater(d.execute_script(RECT, self.card(name))["top"], 900, "the test needs a card below the fold")
        bb.zoom_map_to(d, place["lat"], place["lon"])
        self.pin(name).click()
        bb.wait_for(d, lambda: "place-card--active" in self.card(name).get_attribute("class"), message="the card is not marked")
        box = d.execute_script(RECT, self.card(name))
        self.assertGreaterEqual(box["top"], 0)
        self.assertLessEqual(box["bottom"], 900, "the card is not brought into view")

    def test_search_this_area_limits_the_list_to_the_maps_view_and_show_all_undoes_it(self):
        d = self.driver
        search_area = d.find_element(By.ID, "explorer-area-search")
        self.assertFalse(search_area.is_displayed(), "offered before the reader moved the map")
        all_names = bb.visible_names(d)
        # The reader zooms out to the whole radius, drags the map a third of its width to the left, and zooms in once.
        d.execute_script("BeaconExplorer.map().fitBounds(arguments[0], {animate: false})", [[r["lat"], r["lon"]] for r in self.rows])
        canvas = d.find_element(By.ID, "explorer-map-canvas")
        ActionChains(d).move_to_element(canvas).click_and_hold().move_by_offset(-80, 0).move_by_offset(-120, -40).release().perform()
        d.execute_script("BeaconExplorer.map().zoomIn(1, {animate: false})")
        bb.wait_for(d, search_area.is_displayed, message="«Søk i dette området» is not offered after a pan")
        self.assertEqual(search_area.accessible_name, "Søk i dette området")
        self.assertEqual(bb.visible_names(d), all_names, "the list changed before the reader asked")
        search_area.click()
        bounds = d.execute_script("const b = BeaconExplorer.map().getBounds(); return [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()];")
        expected = sorted(r["name"] for r in self.rows
                          if bounds[0] <= r["lat"] <= bounds[2] and bounds[1] <= r["lon"] <= bounds[3])
        self.assertTrue(0 < len(expected) < len(self.rows), f"the test needs a view with some of the places: {expected}")
        bb.wait_for(d, lambda: sorted(bb.visible_names(d)) == expected, message=f"expected {expected}, saw {bb.visible_names(d)}")
        self.assertEqual(bb.results_count(d).replace("\xa0", " "),
                         f"{len(expected)} {'sted' if len(expected) == 1 else 'steder'} i kartutsnittet")
        self.assertEqual(sorted(bb.map_place_ids(d)), sorted(r["id"] for r in self.rows if r["name"] in expected))
        undo = d.find_element(By.ID, "explorer-area-reset")
        self.assertTrue(undo.is_displayed())
        self.assertEqual(undo.accessible_name, "Vis alle")
        self.assertEqual(d.switch_to.active_element, undo, "the focus is not on the way back")
        self.assertFalse(search_area.is_displayed())
        undo.click()
        bb.wait_for(d, lambda: bb.visible_names(d) == all_names, message="«Vis alle» did not bring every place back")
        self.assertFalse(undo.is_displayed())
        self.assertTrue(bb.results_count(d).endswith("fra Oslo S"))


class FavoritesMapTests(unittest.TestCase):
    """«Mine steder»: the map beside the list on a wide screen and above it on a phone; cards and pins linked."""

    PAGE = "favoritter/index.html"

    @classmethod
    def setUpClass(cls):
        cls.guide = bb.site()
        cls.driver = bb.make_driver(width=1280, height=900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.assertEqual(console_errors(self.driver), [], "console errors")

    def open(self, width, height):
        d = self.driver
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        d.get(self.guide.url(self.PAGE))
        bb.wait_for(d, lambda: d.execute_script(
            "const m = document.querySelector('.favorites-map'); return !!m && m.dataset.ready === 'true';"), 10, "no map")

    def boxes(self):
        d = self.driver
        return (d.execute_script(RECT, d.find_element(By.ID, "favorites-map")),
                d.execute_script(RECT, d.find_element(By.CSS_SELECTOR, ".place-list--favorites")))

    def test_the_map_stands_beside_the_list_on_a_wide_screen(self):
        self.open(1280, 900)
        canvas, cards = self.boxes()
        self.assertLessEqual(cards["right"], canvas["left"])
        self.assertLess(abs(cards["top"] - canvas["top"]), 24)
        self.assertGreater(canvas["bottom"] - canvas["top"], 400)

    def test_the_favorites_are_on_the_part_of_the_map_in_view(self):
        # Beside the list the map is as tall as the window and starts below the intro: every pin is fitted
        # above the fold.
        self.open(1280, 900)
        d = self.driver
        bottoms = d.execute_script(
            "return Array.from(document.querySelectorAll('#favorites-map .leaflet-marker-icon'), e => e.getBoundingClientRect().bottom);")
        self.assertTrue(bottoms)
        self.assertLessEqual(max(bottoms), 900, "a favorite's pin below the fold")

    def test_the_map_is_above_the_list_on_a_phone(self):
        self.open(390, 844)
        canvas, cards = self.boxes()
        self.assertLessEqual(canvas["bottom"], cards["top"])
        self.assertLessEqual(cards["top"], 844, "the first favorite is not on the first screen")

    def test_a_card_lifts_its_pin_and_a_pin_marks_its_card(self):
        self.open(1280, 900)
        d = self.driver
        favorite = next(r for r in self.guide.places if r["favorite"] and r["name"] == "Kaffebrenneriet")
        d.execute_script("window.BeaconFavoritesMap.map().setView([arguments[0], arguments[1]], 18, {animate: false})",
                         favorite["lat"], favorite["lon"])
        pin = lambda: next(e for e in d.find_elements(By.CSS_SELECTOR, "#favorites-map .map-pin-icon")  # noqa: E731
                           if e.get_attribute("aria-label").startswith("Kaffebrenneriet,"))
        bb.wait_for(d, lambda: pin(), message="no pin")
        card = d.find_element(By.CSS_SELECTOR, f".place-list--favorites .place-card[data-id='{favorite['id']}']")
        d.execute_script("arguments[0].focus()", card.find_element(By.CSS_SELECTOR, "a"))
        bb.wait_for(d, lambda: "is-highlighted" in pin().get_attribute("class"), message="the pin is not lifted")
        d.execute_script("arguments[0].blur()", card.find_element(By.CSS_SELECTOR, "a"))
        bb.wait_for(d, lambda: "is-highlighted" not in pin().get_attribute("class"), message="the pin is not put back")
        pin().click()
        bb.wait_for(d, lambda: "place-card--active" in card.get_attribute("class"), message="the card is not marked")
        box = d.execute_script(RECT, card)
        self.assertTrue(0 <= box["top"] and box["bottom"] <= 900, "the card is not in view")


if __name__ == "__main__":
    unittest.main()
