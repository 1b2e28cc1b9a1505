"""A guide's addresses are words of its first language, in Chromium: an English guide's cards, chips and
language switcher lead to English addresses (`places/…`, `cafes/`, `favourites/`), and a link to a page's
old address (the guide was bokmål first before, or built by an earlier sitegen, whose folders were
bokmål ones) lands on the page at its new address through the 404 page, served by `sitegen serve` as a
static host serves a missing page. Nothing leads off the site."""
import json
import os
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb


class MovedAddressTests(bb.SiteFolderTestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="beacon-addresses-")
        places = bb.write_site(cls.folder, ["nb", "en"])
        bb.build(cls.folder, places)
        with open(os.path.join(cls.folder, "beacon-settings.json"), encoding="utf-8") as f:
            settings = json.load(f)
        settings["languages"] = ["en", "nb"]
        with open(os.path.join(cls.folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
            json.dump(settings, f)
        cls.output = bb.build(cls.folder, places)
        cls.server = bb.WatchServer(cls.folder, watch=False)
        cls.driver = bb.make_driver()
        cls.place = next(p for p in bb.page_data(cls.output)["places"] if p["c"] == "cafe")

    def tearDown(self):
        # The 404 answers these tests ask for are the only errors allowed.
        errors = [e for e in bb.console_errors(self.driver)
                  if not (e["source"] == "network" and "status of 404" in e["message"])]
        self.assertEqual(errors, [], "console errors")

    def settle(self, path):
        """Opens `path` and waits for the page (and any page it sends the reader on to) to be loaded."""
        d = self.driver
        d.get(self.server.url(path))
        bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete", 10)
        return d

    def test_an_english_guide_links_to_english_addresses(self):
        d = self.settle("index.html")
        bb.wait_ready(d)
        slug = self.place["u"].split("/")[1]
        self.assertEqual(self.place["u"], f"places/{slug}/index.html")
        cafes = d.find_element(By.CSS_SELECTOR, '.chips a[data-category="cafe"]')
        self.assertTrue(cafes.get_attribute("href").endswith("/cafes/index.html"))
        card = d.find_element(By.CSS_SELECTOR, f'.place-card[data-id="{self.place["id"]}"] a')
        self.assertTrue(card.get_attribute("href").endswith(f"/places/{slug}/index.html"))
        card.click()
        bb.wait_for(d, lambda: f"/places/{slug}/" in d.current_url, 10, d.current_url)
        switch = d.find_element(By.CSS_SELECTOR, 'a[hreflang="nb"][lang="nb"]')
        self.assertTrue(switch.get_attribute("href").endswith(f"/nb/places/{slug}/index.html"))
        switch.click()
        bb.wait_for(d, lambda: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "nb", 10)
        self.assertIn(f"/nb/places/{slug}/", d.current_url)

    def test_an_old_address_leads_to_the_page_at_its_new_one(self):
        slug = self.place["u"].split("/")[1]
        for old, new in [
            (f"steder/{slug}/", f"places/{slug}/"),
            (f"en/steder/{slug}/", f"places/{slug}/"),
            (f"nb/steder/{slug}/", f"nb/places/{slug}/"),
            (f"steder/{slug}/index.html?from=mail#map", f"places/{slug}/index.html?from=mail#map"),
            ("kafeer/", "cafes/"),
            ("en/kafeer/", "cafes/"),
            ("favoritter/", "favourites/"),
            ("nb/favoritter/", "nb/favourites/"),
            ("en/", ""),
        ]:
            d = self.settle(old)
            want = self.server.url(new)
            bb.wait_for(d, lambda: d.current_url == want, 10, f"{old} → {d.current_url}, not {want}")
            bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete", 10)
            self.assertNotIn("404", d.title, f"{old} → {new} is not a page")
        self.assertEqual(d.find_element(By.TAG_NAME, "html").get_attribute("lang"), "en")

    def test_an_address_that_never_was_stays_on_the_not_found_page(self):
        for path, heading in [
            ("nowhere/", "Page not found"), ("steder", "Page not found"), ("nb/nowhere/", "Fant ikke siden"),
            ("en//example.org/steder/x/", "Page not found"), ("en///example.org/x/", "Page not found"),
            ("steder//example.org/x/", "Page not found"),
        ]:
            d = self.settle(path)
            bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, ".not-found h1"), 10, path)
            self.assertEqual(d.find_element(By.CSS_SELECTOR, ".not-found h1").text, heading)
            self.assertEqual(d.current_url, self.server.url(path), f"{path} was sent on")
        # A place that is not in the guide: sent to where it would be, which says it is not there.
        d = self.settle("steder/no-such-place/")
        want = self.server.url("places/no-such-place/")
        bb.wait_for(d, lambda: d.current_url == want, 10, d.current_url)
        bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, ".not-found h1"), 10)

    def test_a_renamed_places_old_page_leads_to_its_page_now(self):
        """A slug ends in a part made from the place's id: a link from before the place's name changed (or
        before a rule for slugs did) lands on the page it has now, in any language and old folder."""
        slug = self.place["u"].split("/")[1]
        end = slug.rsplit("-", 1)[1]
        for old, new in [
            (f"places/an-old-name-{end}/", f"places/{slug}/"),
            (f"nb/places/{end}-{end}/index.html#map", f"nb/places/{slug}/#map"),
            (f"steder/sted-{end}/", f"places/{slug}/"),  # an old folder and an old slug: two steps
            (f"places/longer-{end}x7q/", f"places/{slug}/"),  # a slug lengthened for a name two places share
        ]:
            d = self.settle(old)
            want = self.server.url(new)
            bb.wait_for(d, lambda: d.current_url == want, 10, f"{old} → {d.current_url}, not {want}")
            bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete", 10)
            self.assertNotIn("404", d.title, f"{old} → {new} is not a page")
        # An end no place has, or one too short to be a place's, stays on the 404 page.
        for path in ("places/gone-zzzzzz/", f"places/x-{end[:5]}/", f"cafes/x-{end}/"):
            d = self.settle(path)
            bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, ".not-found h1"), 10, path)
            time.sleep(0.5)  # the look-up's fetch has had time to answer
            self.assertEqual(d.current_url, self.server.url(path), f"{path} was sent on")


if __name__ == "__main__":
    unittest.main()
