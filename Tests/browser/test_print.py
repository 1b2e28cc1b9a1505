"""The print stylesheet in Chromium's print media emulation: the list page (once
its script is ready), "Mine steder", a detail page and the `sitegen share` file
print as a plain guide — white paper and dark text (also from dark mode), no
controls, no skip link, no map, no loading state, no pagination, no animation,
no shadows, cards kept whole, the header as plain text, and the address of every
outside link (map services, attribution) after its text but not of the site's
own links. Also prints each page to PDF (set BEACON_PRINT_DIR=folder to keep them)."""
import base64
import os
import re
import subprocess
import tempfile
import unittest
from urllib.parse import urlparse

from selenium.webdriver.common.by import By

import beacon_browser as bb

# What must not print; each is looked up on the page where it exists.
SCREEN_ONLY = [
    ".skip-link", ".site-nav", ".brand__icon",
    "#explorer-bar", "nav.chips", "#explorer-filters-button", "#explorer-filters", "#explorer-view",
    "#explorer-status", "#explorer-more-button", "#explorer-map", ".pagination", ".about__download",
    "#explorer-open-now", "#explorer-search", "#explorer-radius", "#explorer-sort", "#explorer-locate", "#explorer-reset",
    ".exports", ".pause-control", ".pause-label", ".steam", ".breadcrumbs", ".open-status", ".open-badge",
    ".outside-radius",
]

# Runs in the page: what print media makes of it.
PRINT_STATE = """
const display = (e) => getComputedStyle(e).display;
const shown = (e) => {
  for (let n = e; n; n = n.parentElement) if (getComputedStyle(n).display === 'none') return false;
  return true;
};
const selectors = arguments[0];
const present = {};
for (const s of selectors) {
  const found = Array.from(document.querySelectorAll(s));
  if (found.length) present[s] = found.filter(shown).length;
}
const all = Array.from(document.querySelectorAll('body *'));
const pseudo = (e, p) => getComputedStyle(e, p);
return {
  screenOnlyShown: present,
  buttonsShown: Array.from(document.querySelectorAll('button, input, select')).filter(shown).map(e => e.outerHTML.slice(0, 80)),
  cards: Array.from(document.querySelectorAll('.place-card')).filter(shown).map(c => ({
      name: c.querySelector('.place-card__name').textContent,
      breakInside: getComputedStyle(c).breakInside,
      height: c.getBoundingClientRect().height})),
  animated: all.filter(e => [e, '::before', '::after'].some(p =>
      (p === e ? getComputedStyle(e) : pseudo(e, p)).animationName !== 'none')).map(e => e.className.baseVal ?? e.className),
  running: document.getAnimations().filter(a => a.playState === 'running').length,
  shadows: all.filter(e => getComputedStyle(e).boxShadow !== 'none').map(e => e.className.baseVal ?? e.className),
  gradientsKept: Array.from(document.querySelectorAll('.svg-defs')).every(e => getComputedStyle(e).display !== 'none'),
  body: [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,
         getComputedStyle(document.documentElement).backgroundColor],
  header: (() => { const h = document.querySelector('.site-header'); if (!h) return null;
           const s = getComputedStyle(h); return [s.backgroundColor, s.backgroundImage, getComputedStyle(h.querySelector('.brand')).color,
           h.querySelector('.brand__title').textContent]; })(),
  textColors: Array.from(document.querySelectorAll('.place-card__name, .place-card__address, h1, .results-count, .site-footer, .place-detail__name'))
      .filter(shown).map(e => getComputedStyle(e).color),
  links: Array.from(document.querySelectorAll('a[href]')).filter(shown).map(a => ({
      href: a.getAttribute('href'), text: a.textContent.trim(), after: getComputedStyle(a, '::after').content,
      card: a.classList.contains('place-card__link')})),
};
"""

WHITE = ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
DARK_TEXT = {"rgb(0, 0, 0)", "rgb(51, 51, 51)"}


class PrintTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.driver = bb.make_driver(width=1280)
        cls.keep = os.environ.get("BEACON_PRINT_DIR")
        cls.share = os.path.join(tempfile.mkdtemp(prefix="beacon-print-"), "mine-steder.html")
        result = subprocess.run([bb.sitegen_binary(), "share", "--site", cls.site.folder, "--output", cls.share, "--quiet"],
                                capture_output=True, text=True, timeout=120)
        cls.share_error = None if result.returncode == 0 else result.stderr

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.driver.get_log("browser")

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        self.assertEqual(bb.console_errors(self.driver), [], "console errors")

    def print_media(self, dark=False):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def state(self):
        return self.driver.execute_script(PRINT_STATE, SCREEN_ONLY)

    def pdf(self, name):
        """Prints the page to A4 PDF; returns the number of pages (and keeps the file if asked)."""
        result = self.driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": True})
        data = base64.b64decode(result["data"])
        self.assertTrue(data.startswith(b"%PDF"))
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
            with open(os.path.join(self.keep, name + ".pdf"), "wb") as f:
                f.write(data)
        return len(re.findall(rb"/Type\s*/Page(?!s)", data))

    def assert_prints_clean(self, state, where):
        self.assertEqual({s: n for s, n in state["screenOnlyShown"].items() if n}, {}, f"screen-only parts print on {where}")
        self.assertEqual(state["buttonsShown"], [], f"controls print on {where}")
        self.assertEqual(state["animated"], [], f"animations in print on {where}")
        self.assertEqual(state["running"], 0, f"running animations in print on {where}")
        self.assertEqual(state["shadows"], [], f"shadows in print on {where}")
        self.assertTrue(state["gradientsKept"], f"the stars' gradients are display: none on {where}, so the stars print empty")
        self.assertEqual(state["body"][0], "rgb(255, 255, 255)", f"paper is not white on {where}")
        self.assertIn(state["body"][1], DARK_TEXT, where)
        self.assertTrue(set(state["textColors"]) <= DARK_TEXT, f"light or coloured text on {where}: {set(state['textColors'])}")
        if state["header"] is not None:
            background, image, brand, title = state["header"]
            self.assertIn(background, WHITE, f"the header keeps its dark band on {where}")
            self.assertEqual(image, "none")
            self.assertIn(brand, DARK_TEXT)
            self.assertTrue(title)
        for card in state["cards"]:
            self.assertEqual(card["breakInside"], "avoid", f"{card['name']} may be split across pages")
            self.assertGreater(card["height"], 0)
        outside = [a for a in state["links"] if urlparse(a["href"]).scheme in ("http", "https")]
        self.assertTrue(outside, f"no outside link on {where} (the attribution at least)")
        for link in outside:
            self.assertIn(f"({link['href']})", link["after"], f"{link['text']!r} prints without its address on {where}")
        for link in state["links"]:
            if urlparse(link["href"]).scheme not in ("http", "https"):
                self.assertEqual(link["after"], "none", f"the site's own link {link['href']} prints its address on {where}")

    def test_list_page(self):
        d = self.driver
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                bb.set_media(d, dark=dark)
                d.get(self.site.url("index.html"))
                d.execute_script("localStorage.clear(); sessionStorage.clear()")
                d.get(self.site.url("index.html"))
                bb.wait_ready(d)
                self.print_media(dark)
                state = self.state()
                self.assert_prints_clean(state, "the list page")
                # Every listed place prints, whole, in the script's order.
                self.assertEqual([c["name"] for c in state["cards"]], bb.visible_names(d))
                self.assertEqual(len(state["cards"]), len(bb.within_radius(self.site.places)))
                self.assertTrue(any(a["href"].startswith("https://www.openstreetmap.org/") for a in state["links"]))
                self.assertTrue(all(a["after"] == "none" for a in state["links"] if a["card"]))
                # The count of places stays; the controls' area is gone.
                self.assertTrue(d.find_element(By.ID, "results-count").is_displayed())
                for control in ("explorer-bar", "explorer-view", "explorer-map", "explorer-locate"):
                    self.assertEqual(d.execute_script("return getComputedStyle(document.getElementById(arguments[0])).display", control), "none")
                self.assertGreaterEqual(self.pdf(f"list-{'dark' if dark else 'light'}"), 1)
        bb.set_media(d)

    def open_list_of_cafes(self):
        """The cafés' explorer from a clean state, searched for "karl"; returns the names shown."""
        d = self.driver
        bb.set_media(d)
        d.get(self.site.url("kafeer/index.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        d.get(self.site.url("kafeer/index.html"))
        bb.wait_ready(d)
        d.find_element(By.ID, "explorer-search").send_keys("a\n")
        return bb.visible_names(d)

    def test_list_page_prints_what_the_reader_filtered(self):
        shown = self.open_list_of_cafes()
        self.print_media()
        state = self.state()
        self.assert_prints_clean(state, "the filtered list page")
        self.assertEqual([c["name"] for c in state["cards"]], shown)

    def test_printed_from_the_map_view_the_list_prints(self):
        d = self.driver
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        self.addCleanup(d.execute_cdp_cmd, "Emulation.clearDeviceMetricsOverride", {})
        expected = self.open_list_of_cafes()
        bb.by_name(d, "button", "Kart").click()
        self.assertFalse(d.find_element(By.ID, "place-list").is_displayed())
        self.print_media()
        d.execute_script("window.dispatchEvent(new Event('beforeprint'))")
        state = self.state()
        self.assert_prints_clean(state, "the list page printed from the map view")
        self.assertEqual([c["name"] for c in state["cards"]], expected)
        self.assertGreaterEqual(self.pdf("list-from-map"), 1)
        d.execute_script("window.dispatchEvent(new Event('afterprint'))")
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        self.assertFalse(d.find_element(By.ID, "place-list").is_displayed())
        self.assertTrue(d.find_element(By.ID, "explorer-map").is_displayed())

    def test_favorites_page(self):
        d = self.driver
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                bb.set_media(d, dark=dark)
                d.get(self.site.url("favoritter/index.html"))
                self.print_media(dark)
                state = self.state()
                self.assert_prints_clean(state, "the favorites page")
                favorites = {r["name"] for r in self.site.places if r["favorite"]}
                self.assertEqual({c["name"] for c in state["cards"]}, favorites)
                self.assertGreaterEqual(self.pdf(f"favorites-{'dark' if dark else 'light'}"), 1)
        bb.set_media(d)

    def test_detail_page_map_links_print_their_addresses(self):
        d = self.driver
        bb.set_media(d)
        d.get(self.site.url(self.site.detail_path("Ærfugl Kafé")))  # the café: steam and its pause switch
        self.print_media()
        state = self.state()
        self.assert_prints_clean(state, "a detail page")
        by_text = {a["text"]: a for a in state["links"]}
        for name, host in (("Åpne i Apple Maps", "maps.apple.com"), ("Google Maps", "www.google.com"), ("OpenStreetMap", "www.openstreetmap.org")):
            link = by_text[name]
            self.assertEqual(urlparse(link["href"]).hostname, host)
            self.assertEqual(link["after"], f'" ({link["href"]})"')
        # The buttons became plain links: no filled background.
        backgrounds = d.execute_script(
            "return Array.from(document.querySelectorAll('.actions a'), a => getComputedStyle(a).backgroundColor)")
        self.assertTrue(set(backgrounds) <= set(WHITE), backgrounds)
        self.assertGreaterEqual(self.pdf("detail-cafe"), 1)

    def test_share_file_map_links_print_their_addresses(self):
        if self.share_error is not None:
            self.fail(f"sitegen share failed: {self.share_error}")
        d = self.driver
        bb.set_media(d, dark=True)
        d.get("file://" + self.share)
        self.print_media(dark=True)
        state = self.state()
        self.assert_prints_clean(state, "the share file")
        maps = [a for a in state["links"] if urlparse(a["href"]).hostname in ("maps.apple.com", "www.google.com")]
        favorites = [r for r in self.site.places if r["favorite"]]
        self.assertEqual(len(maps), 2 * len(favorites))
        for link in maps:
            self.assertEqual(link["after"], f'" ({link["href"]})"')
        self.assertGreaterEqual(self.pdf("share"), 1)
        bb.set_media(d)


if __name__ == "__main__":
    unittest.main()
