"""A place's page on a phone (390×844) in a real browser, as issue #59 asks: the owner's note under the
name, the coordinates with the map links, today's line of the hours marked on the guide's clock (bold,
with «i dag» in words, light and dark), the distance line beside the small symbol over a photo (never
wrapping under it, with a long centre name), and the star's average in words («4,5 av 5»). The page
passes axe in both schemes, and the W3C checker when VNU_JAR is set."""
import datetime
import os
import subprocess
import unittest
import zoneinfo

from selenium.webdriver.common.by import By

import beacon_browser as bb
from test_hours import FAKE_CLOCK
from test_photos import png

PLACES = os.path.join(bb.REPO, "Tests", "Fixtures", "messy-edinburgh.geojson")
# Long enough that «Restaurant · Indisk · 480 m fra …» takes lines beside the symbol on a phone.
CENTRE = "Edinburgh Waverley, inngangen fra Princes Street"
SETTINGS = {"format": 1, "basemap": "none", "radiusKm": 5,
            "center": {"lat": 55.952, "lon": -3.1895, "label": CENTRE}}
PLACE = "Dishoom"  # Mo-Fr 08:00-23:00; Sa,Su 09:00-23:00 (the fixture's hours)
NOTE = "Spør etter **bordet ved vinduet**."
# A Friday evening in Edinburgh (GMT) that is already Saturday in Auckland, the reader's zone.
FRIDAY_NIGHT = datetime.datetime(2026, 12, 4, 23, 30, tzinfo=datetime.timezone.utc)


def sitegen(folder, *args):
    result = subprocess.run([bb.sitegen_binary(), *args, "--site", folder], capture_output=True, text=True,
                            timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"sitegen {' '.join(args)} failed: {result.stdout}\n{result.stderr}")
    return result.stdout


