"""Every page kind in a real browser: no console errors and no request to any
other host; the detail pages' category animations as SPEC.md describes them
(and still under prefers-reduced-motion); the rating star's fill."""
import base64
import html as html_module
import os
import re
import unittest
from urllib.parse import urlparse

from selenium.webdriver.common.by import By

import beacon_browser as bb

DETAIL = {"restaurant": "Zeppelin Bar", "cafe": "Ærfugl Kafé", "hotel": "Aas Gjestgiveri"}


class PageTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.driver = bb.make_driver(network_log=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        bb.set_media(self.driver)
        self.driver.get_log("browser")
        self.driver.get_log("performance")

    def open(self, path):
        self.driver.get(self.site.url(path))


class ConsoleAndNetworkTests(PageTestCase):
    def pages(self):
        yield "index.html"
        yield "restauranter/index.html"
        yield "kafeer/index.html"
        yield "hoteller/index.html"
        yield "favoritter/index.html"
        yield "404.html"
        for name in DETAIL.values():
            yield self.site.detail_path(name)
        yield self.site.detail_path("Mat <&> Drikke")

    def check_clean(self, path, dark=False):
        d = self.driver
        bb.set_media(d, dark=dark)
        d.get_log("browser")
        d.get_log("performance")
        self.open(path)
        if path in ("index.html", "kafeer/index.html"):
            bb.wait_ready(d)
            d.find_element(By.ID, "explorer-search").send_keys("qqq\n")
            d.find_element(By.ID, "explorer-filters-button").click()
            bb.by_name(d, "button", "Bare favoritter").click()
            bb.by_name(d, "button", "Nullstill").click()
        errors = bb.console_errors(d)
        self.assertEqual(errors, [], f"console errors on {path}")
        requests = bb.network_requests(d)
        self.assertTrue(requests, f"no requests recorded for {path}")
        foreign = [u for u in requests if urlparse(u).scheme not in ("data", "blob") and urlparse(u).hostname != "127.0.0.1"]
        self.assertEqual(foreign, [], f"requests to other hosts from {path}")
        self.assertTrue(any(u.endswith("/assets/beacon.css") for u in requests), f"stylesheet not loaded on {path}")

    def test_no_console_errors_and_no_other_hosts_on_any_page(self):
        for path in self.pages():
            for dark in (False, True):
                with self.subTest(path=path, dark=dark):
                    self.check_clean(path, dark=dark)

    def test_only_the_explorer_pages_load_the_script(self):
        # The explorer's script (front page and category pages), after the modules it uses:
        # opening hours ("Åpent nå") and the search and order rules (beacon-query.js); a detail
        # page loads the opening-hours script only when the place has opening hours and is not a
        # hotel, the map's, and the share button's (its «Del»).
        # (Hours the guide cannot read claim no status: those pages do without the hours script.)
        with_hours = {self.site.detail_path(r["name"]) for r in self.site.places
                      if bb.HOURS.get(r["osm"], bb.DEFAULT_HOURS) and r["category"] != "hotel"
                      and r["osm"] not in bb.HOURS_NOT_UNDERSTOOD}
        for path in self.pages():
            with self.subTest(path=path):
                self.open(path)
                scripts = self.driver.execute_script(
                    "return Array.from(document.scripts, s => [s.getAttribute('src'), s.defer, s.type]);")
                external = [s for s in scripts if s[0]]
                # Leaflet and its clustering (from Debian's packages) and our map code come before beacon.js.
                explorer = ["assets/beacon-hours.js", "assets/beacon-query.js", "assets/leaflet/leaflet.js",
                            "assets/leaflet/leaflet.markercluster.js", "assets/beacon-basemap.js", "assets/beacon-map.js",
                            "assets/beacon.js"]
                place = ["assets/leaflet/leaflet.js", "assets/leaflet/leaflet.markercluster.js", "assets/beacon-basemap.js",
                         "assets/beacon-map.js", "assets/beacon-share.js"]
                # The texts in the page's language come first: every script of ours reads them.
                self.assertTrue(external[0][0].endswith("assets/beacon-text.js"), external)
                own = [s[0] for s in external if not s[0].endswith(("beacon-offline.js", "beacon-text.js"))]
                self.assertTrue(all(s[1] and s[2] == "" for s in external), external)
                if path == "index.html":
                    self.assertEqual(own, explorer)
                elif path.endswith("/index.html") and path.count("/") == 1 and not path.startswith("favoritter"):
                    self.assertEqual(own, ["../" + s for s in explorer])
                elif path.startswith("steder/"):
                    hours = ["assets/beacon-hours.js"] if path in with_hours else []
                    self.assertEqual(own, ["../../" + s for s in hours + place])
                elif path == "favoritter/index.html":
                    # «Mine steder»: the favorites' map and the share button.
                    self.assertEqual(own, ["../" + s for s in place])
                elif path == "404.html":
                    # The way on from an old address (test_addresses), at the root whatever the depth.
                    self.assertEqual(own, ["/assets/beacon-moved.js"])
                else:
                    self.assertEqual(own, [])


class AnimationTests(PageTestCase):
    def computed(self, selector):
        return self.driver.execute_script("""
            return Array.from(document.querySelectorAll(arguments[0]), e => {
              const s = getComputedStyle(e);
              return {name: s.animationName, duration: s.animationDuration, timing: s.animationTimingFunction,
                      iterations: s.animationIterationCount, delay: s.animationDelay, state: s.animationPlayState};
            });""", selector)

    def keyframes(self, name):
        """The @keyframes rule's frames as [offset, {property: value}] from the stylesheet."""
        return self.driver.execute_script("""
            for (const sheet of document.styleSheets) {
              for (const rule of sheet.cssRules) {
                if (rule.type === CSSRule.KEYFRAMES_RULE && rule.name === arguments[0]) {
                  return Array.from(rule.cssRules, f => [f.keyText, Object.fromEntries(
                    Array.from(f.style, p => [p, f.style.getPropertyValue(p).trim()]))]);
                }
              }
            }
            return null;""", name)

    def running_animations(self):
        return self.driver.execute_script(
            "return document.getAnimations().filter(a => a.playState === 'running').map(a => a.animationName);")

    def test_restaurant_rotates_once_over_one_second_ease_in_out(self):
        self.open(self.site.detail_path(DETAIL["restaurant"]))
        [symbol] = self.computed(".hero__symbol")
        self.assertEqual((symbol["name"], symbol["duration"], symbol["timing"], symbol["iterations"]),
                         ("beacon-rotate", "1s", "ease-in-out", "1"))
        frames = dict(self.keyframes("beacon-rotate"))
        self.assertEqual(frames["0%"]["transform"], "rotate(0deg)")
        self.assertEqual(frames["100%"]["transform"], "rotate(360deg)")

    def test_cafe_steam_rises_and_fades_ease_out_forever_staggered(self):
        self.open(self.site.detail_path(DETAIL["cafe"]))
        particles = self.computed(".steam__particle")
        self.assertEqual(len(particles), 3)
        for particle in particles:
            self.assertEqual((particle["name"], particle["timing"], particle["iterations"]),
                             ("beacon-steam", "ease-out", "infinite"))
        self.assertEqual(len({p["delay"] for p in particles}), 3, "the particles are not staggered")
        frames = dict(self.keyframes("beacon-steam"))
        self.assertEqual(frames["0%"]["opacity"], "1")
        self.assertEqual(frames["100%"]["opacity"], "0")
        self.assertIn("translateY(", frames["100%"]["transform"])
        # WCAG 2.2.2: a visible control pauses it: a small round icon button on the symbol's edge, not among
        # the page's actions; its name says what it does.
        pause = self.driver.find_element(By.CSS_SELECTOR, ".pause-control input[type=checkbox]")
        self.assertIn("Stopp dampen", pause.accessible_name)
        label = self.driver.find_element(By.CSS_SELECTOR, "label[for=pause-animation]")
        stage = self.driver.find_element(By.CSS_SELECTOR, ".hero__stage")
        self.assertTrue(label.is_displayed())
        self.assertTrue(24 <= label.rect["height"] <= 40 and 24 <= label.rect["width"] <= 40, label.rect)
        centre = (label.rect["x"] + label.rect["width"] / 2, label.rect["y"] + label.rect["height"] / 2)
        box = stage.rect
        self.assertTrue(box["x"] <= centre[0] <= box["x"] + box["width"] + 4
                        and box["y"] <= centre[1] <= box["y"] + box["height"] + 4, "the switch is not on the symbol")
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, ".actions .pause-control"))
        icons = lambda: [e.is_displayed() for e in label.find_elements(By.CSS_SELECTOR, "svg.icon")]
        self.assertEqual(icons(), [True, False], "pause shows while the steam runs")
        label.click()
        self.assertTrue(pause.is_selected())
        self.assertEqual({p["state"] for p in self.computed(".steam__particle")}, {"paused"})
        self.assertEqual(icons(), [False, True], "play shows once paused")

    def test_hotel_springs_in_from_half_size_with_overshoot(self):
        self.open(self.site.detail_path(DETAIL["hotel"]))
        [symbol] = self.computed(".hero__symbol")
        self.assertEqual((symbol["name"], symbol["iterations"]), ("beacon-spring", "1"))
        self.assertGreater(float(symbol["duration"].rstrip("s")), 0)
        frames = dict(self.keyframes("beacon-spring"))
        self.assertEqual(frames["0%"]["transform"], "scale(0.5)")
        self.assertEqual(frames["100%"]["transform"], "scale(1)")
        self.assertTrue(symbol["timing"].startswith("linear("), symbol["timing"])
        outputs = [float(part.strip().split()[0]) for part in symbol["timing"][len("linear("):-1].split(",")]
        self.assertGreater(max(outputs), 1.0, "no overshoot in the spring")

    def test_reduced_motion_stops_every_animation(self):
        for category, name in DETAIL.items():
            with self.subTest(category=category):
                bb.set_media(self.driver, reduced_motion=True)
                self.open(self.site.detail_path(name))
                for selector in (".hero__symbol", ".steam__particle"):
                    for style in self.computed(selector):
                        self.assertEqual(style["name"], "none", f"{selector} still animates")
                self.assertEqual(self.running_animations(), [])
                bb.set_media(self.driver, reduced_motion=False)
                self.open(self.site.detail_path(name))
                moving = ".steam__particle" if category == "cafe" else ".hero__symbol"
                self.assertNotEqual(self.computed(moving)[0]["name"], "none")
                self.assertTrue(self.running_animations() or category != "cafe")


