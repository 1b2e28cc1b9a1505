"""Our own basemap (beacon-basemap.js over the vector tiles the build cut from OpenStreetMap data): the
test guide lies in central Oslo, which the extract compiled into sitegen covers, so its maps are drawn on
real streets with no key and no network. Names are read off the drawn map: each name the label layer
placed is checked to have ink on the canvas inside its box, and to lie inside the map."""
import os
import unittest

from selenium.webdriver.common.keys import Keys

import beacon_browser as bb

# Ink of the label canvas inside a box (CSS px of the window): how many pixels carry text.
INK = """
const [name, x, y, w, h] = arguments;
const canvas = Array.from(document.querySelectorAll('canvas.basemap-labels')).find((c) => {
  const r = c.getBoundingClientRect(); return r.width > 0 && x >= r.left && y >= r.top && x + w <= r.right + 1 && y + h <= r.bottom + 1;
});
if (!canvas) return -1;
const r = canvas.getBoundingClientRect();
const k = canvas.width / r.width;
const data = canvas.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k),
  Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k))).data;
let ink = 0;
for (let i = 3; i < data.length; i += 4) if (data[i] > 200) ink++;
return ink;
"""

STREETS = ("gate", "gata", "vei", "veien", "plass", "allé", "torget", "stranda", "brygge")


def labels(driver):
    return driver.execute_script("return window.BeaconBasemap ? BeaconBasemap.labels() : [];")


def wait_labels(driver, within, timeout=10):
    """The names drawn inside the element `within` (a CSS selector), once there are some."""
    def drawn(d):
        box = d.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                               "return [r.left, r.top, r.right, r.bottom];", within)
        inside = [label for label in labels(d)
                  if label["x"] >= box[0] and label["y"] >= box[1]
                  and label["x"] + label["width"] <= box[2] + 1 and label["y"] + label["height"] <= box[3] + 1]
        return inside or False
    return bb.WebDriverWait(driver, timeout).until(drawn)


def tile_pixel(driver, selector, fx, fy):
    """The colour of the drawn basemap at a fraction of the map's box: [r, g, b, a]."""
    return driver.execute_script("""
      const map = document.querySelector(arguments[0]).getBoundingClientRect();
      const x = map.left + map.width * arguments[1], y = map.top + map.height * arguments[2];
      for (const c of document.querySelectorAll(arguments[0] + ' canvas.leaflet-tile')) {
        const r = c.getBoundingClientRect();
        if (x < r.left || x >= r.right || y < r.top || y >= r.bottom) continue;
        const k = c.width / r.width;
        return Array.from(c.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data);
      }
      return null;""", selector, fx, fy)


# The colour beacon-basemap.js fills an area of `kind` with: the map container's --basemap-KIND, as its
# colours() reads it, resolved to [r, g, b, a] by a canvas (whatever notation the stylesheet uses).
BASEMAP_COLOUR = """
const value = getComputedStyle(window.BeaconExplorer.map().getContainer()).getPropertyValue('--basemap-' + arguments[0]).trim();
if (!value) return null;
const ctx = document.createElement('canvas').getContext('2d');
ctx.fillStyle = value;
ctx.fillRect(0, 0, 1, 1);
return Array.from(ctx.getImageData(0, 0, 1, 1).data);
"""


def explorer_pixel_at(driver, lat, lon):
    """The colour of the explorer's drawn basemap at a point: [r, g, b, a], or None."""
    return driver.execute_script("""
      const map = window.BeaconExplorer.map();
      const p = map.latLngToContainerPoint([arguments[0], arguments[1]]);
      const box = map.getContainer().getBoundingClientRect();
      const x = box.left + p.x, y = box.top + p.y;
      for (const c of map.getContainer().querySelectorAll('canvas.leaflet-tile')) {
        const r = c.getBoundingClientRect();
        if (x < r.left || x >= r.right || y < r.top || y >= r.bottom) continue;
        const k = c.width / r.width;
        return Array.from(c.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data);
      }
      return null;""", lat, lon)


class BasemapOnAPhoneTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.own_basemap_site()
        cls.driver = bb.phone_driver(390, 844, scale=2)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        bb.set_media(self.driver)
        self.assertEqual(bb.console_errors(self.driver), [], "console errors")

    def open_detail(self, name):
        self.driver.get(self.site.url(self.site.detail_path(name)))
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: d.execute_script("const m = document.querySelector('.place-map'); return m && m.dataset.ready === 'true';"))

    def test_a_street_name_can_be_read_on_a_detail_pages_map_at_the_zoom_it_opens_on(self):
        self.open_detail("Grand Hotel")
        names = wait_labels(self.driver, "#place-map")
        streets = [label for label in names if label["text"].lower().endswith(STREETS)]
        self.assertTrue(streets, f"no street named on the map: {[label['text'] for label in names]}")
        for label in streets:
            ink = self.driver.execute_script(INK, label["text"], label["x"], label["y"], label["width"], label["height"])
            # A name of ten letters at 12 px leaves hundreds of inked pixels at 2× (the halo counts too).
            self.assertGreater(ink, 40 * len(label["text"]) // 4, label)
        # The credit the licence asks for, linked.
        credit = self.driver.find_element(bb.By.CSS_SELECTOR, "#place-map .leaflet-control-attribution a[href='https://www.openstreetmap.org/copyright']")
        self.assertIn("OpenStreetMap", credit.text)

    def test_the_sample_opens_on_the_map_and_karl_johans_gate_is_named_at_street_zoom(self):
        """The issue's check: at 390 × 844 the map covers at least 70 % of the screen, on real Oslo streets."""
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        share = bb.map_share(self.driver)
        self.assertGreaterEqual(share, 0.7)
        bb.zoom_map_to(self.driver, 59.9127, 10.7400, 16)
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: "Karl Johans gate" in [label["text"] for label in labels(d)], "Karl Johans gate not named")
        label = next(label for label in labels(self.driver) if label["text"] == "Karl Johans gate")
        ink = self.driver.execute_script(INK, label["text"], label["x"], label["y"], label["width"], label["height"])
        self.assertGreater(ink, 100, label)

    def test_a_detail_pages_map_names_its_place_at_any_zoom(self):
        """Bølgen & Moi is 2.2 km from Oslo S: its map opens below street zoom, where the explorer names no pin;
        a map of one place names it all the same."""
        self.open_detail("Bølgen & Moi")
        bb.WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "return Array.from(document.querySelectorAll('#place-map .map-pin__name:not([hidden])'), (n) => n.textContent);")
            == ["Bølgen & Moi"], "the place's pin is not named")

    def test_dark_mode_draws_the_night_palette(self):
        self.open_detail("Grand Hotel")
        wait_labels(self.driver, "#place-map")
        light = tile_pixel(self.driver, "#place-map", 0.05, 0.95)
        bb.set_media(self.driver, dark=True)
        self.open_detail("Grand Hotel")
        wait_labels(self.driver, "#place-map")
        dark = tile_pixel(self.driver, "#place-map", 0.05, 0.95)
        self.assertIsNotNone(light)
        self.assertIsNotNone(dark)
        self.assertGreater(sum(light[:3]) / 3, 170, light)
        self.assertLess(sum(dark[:3]) / 3, 90, dark)


    def test_beyond_the_extract_the_map_says_it_has_no_data_there(self):
        """The extract compiled into sitegen covers central Oslo, less than its tiles: west of its edge
        (10.6876° E) the map is a plain ground with a grid, as map apps show an area they have nothing for,
        not empty land; east of it, the data."""
        nodata = (0xE6, 0xDF, 0xD5)

        def near(pixel, colour, tolerance=14):
            return pixel is not None and pixel[3] == 255 and all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))

        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        # At zoom 14 the phone's 390 px span about 0.0335° of longitude: the edge stands at 44 % of the width.
        bb.zoom_map_to(self.driver, 59.915, 10.69, 14)
        bb.WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "const t = document.querySelectorAll('#explorer-map canvas.leaflet-tile');"
            "return t.length > 0 && Array.from(t).every((c) => c.classList.contains('leaflet-tile-loaded'));"))
        outside = [tile_pixel(self.driver, "#explorer-map", 0.02 + i * 0.02, 0.5 + (i % 5) * 0.031)
                   for i in range(15)]
        inside = [tile_pixel(self.driver, "#explorer-map", 0.6 + i * 0.02, 0.5 + (i % 5) * 0.031)
                  for i in range(15)]
        # West of the edge: every pixel is the ground or a line of its grid, both drawn (opaque).
        self.assertTrue(all(p is not None and p[3] == 255 for p in outside), outside)
        self.assertGreaterEqual(sum(near(p, nodata) for p in outside), 10, outside)
        # East of it: the data (land left clear for the map's own ground, parks, streets), not the grid's ground.
        self.assertLessEqual(sum(near(p, nodata, 4) for p in inside), 2, inside)

    def test_the_fjord_is_drawn_as_water_in_light_and_dark(self):
        """Bjørvika's water (59.9063, 10.7522) at street zoom has the colour the basemap fills water with, not
        the land's: the sea from the extract's sea polygon, in either colour scheme."""
        def near(pixel, colour, tolerance=3):
            return pixel is not None and all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))

        for dark in (False, True):
            bb.set_media(self.driver, dark=dark)
            self.driver.get(self.site.url(""))
            bb.wait_ready(self.driver)
            bb.zoom_map_to(self.driver, 59.9063, 10.7522, 16)
            bb.WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
                "const t = document.querySelectorAll('#explorer-map canvas.leaflet-tile');"
                "return t.length > 0 && Array.from(t).every((c) => c.classList.contains('leaflet-tile-loaded'));"))
            water = self.driver.execute_script(BASEMAP_COLOUR, "water")
            land = self.driver.execute_script(BASEMAP_COLOUR, "land")
            self.assertIsNotNone(water)
            self.assertFalse(near(water, land, 8), (water, land))
            pixel = explorer_pixel_at(self.driver, 59.9063, 10.7522)
            scheme = "dark" if dark else "light"
            self.assertTrue(near(pixel, water), f"{scheme}: {pixel} is not the water colour {water} (land {land})")
            self.assertEqual(pixel[3], 255, scheme)

    def test_no_name_lies_under_a_pin_a_count_the_centre_or_the_search(self):
        """A name half hidden under a pin reads as a broken map: the names make room for what stands over the
        map, also when a filter changes the pins without the map moving."""
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        wait_labels(self.driver, "#explorer-map")
        self.assertGreater(len(covers(self.driver)), 5, "the map has pins and counts")
        bb.WebDriverWait(self.driver, 10).until(lambda d: not hidden_names(d), "names under what covers the map")
        everything = {label["text"] for label in labels(self.driver)}
        bb.chip(self.driver, "Hoteller").click()
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: {label["text"] for label in labels(d)} != everything and not hidden_names(d),
            "the names were not laid out again for the hotels' pins")

    def test_the_centres_name_moves_to_a_side_where_it_hides_no_pin(self):
        """The places crowd round the centre: its name (below the dot at first) moves to a side of the dot
        where it hides no pin or count, and the basemap's names make room for it there."""
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        bb.zoom_map_to(self.driver, bb.CENTER[0], bb.CENTER[1], 15)
        bb.WebDriverWait(self.driver, 10).until(lambda d: not d.execute_script(CENTRE_HIDES), "the centre's name hides a pin")
        below = self.driver.execute_script(
            "return document.querySelector('#explorer-map .map-center__label').getBoundingClientRect().toJSON()")
        drop_pin(self.driver, below)  # a pin comes where the name stands
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: not d.execute_script(CENTRE_HIDES) and not hidden_names(d),
            f"the centre's name stayed over {self.driver.execute_script(CENTRE_HIDES)}, or names under it: {hidden_names(self.driver)}")
        moved = self.driver.execute_script(
            "return document.querySelector('#explorer-map .map-center__label').getBoundingClientRect().toJSON()")
        self.assertNotEqual((round(below["x"]), round(below["y"])), (round(moved["x"]), round(moved["y"])))

    def test_at_street_level_pins_are_named_where_their_names_fit(self):
        """As on Apple's and Google's maps, a lone pin's name stands beside it once the streets show (zoom 15),
        where it hides no pin, count, other name or the centre, and the search does not hide it."""
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        bb.zoom_map_to(self.driver, bb.CENTER[0], bb.CENTER[1], 13)
        bb.WebDriverWait(self.driver, 10).until(lambda d: not pin_names(d), "pins named at zoom 13")
        bb.zoom_map_to(self.driver, bb.CENTER[0], bb.CENTER[1], 15)
        names = bb.WebDriverWait(self.driver, 10).until(lambda d: pin_names(d) or False, "no pin named at zoom 15")
        known = {row["name"] for row in self.site.places}
        bar = self.driver.execute_script("return document.querySelector('.explorer-bar').getBoundingClientRect().bottom")
        marks = self.driver.execute_script("""
            return Array.from(document.querySelectorAll('#explorer-map :is(.map-pin, .map-cluster, .map-center__dot, .map-center__label)'),
              (mark) => mark.getBoundingClientRect().toJSON());""")

        def meets(a, b):
            return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]

        for i, name in enumerate(names):
            self.assertIn(name["text"], known)
            self.assertGreaterEqual(name["box"]["top"], bar, name)
            self.assertFalse([other["text"] for other in names[i + 1:] if meets(name["box"], other["box"])], name)
            self.assertFalse([mark for mark in marks if meets(name["box"], mark)], name)
        bb.WebDriverWait(self.driver, 10).until(lambda d: not hidden_names(d), "the basemap's names under the pins' names")
        # A pin comes where a name stands: the name goes to the pin's other side, or away.
        first = names[0]
        drop_pin(self.driver, first["box"])
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: all(name["text"] != first["text"] or not meets(name["box"], first["box"]) for name in pin_names(d)),
            f"{first['text']} stayed under the new pin")

    def test_the_citys_own_name_is_drawn_only_while_the_city_fits_the_view(self):
        """«Oslo» names the whole city: over a few blocks of it (zoom 13 and in) it is noise among the names of
        its boroughs and streets, as on Apple's maps. A search that finds nothing leaves the map without pins, and
        the centre's mark (by Oslo S, beside the city's point) is taken away, so that nothing else keeps it out."""
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        field = self.driver.find_element(bb.By.ID, "explorer-search")
        field.send_keys("ingenting som finnes", Keys.ENTER)
        bb.WebDriverWait(self.driver, 10).until(lambda d: not d.find_elements(bb.By.CSS_SELECTOR, "#explorer-map .map-pin, #explorer-map .map-cluster"))
        self.driver.execute_script("document.querySelectorAll('#explorer-map .map-center-icon').forEach((icon) => icon.remove())")
        city = (59.9127, 10.7461)  # Oslo's place=city node in the extract
        for zoom, drawn in ((12, True), (13, False), (14, False)):
            bb.zoom_map_to(self.driver, city[0], city[1], zoom)
            wait_labels(self.driver, "#explorer-map")
            bb.WebDriverWait(self.driver, 10).until(
                lambda d: ("Oslo" in {label["text"] for label in labels(d)}) == drawn,
                f"zoom {zoom}: «Oslo» {'missing' if drawn else 'drawn'} among {[label['text'] for label in labels(self.driver)]}")
            names = {label["text"]: label["kind"] for label in labels(self.driver)}
            if drawn:
                self.assertEqual(names.get("Oslo"), "city")
            else:
                self.assertIn("major-place", names.values(), f"zoom {zoom}: no borough named")

    def test_a_pin_that_comes_without_the_map_moving_moves_the_names_too(self):
        """Pins also come while the map stands still (a count fanning out its pins, pins added in slices): a
        mark put into the marker pane over a drawn name sends that name elsewhere."""
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        wait_labels(self.driver, "#explorer-map")
        bb.WebDriverWait(self.driver, 10).until(lambda d: not hidden_names(d), "names under what covers the map")
        name = next(label for label in labels(self.driver) if label["kind"] in ("place", "major-place"))
        drop_pin(self.driver, name["ink"])
        bb.WebDriverWait(self.driver, 10).until(lambda d: not hidden_names(d), f"{name['text']} stayed under the new mark")


