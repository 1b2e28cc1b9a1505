"""The guide in bokmål, nynorsk and English, in Chromium: in each language the list page's
search, filters, sort and "Finn nærmeste meg" work and speak that language, names sort by
that language's alphabet, links stay in the language, the switcher keeps the reader's list
settings, and axe-core finds nothing."""
import atexit
import functools
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import beacon_browser as bb

# What each language calls things on the list page (from its catalogue).
LANGUAGES = {
    "nb": {"folder": "", "count": "steder innen", "favorites": "Bare favoritter", "sort": "Sorter etter",
           "by_name": "Navn (A–Å)", "near_me": "Finn nærmeste meg", "from_you": "Nærmest først: avstandene måles fra der du er.",
           "no_matches": "Ingen treff", "open": ("Åpent", "Stengt"), "decimal": ",", "map_of": "Kart over"},
    "nn": {"folder": "nn/", "count": "stader innan", "favorites": "Berre favorittar", "sort": "Sorter etter",
           "by_name": "Namn (A–Å)", "near_me": "Finn nærast meg", "from_you": "Nærast først: avstandane blir målte frå der du er.",
           "no_matches": "Ingen treff", "open": ("Ope", "Stengd"), "decimal": ",", "map_of": "Kart over"},
    "en": {"folder": "en/", "count": "places within", "favorites": "Favourites only", "sort": "Sort by",
           "by_name": "Name (A–Z)", "near_me": "Find nearest to me", "from_you": "Nearest first: distances are measured from where you are.",
           "no_matches": "No matches", "open": ("Open", "Closed"), "decimal": ".", "map_of": "Map of"},
}


@functools.lru_cache(maxsize=None)
def site():
    built = bb.TestSite(languages=["nb", "nn", "en"])
    atexit.register(built.close)
    return built


class LanguageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = site()
        cls.driver = bb.make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, path, clear=True):
        d = self.driver
        d.get(self.site.url(path))
        if clear:
            d.execute_script("localStorage.clear(); sessionStorage.clear()")
            d.get(self.site.url(path))
        if d.execute_script("return !!document.getElementById('beacon-data')"):
            bb.wait_ready(d)

    def search(self, text):
        field = self.driver.find_element(By.ID, "explorer-search")
        field.clear()
        field.send_keys(text, Keys.ENTER)

    def open_filters(self):
        toggle = self.driver.find_element(By.ID, "explorer-filters-button")
        if toggle.get_attribute("aria-expanded") != "true":
            toggle.click()

    def test_search_filters_sort_and_near_me_in_each_language(self):
        d = self.driver
        inside = bb.within_radius(self.site.places)
        cafes = {r["name"] for r in inside if r["category"] == "cafe"}
        favorites = {r["name"] for r in inside if r["favorite"]}
        for lang, words in LANGUAGES.items():
            self.open(words["folder"] + "index.html")
            self.assertEqual(d.find_element(By.TAG_NAME, "html").get_attribute("lang"), lang)
            self.assertIn(words["count"], bb.results_count(d))
            self.assertEqual(len(bb.visible_names(d)), len(inside))
            # A search in any language's words finds the cafés; the count says so in this language.
            for query in ("kaffe", "coffee", "kafear"):
                self.search(query)
                bb.wait_for(d, lambda: set(bb.visible_names(d)) == cafes, 3, f"{lang} {query}: {bb.visible_names(d)}")
            self.search("zzzz")
            bb.wait_for(d, lambda: words["no_matches"] in bb.results_count(d), 3, bb.results_count(d))
            self.search("")
            # A filter, found by its name in this language.
            self.open_filters()
            toggle = d.find_element(By.ID, "explorer-favorites")
            self.assertEqual(toggle.text.strip(), words["favorites"])
            toggle.click()
            bb.wait_for(d, lambda: set(bb.visible_names(d)) == favorites, 3, f"{lang}: {bb.visible_names(d)}")
            toggle.click()
            # Sort by name: this language's alphabet (Æ, Ø, Å after Z in Norwegian; as AE, O, A in English).
            Select(bb.by_name(d, "select", words["sort"])).select_by_visible_text(words["by_name"])
            bb.wait_for(d, lambda: bb.visible_names(d)[0] != "Øst Bistro", 3)
            names = bb.visible_names(d)
            if lang == "en":
                self.assertLess(names.index("Ærfugl Kafé"), names.index("Zeppelin Bar"), names)
                self.assertLess(names.index("Aas Gjestgiveri"), names.index("Ærfugl Kafé"), names)
            else:
                self.assertLess(names.index("Zeppelin Bar"), names.index("Ærfugl Kafé"), names)
                self.assertEqual(names[-1], "Aas Gjestgiveri", "aa is Å, the last letter")
            # Distances with this language's decimal sign; links to this language's pages.
            metas = d.execute_script("return Array.from(document.querySelectorAll('#place-list .place-card__meta'), e => e.textContent)")
            kilometres = [m for m in metas if m.endswith("km")]
            self.assertTrue(kilometres, metas)
            self.assertTrue(all(words["decimal"] in m.split(" · ")[-1] for m in kilometres), kilometres)
            href = d.find_element(By.CSS_SELECTOR, "#place-list a.place-card__link").get_attribute("href")
            self.assertTrue(href.startswith(self.site.url(words["folder"] + "steder/")), href)
            # "Finn nærmeste meg", named and answered in this language.
            reader = self.site.by_name["Kaffebrenneriet"]
            d.execute_cdp_cmd("Browser.grantPermissions", {"origin": self.site.server.origin, "permissions": ["geolocation"]})
            d.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": reader["lat"], "longitude": reader["lon"], "accuracy": 10})
            locate = d.find_element(By.ID, "explorer-locate")
            self.assertIn(words["near_me"], locate.get_attribute("textContent"))
            locate.click()
            message = d.find_element(By.ID, "explorer-message")
            bb.wait_for(d, lambda: message.text == words["from_you"], 5, message.text)
            d.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})

    def test_the_switcher_keeps_the_readers_list_settings(self):
        d = self.driver
        self.open("en/index.html")
        self.search("coffee")
        self.open_filters()
        Select(bb.by_name(d, "select", "Sort by")).select_by_value("name")
        cafes = bb.visible_names(d)
        self.assertLess(cafes.index("Ærfugl Kafé"), cafes.index("Kaffebrenneriet"), "English: Æ as AE")
        link = d.find_element(By.CSS_SELECTOR, ".language-switch a[lang='nn']")
        self.assertEqual(link.text, "Nynorsk")
        link.click()
        bb.wait_ready(d)
        self.assertTrue(d.current_url.startswith(self.site.url("nn/")), d.current_url)
        self.assertEqual(d.find_element(By.ID, "explorer-search").get_attribute("value"), "coffee")
        self.assertEqual(Select(d.find_element(By.ID, "explorer-sort")).first_selected_option.get_attribute("value"), "name")
        # The same places, now in the Norwegian alphabet (Æ and Å after Z).
        bb.wait_for(d, lambda: set(bb.visible_names(d)) == set(cafes), 3, f"{bb.visible_names(d)} != {cafes}")
        names = bb.visible_names(d)
        self.assertEqual(names[-2:], ["Ærfugl Kafé", "Åpent Bakeri"], names)

    def test_a_detail_page_speaks_its_language(self):
        d = self.driver
        path = self.site.detail_path("Ærfugl Kafé")
        for lang, words in LANGUAGES.items():
            self.open(words["folder"] + path, clear=False)
            badge = d.find_element(By.ID, "open-status")
            bb.wait_for(d, lambda: badge.is_displayed(), 3)
            self.assertTrue(badge.text.startswith(words["open"]), badge.text)
            current = d.find_element(By.CSS_SELECTOR, ".language-switch a[aria-current='true']")
            self.assertEqual(current.get_attribute("lang"), lang)
            # The page offers its own language's app (name, description, front page) to install.
            manifest = d.execute_script("const l = document.querySelector('link[rel=manifest]'); return l && l.getAttribute('href');")
            expected = "manifest.webmanifest" if lang == "nb" else f"manifest-{lang}.webmanifest"
            self.assertTrue(manifest and manifest.endswith("/" + expected), manifest)
            # The small map is named in the page's language (from beacon-text.js, not the script).
            if d.find_elements(By.ID, "place-map"):
                section = bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, ".place-map[data-ready=true]"))[0]
                canvas = section.find_element(By.ID, "place-map")
                self.assertEqual(canvas.get_attribute("aria-label"), f"{words['map_of']} Ærfugl Kafé")

    def test_axe_finds_nothing_in_any_language(self):
        d = self.driver
        for lang, words in LANGUAGES.items():
            for path in ("index.html", self.site.detail_path("Zeppelin Bar"), "favoritter/index.html"):
                self.open(words["folder"] + path, clear=False)
                violations = bb.run_axe(d)
                self.assertEqual(violations, [], f"axe-core on {lang} {path}:\n{bb.format_violations(violations)}")
            self.assertEqual(bb.console_errors(d), [])


if __name__ == "__main__":
    unittest.main()