class ActionRowTests(bb.BuiltSiteTestCase):
    """A place with every action (directions, call, website, share) in bokmål and English: one row of tiles
    at phone and desktop width, none cut off."""

    PREFIX = "beacon-actions-"
    SETTINGS = {"format": 1, "title": "Handlinger", "radiusKm": 5, "languages": ["nb", "en"],
                "center": {"lat": 59.9111, "lon": 10.7503, "label": "Oslo S"}}
    PLACES = os.path.join(bb.REPO, "Tests", "Fixtures", "every-action.geojson")

    def test_the_actions_share_one_row_on_a_phone_and_a_desktop(self):
        d = self.driver
        page = next(p for p in os.listdir(os.path.join(self.folder, "output", "steder")))
        try:
            for width in (1280, 1024, 700, 320):
                d.set_window_size(width, 900)
                for folder in ("", "en/"):
                    with self.subTest(width=width, language=folder or "nb"):
                        d.get(self.server.url(f"{folder}steder/{page}/index.html"))
                        boxes = d.execute_script(
                            "const row = document.querySelector('.actions');"
                            " const outer = row.getBoundingClientRect();"
                            " return Array.from(row.children).filter(e => !e.hidden).map(e => {"
                            " const b = e.getBoundingClientRect();"
                            " return [Math.round(b.top), b.left >= outer.left - 1 && b.right <= outer.right + 1,"
                            " e.scrollWidth <= e.clientWidth + 1, e.textContent, b.width >= 44 && b.height >= 44]; });")
                        self.assertEqual(len(boxes), 4, boxes)
                        self.assertEqual(len({box[0] for box in boxes}), 1, f"more than one row: {boxes}")
                        self.assertTrue(all(box[1] and box[2] for box in boxes), f"a tile overflows: {boxes}")
                        self.assertTrue(all(box[4] for box in boxes), f"a tile is under 44 px: {boxes}")
        finally:
            d.set_window_size(1280, 900)