# What stands over the map (window px): each pin's, count's and centre's icon with what it draws (the centre's
# name hangs below its dot), the map's buttons and credits, and the search and chips floating over its top.
COVERS = """
const map = document.getElementById('explorer-map');
const boxes = [];
for (const node of map.querySelectorAll('.leaflet-marker-icon, .leaflet-marker-icon span, .leaflet-control')) {
  const r = node.getBoundingClientRect();
  if (r.width >= 2 && r.height >= 2) boxes.push({ what: node.className || node.textContent, x: r.left, y: r.top, width: r.width, height: r.height });
}
const bar = document.querySelector('.explorer-bar').getBoundingClientRect();
if (bar.bottom > map.getBoundingClientRect().top) boxes.push({ what: 'search and chips', x: bar.left, y: bar.top, width: bar.width, height: bar.height });
return boxes;
"""

# The pins and counts the centre's name lies over (their text), on the explorer's map.
CENTRE_HIDES = """
const name = document.querySelector('#explorer-map .map-center__label').getBoundingClientRect();
return Array.from(document.querySelectorAll('#explorer-map .leaflet-marker-icon:not(.map-center-icon)')).filter((icon) => {
  const r = icon.getBoundingClientRect();
  return r.left < name.right && name.left < r.right && r.top < name.bottom && name.top < r.bottom;
}).map((icon) => icon.textContent || icon.getAttribute('aria-label') || icon.className);
"""



