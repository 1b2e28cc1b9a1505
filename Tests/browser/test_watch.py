"""`sitegen serve --watch` in Chromium: a rating saved in the terminal reaches the open
page by itself (Server-Sent Events, a script served by `serve` only), within the pages'
Content-Security-Policy, with no service worker in the way."""
import json
import os
import shutil
import unittest

import beacon_browser as bb

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class LiveReloadTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(os.path.join(REPO, "beacon-store.json"), encoding="utf-8") as f:
            store = json.load(f)
        cls.folder = bb.new_site_folder("beacon-watch-", store=store)
        cls.server = bb.WatchServer(cls.folder)
        cls.driver = bb.make_driver(width=390, height=844)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open_detail(self, name):
        self.driver.get(self.server.url())
        bb.wait_ready(self.driver)
        href = self.driver.execute_script(
            "return [...document.querySelectorAll('a[href*=\"steder/\"]')].find(a => a.textContent.includes(arguments[0])).getAttribute('href');", name)
        self.driver.get(self.server.url(href.lstrip("./")))
        self.driver.get_log("browser")

    def test_a_rating_reaches_the_open_page(self):
        self.open_detail("Tim Wendelboe")
        before = self.driver.execute_script("return document.querySelectorAll('.rating-entry').length;")
        seconds = bb.rate_and_wait_for_page(self.driver, self.folder, "Tim Wendelboe", 1, "Sett fra terminalen")
        print(f"\n  serve --watch: sitegen rate → the open page shows the new rating in {seconds * 1000:.0f} ms", flush=True)
        self.assertLess(seconds, 10)
        after = self.driver.execute_script("return document.querySelectorAll('.rating-entry').length;")
        self.assertEqual(after, before + 1)
        errors = bb.console_errors(self.driver)
        self.assertEqual(errors, [], "no CSP or script errors")
        cached = self.driver.execute_async_script(
            "const done = arguments[0]; caches.keys().then(k => done(k.length));")
        self.assertEqual(cached, 0, "no offline copy while watching")
        self.assertIn("Bygget på nytt", self.server.stderr())

    def test_a_failed_rebuild_keeps_the_page_and_says_why(self):
        self.open_detail("Tim Wendelboe")
        store = os.path.join(self.folder, "beacon-store.json")
        with open(store, encoding="utf-8") as f:
            good = f.read()
        try:
            with open(store, "w", encoding="utf-8") as f:
                f.write("{ ødelagt")
            bb.wait_for(self.driver, lambda: "Viser fortsatt forrige versjon" in self.server.stderr(), timeout=10,
                        message="the terminal says the last site stays")
            self.driver.refresh()
            self.assertIn("Tim Wendelboe", self.driver.execute_script("return document.querySelector('h1').textContent;"))
        finally:
            with open(store, "w", encoding="utf-8") as f:
                f.write(good)


if __name__ == "__main__":
    unittest.main()