class PlaceMapTests(PageTestCase):
    def test_each_place_page_has_a_small_map_of_the_place_and_the_centre(self):
        d = self.driver
        for category, name in DETAIL.items():
            with self.subTest(category=category):
                self.open(self.site.detail_path(name))
                section = bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, ".place-map[data-ready=true]"))[0]
                self.assertEqual(section.get_attribute("aria-label"), f"Kart over {name}")
                canvas = section.find_element(By.CSS_SELECTOR, "#place-map.leaflet-container")
                self.assertEqual(canvas.get_attribute("role"), "region")
                pins = canvas.find_elements(By.CSS_SELECTOR, ".map-pin-icon")
                self.assertEqual([p.get_attribute("aria-label") for p in pins], [name])
                self.assertTrue(pins[0].find_elements(By.CSS_SELECTOR, f".map-pin--{category}"))
                self.assertEqual(canvas.find_element(By.CSS_SELECTOR, ".map-center__label").text, "Oslo S")
                # Both the place and the centre are in view.
                row = next(r for r in self.site.places if r["name"] == name)
                visible = d.execute_script("""
                    const r = (e) => e.getBoundingClientRect(), box = r(arguments[0]);
                    return Array.from(arguments[0].querySelectorAll('.map-pin, .map-center__dot'), e => {
                      const b = r(e); return b.left >= box.left && b.right <= box.right && b.top >= box.top && b.bottom <= box.bottom; });""", canvas)
                self.assertEqual(visible, [True, True], f"{row['name']}: the place and the centre are not both in view")