class DetailPageTests(bb.SiteFolderTestCase):
    @classmethod
    def setUpClass(cls):
        import json
        cls.folder = bb.new_site_folder("beacon-detail-")
        with open(os.path.join(cls.folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
            json.dump(SETTINGS, f, ensure_ascii=False)
        bb.build(cls.folder, PLACES)
        photo = os.path.join(cls.folder, "..", f"detail-photo-{os.getpid()}.png")
        with open(photo, "wb") as f:
            f.write(png(1200, 900, (200, 120, 60), (240, 200, 150)))
        try:
            sitegen(cls.folder, "photo", "add", PLACE, photo, "--alt", "Disken")
        finally:
            os.unlink(photo)
        sitegen(cls.folder, "rate", PLACE, "4")
        sitegen(cls.folder, "rate", PLACE, "5")
        sitegen(cls.folder, "place", "edit", PLACE, "--note", NOTE)
        cls.output = bb.build(cls.folder, PLACES)
        cls.server = bb.Server(cls.output)
        cls.driver = bb.phone_driver()
        cls.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Auckland"})
        cls.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": FAKE_CLOCK % int(FRIDAY_NIGHT.timestamp() * 1000)})

    def setUp(self):
        bb.set_media(self.driver)

    def tearDown(self):
        bb.set_media(self.driver)
        super().tearDown()

    def open(self):
        d = self.driver
        slug = next(name for name in os.listdir(os.path.join(self.output, "steder")) if name.startswith("dishoom-"))
        d.get(self.server.url(f"steder/{slug}/index.html"))
        bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete")
        return d

    def box(self, selector):
        return self.driver.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};", selector)

    def test_the_note_stands_under_the_name(self):
        self.open()
        name, note, facts = self.box(".place-detail__name"), self.box(".owner-note"), self.box(".facts")
        actions = self.box(".actions")
        self.assertGreaterEqual(note["top"], name["bottom"])
        self.assertLess(note["bottom"], actions["top"], "the note stands before the actions")
        self.assertLess(note["bottom"], facts["top"])
        # In view without scrolling, under the photo and the name.
        self.assertLess(note["top"], 844)
        text = self.driver.find_element(By.CSS_SELECTOR, ".owner-note .comment").text
        self.assertEqual(text, "Spør etter bordet ved vinduet.")

    def test_the_coordinates_stand_with_the_map_links(self):
        d = self.open()
        rows = d.execute_script("""
            return Array.from(document.querySelectorAll('.facts__row'), row => ({
              term: row.querySelector('dt').textContent, text: row.querySelector('dd').textContent}));""")
        terms = [row["term"] for row in rows]
        self.assertNotIn("Koordinater", terms)
        maps = next(row for row in rows if row["term"] == "Kart")
        self.assertIn("Google Maps", maps["text"])
        self.assertRegex(maps["text"], r"Koordinater: 55,\d{4}°\u00a0N, 3,\d{4}°\u00a0V")
        links, coordinates = self.box(".map-links"), self.box(".map-links__coordinates")
        self.assertGreaterEqual(coordinates["top"], links["bottom"] - 1)

    def test_todays_line_of_the_hours_is_marked_on_the_guides_clock(self):
        d = self.open()
        zone = d.execute_script("return document.documentElement.dataset.timeZone")
        self.assertEqual(zone, "Europe/London")
        # Friday there (Saturday for the reader in Auckland): the weekdays' line.
        self.assertEqual(FRIDAY_NIGHT.astimezone(zoneinfo.ZoneInfo(zone)).weekday(), 4)
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                bb.set_media(d, dark=dark)
                lines = bb.wait_for(d, lambda: d.execute_script("""
                    const lines = Array.from(document.querySelectorAll('.hours li'));
                    if (!lines.some(li => li.classList.contains('hours__today'))) return null;
                    return lines.map(li => {
                      const label = li.querySelector('.hours__today-label');
                      const style = label && getComputedStyle(label);
                      return {text: li.textContent, current: li.getAttribute('aria-current'),
                              weight: Number(getComputedStyle(li).fontWeight),
                              label: label && label.textContent, labelColor: style && style.color,
                              labelBorder: style && style.borderTopColor,
                              background: getComputedStyle(document.body).backgroundColor};
                    });"""), message="today's line marked")
                self.assertEqual([line["current"] for line in lines], ["date", None])
                self.assertEqual(lines[0]["text"], "mandag–fredag 08:00–23:00 i dag")
                self.assertEqual(lines[0]["label"], "i dag")
                self.assertGreaterEqual(lines[0]["weight"], 700)
                self.assertLess(lines[1]["weight"], 700)
                # The label is drawn in the text's colour (a border and words, not a colour alone).
                self.assertEqual(lines[0]["labelBorder"], lines[0]["labelColor"])
                self.assertNotEqual(lines[0]["labelColor"], lines[0]["background"])
                violations = bb.run_axe(d)
                self.assertEqual(violations, [], bb.format_violations(violations))

    def test_the_distance_line_keeps_beside_the_symbol(self):
        d = self.open()
        symbol = self.box(".hero--compact")
        lines = d.execute_script("""
            const lead = document.querySelector('.place-detail__lead');
            const range = document.createRange();
            range.selectNodeContents(lead);
            return Array.from(range.getClientRects(), r => ({left: r.left, top: r.top, bottom: r.bottom}));""")
        self.assertGreater(len({round(line["top"]) for line in lines}), 1, "the long centre wraps the line")
        for line in lines:
            self.assertGreaterEqual(line["left"], symbol["right"], f"a line wraps under the symbol: {lines}")
        lead = d.find_element(By.CSS_SELECTOR, ".place-detail__lead").text
        self.assertIn(f"fra {CENTRE}", lead.replace("\n", " "))
        name = self.box(".place-detail__name")
        self.assertGreaterEqual(name["left"], symbol["right"])

    def test_the_star_says_its_average(self):
        d = self.open()
        rating = d.find_element(By.CSS_SELECTOR, ".place-detail__badges .rating")
        self.assertEqual(rating.find_element(By.CSS_SELECTOR, ".rating__text").text, "4,5 av 5 · 2 vurderinger")
        label = rating.find_element(By.CSS_SELECTOR, ".visually-hidden").get_attribute("textContent")
        self.assertEqual(label, "Vurdering: 4,5 av 5, 2 vurderinger")
        entries = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".rating-entry .rating__text")]
        self.assertEqual(entries, ["5", "4"])

    def test_a_wide_page_keeps_the_summary_in_view_only_where_it_fits(self):
        # The note made the left column taller (photo, name, note, actions): stuck to the top of a low
        # window, its actions would stay below the screen until the page's end.
        d = self.driver
        try:
            for height in (720, 900):
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": 1280, "height": height, "deviceScaleFactor": 1, "mobile": False})
                self.open()
                summary = d.execute_script("""
                    const s = document.querySelector('.place-detail__summary');
                    return {position: getComputedStyle(s).position, top: parseFloat(getComputedStyle(s).top) || 0,
                            height: s.getBoundingClientRect().height, window: innerHeight};""")
                with self.subTest(height=height, summary=summary):
                    if summary["position"] == "sticky":
                        self.assertLessEqual(summary["top"] + summary["height"], summary["window"])
                    else:
                        self.assertGreater(summary["top"] + summary["height"], 0)
        finally:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})

    @unittest.skipUnless(os.environ.get("VNU_JAR"), "the W3C checker is not set up (VNU_JAR)")
    def test_the_page_is_valid_html(self):
        slug = next(name for name in os.listdir(os.path.join(self.output, "steder")) if name.startswith("dishoom-"))
        checked = subprocess.run(["java", "-jar", os.environ["VNU_JAR"], "--errors-only",
                                  os.path.join(self.output, "steder", slug, "index.html")],
                                 capture_output=True, text=True, timeout=300)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)


if __name__ == "__main__":
    unittest.main()
