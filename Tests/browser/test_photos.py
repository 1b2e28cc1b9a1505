"""The owner's photos in a real browser: a place with three photos leads its page with a gallery that is
swiped, stepped with its buttons and keyboard, and counted; a phone loads the WebP sized for it; the explorer's
card and «Mine steder» show the first photo as a thumbnail; no page has an accessibility violation."""
import os
import struct
import subprocess
import unittest
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import beacon_browser as bb


def png(width, height, colour, stripes):
    """A plain picture made here (no photo of anyone): a colour with bands of another, as PNG."""
    rows = []
    for y in range(height):
        row = bytearray(b"\0")
        for x in range(width):
            band = (x // 40 + y // 40) % 2 == 0
            row += bytes(stripes if band else colour)
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(b"".join(rows), 6))
            + chunk(b"IEND", b""))


class PhotoTests(bb.SiteFolderTestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = bb.new_site_folder("beacon-photos-")
        with open(os.path.join(cls.folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
            f.write('{"format": 1, "basemap": "none"}')
        pictures = [("disk.png", 1600, 1200, (200, 120, 60), (240, 200, 150), "Disken med kaffekverna"),
                    ("bord.png", 1200, 1600, (40, 90, 140), (90, 150, 200), "Bordene ved vinduet"),
                    ("kopp.png", 1400, 1050, (90, 60, 40), (200, 170, 120), "En kopp filterkaffe")]
        for name, width, height, colour, stripes, _ in pictures:
            with open(os.path.join(cls.folder, "..", name.replace(".png", f"-{os.getpid()}.png")), "wb") as f:
                f.write(png(width, height, colour, stripes))

        def run(*arguments):
            done = subprocess.run([bb.sitegen_binary(), *arguments, "--site", cls.folder], capture_output=True,
                                  text=True, timeout=600)
            if done.returncode != 0:
                raise RuntimeError(f"sitegen {' '.join(arguments)} failed: {done.stderr}")
            return done
        for name, _, _, _, _, alt in pictures:
            path = os.path.join(cls.folder, "..", name.replace(".png", f"-{os.getpid()}.png"))
            run("photo", "add", "Fuglen", path, "--alt", alt, "--credit", "Beacon-testen")
            os.remove(path)
        # A photo smaller than the page shows photos: added with a warning, shown at its own size.
        small = os.path.join(cls.folder, "..", f"liten-{os.getpid()}.png")
        with open(small, "wb") as f:
            f.write(png(100, 68, (200, 120, 60), (240, 200, 150)))
        cls.small_warning = run("photo", "add", "Tim Wendelboe", small, "--alt", "Et lite bilde").stderr
        os.remove(small)
        run("favorite", "add", "Fuglen")
        run("build", "--quiet")
        cls.server = bb.Server(os.path.join(cls.folder, "output"))
        # An iPhone's screen: 390 points, three pixels a point.
        cls.driver = bb.phone_driver(390, 844, scale=3)

    def current_slide(self):
        return self.driver.execute_script(
            "const t = document.querySelector('.gallery__track'); return Math.round(t.scrollLeft / t.clientWidth);")

    def test_the_gallery_steps_by_button_and_key(self):
        d = self.open_place_page("Fuglen")
        previous = d.find_element(By.CSS_SELECTOR, ".gallery__button--previous")
        following = d.find_element(By.CSS_SELECTOR, ".gallery__button--next")
        bb.wait_for(d, lambda: following.is_displayed(), message="the script shows the buttons")
        self.assertFalse(previous.is_displayed(), "no previous photo at the first")
        self.assertEqual(following.accessible_name, "Neste bilde")
        following.click()
        bb.wait_for(d, lambda: self.current_slide() == 1, message=f"slide {self.current_slide()}")
        bb.wait_for(d, lambda: previous.is_displayed())
        track = d.find_element(By.CSS_SELECTOR, ".gallery__track")
        track.send_keys(Keys.END)
        bb.wait_for(d, lambda: self.current_slide() == 2, message=f"slide {self.current_slide()}")
        bb.wait_for(d, lambda: not following.is_displayed(), message="no next photo at the last")
        count = d.find_elements(By.CSS_SELECTOR, ".gallery__count")[2]
        self.assertEqual(count.find_element(By.CSS_SELECTOR, "[aria-hidden]").text, "3 / 3")
        self.assertIn("Bilde 3 av 3", count.get_attribute("textContent"))
        track.send_keys(Keys.HOME)
        bb.wait_for(d, lambda: self.current_slide() == 0, message=f"slide {self.current_slide()}")
        # The arrow keys scroll the focused row photo by photo (the browser's own scrolling, snapped).
        track.send_keys(Keys.ARROW_RIGHT)
        bb.wait_for(d, lambda: self.current_slide() == 1, timeout=5, message=f"slide {self.current_slide()}")

    def test_a_phone_loads_the_webp_made_for_it(self):
        d = self.open_place_page("Fuglen")
        lead = d.find_element(By.CSS_SELECTOR, ".gallery__slide img")
        bb.wait_for(d, lambda: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", lead))
        source = d.execute_script("return arguments[0].currentSrc", lead)
        self.assertEqual(d.execute_script("return [innerWidth, devicePixelRatio]"), [390, 3])
        # The photo's box is the screen less 2rem, 358 points: 1074 pixels, so the 1080-wide WebP.
        self.assertEqual(lead.size["width"], 358)
        self.assertTrue(source.endswith("-1080.webp"), source)
        loaded = d.execute_script("return performance.getEntriesByName(arguments[0])[0].encodedBodySize", source)
        self.assertLess(loaded, 120_000)
        self.assertEqual(lead.get_attribute("alt"), "Disken med kaffekverna")
        self.assertEqual(lead.get_attribute("loading"), "auto")  # not lazy: the lead comes at once
        later = d.find_elements(By.CSS_SELECTOR, ".gallery__slide img")[1]
        self.assertEqual(later.get_attribute("loading"), "lazy")
        self.assertIn("Foto: Beacon-testen", d.find_element(By.CSS_SELECTOR, ".gallery figcaption").text)
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))

    def test_a_photo_is_never_shown_larger_than_it_is(self):
        self.assertIn("er bare 100 × 68 piksler", self.small_warning)
        d = self.open_place_page("Tim Wendelboe")
        photo = d.find_element(By.CSS_SELECTOR, ".place-photo img")
        bb.wait_for(d, lambda: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo))
        # (Its srcset's `sizes` would make the browser take it as 358 wide: the width attribute holds it.)
        shown = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", photo)
        self.assertEqual(shown, [100, 68], "at its own size, not stretched to the column's 358")
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))

    def test_cards_lead_with_the_first_photo(self):
        d = self.driver
        for page in ("index.html", "favoritter/index.html"):
            d.get(self.server.url(page))
            bb.wait_ready(d) if page == "index.html" else bb.wait_for(
                d, lambda: d.execute_script("return document.readyState") == "complete")
            card = d.execute_script(
                "return Array.from(document.querySelectorAll('.place-card')).find(c => c.textContent.includes('Fuglen'))")
            self.assertIsNotNone(card, page)
            image = card.find_element(By.CSS_SELECTOR, ".place-card__photo img")
            d.execute_script("arguments[0].scrollIntoView()", image)
            bb.wait_for(d, lambda: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
                        message=f"{page}: the thumbnail loads")
            self.assertEqual(image.get_attribute("alt"), "")
            self.assertTrue(d.execute_script("return arguments[0].currentSrc", image).endswith("-360.webp"))
            size = image.size
            self.assertEqual((size["width"], size["height"]), (72, 72), page)
            violations = bb.run_axe(d)
            self.assertEqual(violations, [], f"{page}: " + bb.format_violations(violations))


if __name__ == "__main__":
    unittest.main()