def pin_names(driver):
    """The pins' names shown on the explorer's map: their text and box (window px)."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('#explorer-map .map-pin__name:not([hidden])'),
          (name) => ({ text: name.textContent, box: name.getBoundingClientRect().toJSON() }));""")


def drop_pin(driver, box):
    """A pin put into the explorer map's marker pane over `box` (window px: x, y, width, height), as one the map
    adds while it stands still (a count fanning out, pins added in slices)."""
    driver.execute_script("""
        const r = arguments[0];
        const pane = document.querySelector('#explorer-map .leaflet-marker-pane');
        const origin = pane.getBoundingClientRect();
        const icon = document.createElement('div');
        icon.className = 'leaflet-marker-icon test-pin';
        const pin = document.createElement('span');
        pin.className = 'map-pin';
        icon.append(pin);
        Object.assign(icon.style, { position: 'absolute', left: `${r.x - origin.left}px`, top: `${r.y - origin.top}px` });
        Object.assign(pin.style, { display: 'block', width: `${r.width}px`, height: `${r.height}px` });
        pane.append(icon);""", box)


def covers(driver):
    return driver.execute_script(COVERS)


def hidden_names(driver):
    """The names drawn on the explorer's map whose letters lie under something over it, with that thing."""
    boxes = covers(driver)
    hidden = []
    for label in labels(driver):
        ink = label["ink"]
        for box in boxes:
            if (ink["x"] < box["x"] + box["width"] and box["x"] < ink["x"] + ink["width"]
                    and ink["y"] < box["y"] + box["height"] and box["y"] < ink["y"] + ink["height"]):
                hidden.append((label["text"], box["what"]))
    return hidden


class BasemapOnTheDesktopTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.own_basemap_site()
        cls.driver = bb.make_driver(width=1280, height=900, network_log=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        self.assertEqual(bb.console_errors(self.driver), [], "console errors")

    def test_karl_johans_gate_is_named_at_street_zoom(self):
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        bb.zoom_map_to(self.driver, 59.9127, 10.7400, 16)
        names = [label["text"] for label in wait_labels(self.driver, "#explorer-map")]
        bb.WebDriverWait(self.driver, 10).until(
            lambda d: "Karl Johans gate" in [label["text"] for label in labels(d)], f"named: {names}")
        # No two names overlap.
        drawn = labels(self.driver)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1:]:
                overlap = (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
                           and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])
                self.assertFalse(overlap, (a, b))

    def test_the_map_is_drawn_from_disk_too(self):
        """A guide opened as files (file://): the tiles are scripts, which load where fetch() would not."""
        self.driver.get("file://" + os.path.join(self.site.output, "index.html"))
        bb.wait_ready(self.driver)
        bb.zoom_map_to(self.driver, 59.9127, 10.7400, 16)
        self.assertTrue(wait_labels(self.driver, "#explorer-map"))
        self.assertIsNotNone(tile_pixel(self.driver, "#explorer-map", 0.5, 0.5))

    def test_only_the_site_is_asked_for_the_basemap(self):
        bb.network_requests(self.driver)
        self.driver.get(self.site.url(""))
        bb.wait_ready(self.driver)
        bb.zoom_map_to(self.driver, 59.9127, 10.7400, 15)
        wait_labels(self.driver, "#explorer-map")
        requests = bb.network_requests(self.driver)
        tiles = [url for url in requests if "/kart/osm/" in url]
        self.assertTrue(tiles)
        self.assertTrue(all(url.startswith(self.site.url("")) for url in requests if url.startswith("http")), requests)


if __name__ == "__main__":
    unittest.main()