class StarTests(PageTestCase):
    def star_fill(self, icon):
        """The star `icon` (svg.star): where its full copy ends, and the colours of both copies."""
        return self.driver.execute_script("""
            const [empty, fill] = [arguments[0].querySelector(':scope > .star__shape'), arguments[0].querySelector('.star__fill')];
            if (!empty || !fill) return null;
            return {width: Number(fill.getAttribute('width')), d: empty.getAttribute('d'),
                    empty: getComputedStyle(empty).fill, full: getComputedStyle(fill.querySelector('.star__shape')).fill,
                    star: getComputedStyle(document.documentElement).getPropertyValue('--star').trim()};""", icon)

    def check_fill(self, icon, average, where):
        """Filled to where the star's area (not its width) is average/5: worked out here from the drawn path."""
        fill = self.star_fill(icon)
        self.assertIsNotNone(fill, where)
        corners = star_corners(fill["d"])
        right = max(x for x, _ in corners)
        share = area_left_of(corners, fill["width"]) / area_left_of(corners, right)
        self.assertAlmostEqual(share, average / 5, delta=0.004, msg=where)
        self.assertNotEqual(fill["empty"], fill["full"], where)

    def test_the_script_fills_and_says_any_average(self):
        # BeaconText (the cards and pins the script draws) against this file's own geometry and arithmetic.
        d = self.driver
        self.open("index.html")
        bb.wait_ready(d)
        for average in (1, 2.5, 11 / 3, 4, 13 / 3, 4.5, 14 / 3, 4.95, 5):
            with self.subTest(average=average):
                avg = round(average, 3)  # the page data's `avg`
                icon = d.execute_script(
                    "const icon = BeaconText.starIcon(arguments[0], 'star'); document.body.append(icon); return icon;", avg)
                self.check_fill(icon, average, f"BeaconText.starIcon({avg})")
                d.execute_script("arguments[0].remove()", icon)
                self.assertEqual(d.execute_script("return BeaconText.average(arguments[0])", avg), bb.average_text(average))
        self.assertEqual(bb.average_text(13 / 3), "4,3")
        self.assertEqual(bb.average_text(14 / 3), "4,7")
        self.assertEqual(bb.average_text(4.25), "4,3")
        self.assertEqual(bb.average_text(5), "5,0")

    def test_four_stars_and_five_differ_at_the_smallest_size(self):
        # Screenshots of 20 px stars filled for 3, 4, 4.5 and 5, pairs compared pixel by pixel: 3 and 4, 4 and 5
        # differ in at least a tenth of the star's pixels, 4,5 and 5 in a twentieth, light and dark (filled by
        # width, 4 and 5 differed in 5 %).
        d = self.driver
        self.open("index.html")
        bb.wait_ready(d)
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                bb.set_media(d, dark=dark)
                shots = {}
                for stars in (3, 4, 4.5, 5):
                    rect = d.execute_script("""
                        document.getElementById('star-probe')?.remove();
                        const probe = document.createElement('div');
                        probe.id = 'star-probe';
                        probe.style.cssText = 'position:fixed;left:8px;top:8px;z-index:99999;padding:4px;background:var(--bg)';
                        const icon = BeaconText.starIcon(arguments[0], 'star');
                        icon.style.cssText = 'width:20px;height:20px;display:block';
                        probe.append(icon);
                        document.body.append(probe);
                        const r = icon.getBoundingClientRect();
                        return {x: r.x, y: r.y, width: r.width, height: r.height};""", stars)
                    shot = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {**rect, "scale": 1}})
                    shots[stars] = bb.png_pixels(base64.b64decode(shot["data"]))
                d.execute_script("document.getElementById('star-probe').remove()")
                unlike = lambda p, q: max(abs(x - y) for x, y in zip(p, q)) > 40
                _, _, full = shots[5]
                star_pixels = sum(1 for p in full if unlike(p, full[0]))  # the corner is the background
                self.assertGreater(star_pixels, 60)
                for a, b, share in ((4, 5, 10), (3, 4, 10), (4.5, 5, 20)):
                    differing = sum(1 for p, q in zip(shots[a][2], shots[b][2]) if unlike(p, q))
                    self.assertGreaterEqual(differing, star_pixels // share, f"{a} and {b} stars look alike")
        bb.set_media(d)

    def test_detail_star_fill_matches_the_average(self):
        for row in self.site.places:
            if not row["ratings"]:
                continue
            with self.subTest(place=row["name"]):
                self.open(self.site.detail_path(row["name"]))
                rating = self.driver.find_element(By.CSS_SELECTOR, ".place-detail .rating--long")
                self.check_fill(rating.find_element(By.CSS_SELECTOR, ".star"), row["average"], row["name"])
                count = len(row["ratings"])
                ratings = f"{count} {'vurdering' if count == 1 else 'vurderinger'}"
                average = bb.average_text(row["average"])
                self.assertEqual(rating.find_element(By.CSS_SELECTOR, ".rating__text").text, f"{average} av 5 · {ratings}")
                label = rating.find_element(By.CSS_SELECTOR, ".visually-hidden").get_attribute("textContent")
                self.assertEqual(label, f"Vurdering: {average} av 5, {ratings}")
        # Zeppelin Bar's 5 and 4 are 4,5, not «5 av 5».
        self.assertEqual(bb.average_text(next(r for r in self.site.places if r["name"] == "Zeppelin Bar")["average"]), "4,5")

    def test_list_and_map_stars_match_the_average(self):
        d = self.driver
        self.open("index.html")
        bb.wait_ready(d)
        # As the build wrote them (Swift); the explorer has drawn its cards again (BeaconText.starIcon).
        with open(os.path.join(self.site.output, "index.html"), encoding="utf-8") as f:
            html = f.read()
        built = {html_module.unescape(name): [width, text] for name, width, text in re.findall(
            r'<span class="place-card__name"[^>]*>([^<]*)</span>.*?<svg class="star__fill" width="([^"]+)".*?'
            r'<span class="rating__text" aria-hidden="true">([^<]*)</span>', html)}
        self.assertGreater(len(built), 3)
        rows = {r["name"]: r for r in self.site.places}
        cards = d.find_elements(By.CSS_SELECTOR, "#place-list .place-card")
        drawn = {}
        rated = 0
        for card in cards:
            name = card.find_element(By.CSS_SELECTOR, ".place-card__name").text
            icons = card.find_elements(By.CSS_SELECTOR, ".star")
            if rows[name]["ratings"]:
                rated += 1
                self.check_fill(icons[0], rows[name]["average"], name)
                text = card.find_element(By.CSS_SELECTOR, ".rating__text").text
                self.assertEqual(text, bb.average_text(rows[name]["average"]))
                drawn[name] = [icons[0].find_element(By.CSS_SELECTOR, ".star__fill").get_attribute("width"), text]
            else:
                self.assertEqual(icons, [], f"{name} has no ratings but shows a star")
        self.assertEqual(rated, len([r for r in bb.within_radius(self.site.places) if r["ratings"]]))
        self.assertEqual({name: built[name] for name in drawn}, drawn)
        # The map beside the list (a wide screen): each rated place's pin carries the same star.
        for row in bb.within_radius(self.site.places):
            if not row["ratings"]:
                continue
            with self.subTest(pin=row["name"]):
                bb.zoom_map_to(d, row["lat"], row["lon"])
                pin = next(e for e in d.find_elements(By.CSS_SELECTOR, "#explorer-map .map-pin-icon")
                           if e.get_attribute("aria-label").startswith(row["name"] + ","))
                self.check_fill(pin.find_element(By.CSS_SELECTOR, ".map-pin__star"), row["average"], f"map pin {row['name']}")
                self.assertIn(f"Vurdering: {bb.average_text(row['average'])} av 5", pin.get_attribute("aria-label"))


def star_corners(d):
    """The corners of an SVG path of M, L, l and z commands (the star's)."""
    import re
    corners, command, x, y = [], "M", 0.0, 0.0
    tokens = re.findall(r"[MLlz]|-?\d*\.?\d+", d)
    index = 0
    while index < len(tokens):
        if tokens[index] in "MLlz":
            command = tokens[index]
            index += 1
            continue
        a, b = float(tokens[index]), float(tokens[index + 1])
        index += 2
        x, y = (a, b) if command in "ML" else (x + a, y + b)
        corners.append((x, y))
    return corners


def area_left_of(corners, line):
    """The polygon's area left of the vertical line x = line."""
    clipped = []
    for index, (x, y) in enumerate(corners):
        nx, ny = corners[(index + 1) % len(corners)]
        if x <= line:
            clipped.append((x, y))
        if (x <= line) != (nx <= line):
            clipped.append((line, y + (line - x) / (nx - x) * (ny - y)))
    return abs(sum(x * clipped[(i + 1) % len(clipped)][1] - clipped[(i + 1) % len(clipped)][0] * y
                   for i, (x, y) in enumerate(clipped))) / 2


if __name__ == "__main__":
    unittest.main()
