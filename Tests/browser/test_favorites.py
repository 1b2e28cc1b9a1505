"""«Mine steder» in a real browser: the explorer's map with the favorites' pins (and only
theirs), and «Del siden»: the Web Share API where the browser has it, else the page's link
copied with a message a screen reader hears; no button without script."""
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

PAGE = "favoritter/index.html"

# Replaces the browser's share and clipboard with recorders (the test cannot press a system
# sheet). `share`: true keeps a navigator.share, false takes it away.
STUB = """
const [share] = arguments;
window.__shared = [];
window.__copied = [];
if (share) {
  navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
  navigator.canShare = () => true;
} else {
  Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
}
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: {
  writeText: (text) => { window.__copied.push(text); return Promise.resolve(); } } });
"""


class FavoritesPageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.favorites = [r for r in cls.site.places if r["favorite"]]
        cls.driver = bb.make_driver(width=1280, height=900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.driver.get(self.site.url(PAGE))
        bb.wait_for(self.driver, lambda: self.driver.execute_script(
            "const m = document.querySelector('.favorites-map'); return !!m && m.dataset.ready === 'true';"),
            10, "the favorites' map was not drawn")
        self.driver.get_log("browser")

    def tearDown(self):
        self.assertEqual(bb.console_errors(self.driver), [], "console errors on «Mine steder»")

    def test_the_map_shows_the_favorites_and_only_them(self):
        d = self.driver
        canvas = d.find_element(By.ID, "favorites-map")
        self.assertTrue(canvas.is_displayed())
        self.assertGreater(canvas.size["height"], 200)
        self.assertEqual(d.find_element(By.CSS_SELECTOR, ".favorites-map").get_attribute("aria-label"), "Kart over favorittene")
        ids = d.execute_script("return window.BeaconFavoritesMap.placeIds()")
        self.assertEqual(sorted(ids), sorted(r["id"] for r in self.favorites))
        # Every favorite (one 2.5 km out) is in view.
        inside = d.execute_script(
            "const map = window.BeaconFavoritesMap.map(); const b = map.getBounds();"
            "return arguments[0].map((p) => b.contains([p[0], p[1]]));", [[r["lat"], r["lon"]] for r in self.favorites])
        self.assertEqual(inside, [True] * len(self.favorites))

    def test_a_short_list_names_its_lone_pins_at_the_zoom_it_opens_on(self):
        """Five favorites, one 2.5 km out: the map opens below street zoom, where the explorer names no pin;
        «Mine steder» names its lone pins there, as a guide's map does."""
        d = self.driver
        self.wait_still()
        self.assertLess(d.execute_script("return window.BeaconFavoritesMap.map().getZoom()"), 15)
        names = lambda: d.execute_script(
            "return Array.from(document.querySelectorAll('#favorites-map .map-pin__name:not([hidden])'),"
            " (n) => n.textContent);")
        bb.wait_for(d, lambda: len(names()) >= 1, 10, "no favorite's pin is named")
        favorites = {r["name"] for r in self.favorites}
        self.assertTrue(set(names()) <= favorites, names())

    def wait_still(self, timeout=10):
        """Until no zoom or cluster animation is under way and every marker stands where it stood 0.1 s before."""
        snapshot = ("const map = window.BeaconFavoritesMap.map();"
                    "if (map._animatingZoom || document.querySelector('#favorites-map .leaflet-cluster-anim')) return null;"
                    "return Array.from(document.querySelectorAll('#favorites-map .leaflet-marker-icon'),"
                    " e => { const r = e.getBoundingClientRect(); return [r.x, r.y, getComputedStyle(e).opacity].join(); }).join(';');")
        last = None
        for _ in range(int(timeout * 10)):
            now = self.driver.execute_script(snapshot)
            if now is not None and now == last:
                return
            last = now
            bb.pause(0.1)
        self.fail("the favorites' map kept moving")

    def test_a_pin_opens_the_card_of_its_place(self):
        d = self.driver
        zeppelin = next(r for r in self.favorites if r["name"] == "Zeppelin Bar")
        d.execute_script("window.BeaconFavoritesMap.map().setView([arguments[0], arguments[1]], 18, {animate: false})",
                         zeppelin["lat"], zeppelin["lon"])
        self.wait_still()
        pin = bb.wait_for(d, lambda: next((e for e in d.find_elements(By.CSS_SELECTOR, "#favorites-map .map-pin-icon")
                                           if (e.get_attribute("aria-label") or "").startswith("Zeppelin Bar")), None), 10)
        # Named with its category, distance and rating, and it carries the star.
        self.assertEqual(pin.get_attribute("aria-label").replace("\xa0", " "),
                         "Zeppelin Bar, Restaurant · 490 m, Vurdering: 4,5 av 5, 2 vurderinger")
        self.assertTrue(pin.find_elements(By.CSS_SELECTOR, ".map-pin__star"))
        pin.click()
        card = bb.wait_for(d, lambda: next(iter(d.find_elements(By.CSS_SELECTOR, "#favorites-map .map-card")), None), 10)
        # The card fades in: its text is visible once it has.
        bb.wait_for(d, lambda: card.find_element(By.CSS_SELECTOR, ".map-card__name").text, 5, "the card shown")
        self.assertEqual(card.find_element(By.CSS_SELECTOR, ".map-card__name").text, "Zeppelin Bar")
        link = card.find_element(By.CSS_SELECTOR, "a.map-card__link")
        link.click()
        bb.wait_for(d, lambda: d.current_url == self.site.url(self.site.detail_path("Zeppelin Bar")), 10)

    def test_share_uses_the_web_share_api_where_there_is_one(self):
        d = self.driver
        d.execute_script(STUB, True)
        button = bb.by_name(d, "button", "Del siden")
        self.assertTrue(button.is_displayed())
        button.click()
        shared = bb.wait_for(d, lambda: d.execute_script("return window.__shared.length ? window.__shared : null"))
        self.assertEqual(shared, [{"title": d.title, "url": self.site.url(PAGE)}])
        self.assertEqual(d.execute_script("return window.__copied"), [])
        self.assertEqual(d.find_element(By.ID, "share-status").text, "", "the share sheet speaks for itself")

    def test_share_copies_the_link_and_says_so_without_the_web_share_api(self):
        d = self.driver
        d.execute_script(STUB, False)
        status = d.find_element(By.ID, "share-status")
        self.assertEqual(status.get_attribute("role"), "status")
        bb.by_name(d, "button", "Del siden").click()
        bb.wait_for(d, lambda: status.text == "Lenken til siden er kopiert.")
        self.assertEqual(d.execute_script("return window.__copied"), [self.site.url(PAGE)])
        # Pressed again, it says so again (emptied, then filled).
        d.execute_script("document.getElementById('share-status').textContent = 'x'")
        bb.by_name(d, "button", "Del siden").click()
        bb.wait_for(d, lambda: status.text == "Lenken til siden er kopiert.")
        self.assertEqual(len(d.execute_script("return window.__copied")), 2)

    def test_a_refused_copy_shows_the_link(self):
        d = self.driver
        d.execute_script(STUB, False)
        d.execute_script("navigator.clipboard.writeText = () => Promise.reject(new Error('no'));"
                         "document.execCommand = () => false;")
        bb.by_name(d, "button", "Del siden").click()
        status = d.find_element(By.ID, "share-status")
        bb.wait_for(d, lambda: status.text.startswith("Fikk ikke kopiert lenken."))
        self.assertIn(self.site.url(PAGE), status.text)

    def test_a_closed_share_sheet_says_nothing_and_copies_nothing(self):
        d = self.driver
        d.execute_script(STUB, True)
        d.execute_script("navigator.share = () => Promise.reject(new DOMException('closed', 'AbortError'))")
        bb.by_name(d, "button", "Del siden").click()
        bb.pause(0.3)
        self.assertEqual(d.find_element(By.ID, "share-status").text, "")
        self.assertEqual(d.execute_script("return window.__copied"), [])


class DetailShareTests(unittest.TestCase):
    """A place's page shares itself the same way: «Del», last in its row of actions."""

    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.driver = bb.make_driver(width=390, height=844)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def test_del_shares_the_place_or_copies_its_link(self):
        d = self.driver
        path = self.site.detail_path("Zeppelin Bar")
        d.get(self.site.url(path))
        button = d.find_element(By.CSS_SELECTOR, ".actions #share-page")
        bb.wait_for(d, lambda: button.is_displayed(), message="shown by the script")
        self.assertEqual(button.accessible_name, "Del")
        d.execute_script(STUB, True)
        button.click()
        shared = bb.wait_for(d, lambda: d.execute_script("return window.__shared.length ? window.__shared : null"))
        self.assertEqual(shared, [{"title": d.title, "url": self.site.url(path)}])
        d.execute_script(STUB, False)
        button.click()
        bb.wait_for(d, lambda: d.find_element(By.ID, "share-status").text == "Lenken til siden er kopiert.")
        self.assertEqual(d.execute_script("return window.__copied"), [self.site.url(path)])
        self.assertEqual(bb.console_errors(d), [])


class WithoutScriptTests(unittest.TestCase):
    def test_no_share_button_and_no_map_without_script(self):
        site = bb.site()
        driver = bb.make_driver(width=390, height=844)
        try:
            driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
            driver.get(site.url(PAGE))
            self.assertFalse(driver.find_element(By.ID, "share-page").is_displayed())
            self.assertFalse(driver.find_element(By.CSS_SELECTOR, ".favorites-map").is_displayed())
            # The list is all there.
            names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".place-card__name")]
            self.assertEqual(sorted(names), sorted(r["name"] for r in site.places if r["favorite"]))
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
