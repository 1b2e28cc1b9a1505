"""Cards on messy data, on a 390×844 phone: a Hanoi-shaped guide (Tests/Fixtures/messy-hanoi.geojson: Vietnamese
names, streets without numbers, places with only a ward, a district or a town, places with nothing) whose cards
show the street or the part of town the data has, or nothing, never «Adresse mangler»; whose open-status pills
stay on one line beside long names; whose «Mine steder» quotes the owner's comments as the explorer does, lined
up with the names; and whose share file shows whole addresses, the week's hours as a table and a map that names
its places. Every page passes axe and, where it is set up (VNU_JAR), the W3C checker."""
import os
import shutil
import subprocess
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

FIXTURE = os.path.join(bb.REPO, "Tests", "Fixtures", "messy-hanoi.geojson")

# One line of a pill: its text at 0.82rem and its padding (two lines are over 40 px).
ONE_LINE = 26


class MessyCardsTests(bb.BuiltSiteTestCase):
    PREFIX = "beacon-hanoi-"
    SETTINGS = {"format": 1, "title": "Hà Nội", "radiusKm": 5,
                "center": {"lat": 21.0287, "lon": 105.8524, "label": "Hồ Hoàn Kiếm"}}
    PLACES = FIXTURE

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.quit()
        for arguments in (
            ["rate", "Bánh Mì 25", "5", "--comment", "Det beste brødet i gamlebyen, sprøtt og varmt rett fra grillen."],
            ["rate", "Chả Cá Thăng Long", "4", "--comment", "Dill og fisk stekt ved bordet.\n\nBestill bord."],
            ["favorite", "add", "Bánh Mì 25"], ["favorite", "add", "Chả Cá Thăng Long"],
            ["favorite", "add", "Nhà Hàng Chay"], ["favorite", "add", "Bún Chả Hương Liên"],
        ):
            subprocess.run([bb.sitegen_binary(), *arguments, "--site", cls.folder], check=True, capture_output=True)
        cls.output = bb.build(cls.folder, cls.PLACES)
        cls.share = os.path.join(cls.folder, "mine-steder.html")
        subprocess.run([bb.sitegen_binary(), "share", "--site", cls.folder, "--output", cls.share, "--quiet"],
                       check=True, capture_output=True)
        cls.driver = bb.phone_driver(390, 844)

    def cards(self):
        return self.driver.execute_script("""
            return Array.from(document.querySelectorAll('#place-list .place-card'), (card) => {
              const pill = card.querySelector('.open-badge');
              const box = pill && pill.getBoundingClientRect();
              const own = card.getBoundingClientRect();
              return {
                name: card.querySelector('.place-card__name').textContent,
                address: Array.from(card.querySelectorAll('.place-card__address'), (a) => a.textContent),
                missing: card.querySelectorAll('.address--missing').length,
                pill: pill && pill.textContent,
                pillHeight: box && box.height,
                pillInside: !box || (box.left >= own.left && box.right <= own.right),
              };
            });""")

    def test_cards_show_the_street_or_the_area_or_nothing(self):
        self.open("index.html")
        cards = {c["name"]: c for c in self.cards()}
        self.assertEqual(len(cards), 12)
        self.assertEqual(sum(c["missing"] for c in cards.values()), 0, "no card says an address is missing")
        self.assertEqual(cards["Bánh Mì 25"]["address"], ["Hàng Bạc, Hà Nội"])
        self.assertEqual(cards["Chả Cá Thăng Long"]["address"], ["Quận Hoàn Kiếm, Hà Nội"])
        self.assertEqual(cards["Cộng Cà Phê"]["address"], ["Phường Hàng Trống, Hà Nội"])
        self.assertEqual(cards["Cà Phê Giảng"]["address"], ["Phố Nguyễn Hữu Huân, Hà Nội"])
        self.assertEqual(cards["Bún Chả Hương Liên"]["address"], [])
        # The place's page says what is missing.
        d = self.open_place_page("Bún Chả Hương Liên")
        self.assertEqual(d.find_element(By.CSS_SELECTOR, ".facts .address--missing").text, "Adresse mangler")

    def test_an_open_status_pill_never_wraps_on_a_phone(self):
        d = self.driver
        for dark in (False, True):
            bb.set_media(d, dark=dark)
            self.open("index.html")
            cards = self.cards()
            pills = [c for c in cards if c["pill"]]
            self.assertGreaterEqual(len(pills), 10)
            # «Stengt · åpner i morgen kl. 03:00» beside «Nhà Hàng Chay Thiện Duyên – Vegetarian Restaurant …».
            self.assertTrue(any("i morgen" in c["pill"] or "åpner" in c["pill"] for c in pills), pills)
            for card in pills:
                self.assertLess(card["pillHeight"], ONE_LINE, f"{card['name']}: «{card['pill']}» wraps")
                self.assertTrue(card["pillInside"], f"{card['name']}: the pill leaves its card")
            self.assertLessEqual(d.execute_script("return document.documentElement.scrollWidth"), 390)
            violations = bb.run_axe(d)
            self.assertEqual(violations, [], bb.format_violations(violations))
        # A long name and the longest text a pill has, in the languages' widest wording.
        longest = d.execute_script("""
            const pill = document.querySelector('#place-list .open-badge');
            const out = [];
            for (const text of ['Stengd · opnar i morgon kl. 06:00', 'Closed · opens tomorrow at 06:00']) {
              pill.textContent = text;
              out.push(pill.getBoundingClientRect().height);
            }
            return out;""")
        self.assertTrue(all(h < ONE_LINE for h in longest), longest)
        bb.set_media(d)

    def test_favourites_quote_the_comment_lined_up_with_the_name(self):
        d = self.driver
        d.get(self.server.url("favoritter/index.html"))
        bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete")
        quoted = d.execute_script("""
            return Array.from(document.querySelectorAll('.place-card'), (card) => {
              const comment = card.querySelector('.comment');
              if (!comment) return null;
              const first = comment.querySelector('p');
              const last = comment.lastElementChild;
              const name = card.querySelector('.place-card__name');
              return {
                name: name.textContent,
                classes: comment.className,
                open: getComputedStyle(first, '::before').content,
                close: getComputedStyle(last, '::after').content,
                quotes: getComputedStyle(comment).quotes,
                sameColour: getComputedStyle(first).color === getComputedStyle(name).color,
                offset: first.getBoundingClientRect().left - name.getBoundingClientRect().left,
                label: comment.querySelector('.visually-hidden').textContent,
                gap: first.getBoundingClientRect().top - card.querySelector('.place-card__meta').getBoundingClientRect().bottom,
              };
            }).filter(Boolean);""")
        self.assertEqual(len(quoted), 2, quoted)
        for comment in quoted:
            self.assertIn("comment--quoted", comment["classes"])
            self.assertEqual((comment["open"], comment["close"], comment["quotes"]),
                             ("open-quote", "close-quote", '"«" "»" "‹" "›"'), comment)
            self.assertTrue(comment["sameColour"], "in the text's colour, as the explorer's line")
            self.assertLessEqual(abs(comment["offset"]), 1, f"{comment['name']}: not lined up with the name")
            self.assertEqual(comment["label"], "Min kommentar:")
            self.assertLess(comment["gap"], 16, "close under the card's lines")
        self.assertEqual(d.find_elements(By.CSS_SELECTOR, ".address--missing"), [])
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))

    def test_the_share_file_shows_whole_addresses_a_table_of_hours_and_names_on_its_map(self):
        d = self.driver
        d.get("file://" + self.share)
        bb.wait_for(d, lambda: d.execute_script("return document.readyState") == "complete")
        cut = d.execute_script("""
            return Array.from(document.querySelectorAll('.share-card .place-card__address'))
              .filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent);""")
        self.assertEqual(cut, [], "addresses are cut off")
        hours = d.execute_script("""
            const card = Array.from(document.querySelectorAll('.share-card')).find((c) => c.textContent.includes('Chả Cá'));
            return Array.from(card.querySelectorAll('.week-hours tr'), (row) => row.textContent);""")
        self.assertEqual(hours, ["Hver dag10–14, 17–21"])
        labels = d.execute_script("""
            const svg = document.querySelector('.share-map__svg');
            const boxes = (selector) => Array.from(svg.querySelectorAll(selector), (e) => {
              const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, e.textContent]; });
            return {labels: boxes('.share-map__label'), pins: boxes('.share-map__pin circle'),
                    map: (() => { const r = svg.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()};""")
        names = [label[4] for label in labels["labels"]]
        self.assertIn("Bánh Mì 25", names)
        self.assertGreaterEqual(len(names), 3, names)

        def overlap(a, b):
            return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
        for i, label in enumerate(labels["labels"]):
            box = labels["map"]
            self.assertTrue(label[0] >= box[0] and label[2] <= box[2] and label[1] >= box[1] and label[3] <= box[3],
                            f"{label[4]} leaves the map")
            for other in labels["labels"][i + 1:] + labels["pins"]:
                self.assertFalse(overlap(label, other), f"{label[4]} covers {other[4] or 'a pin'}")
        quoted = d.execute_script("""
            const c = document.querySelector('.share-card .comment--quoted p');
            const name = c.closest('.share-card').querySelector('.place-card__name');
            return [getComputedStyle(c, '::before').content, getComputedStyle(c).quotes,
                    c.getBoundingClientRect().left - name.getBoundingClientRect().left];""")
        self.assertEqual(quoted[:2], ["open-quote", '"«" "»" "‹" "›"'])
        self.assertLessEqual(abs(quoted[2]), 1)
        violations = bb.run_axe(d)
        self.assertEqual(violations, [], bb.format_violations(violations))

    @unittest.skipUnless(os.environ.get("VNU_JAR"), "the W3C checker is not set up (VNU_JAR)")
    def test_the_pages_and_the_share_file_pass_the_w3c_checker(self):
        folder = os.path.join(self.folder, "checked")
        shutil.copytree(self.output, folder)
        shutil.copy(self.share, os.path.join(folder, "mine-steder.html"))
        # The share file's stylesheet is inline: the checker's CSS rules are older than the stylesheet (as for the
        # site's own beacon.css, which it is not given).
        done = subprocess.run(["java", "-jar", os.environ["VNU_JAR"], "--errors-only", "--skip-non-html",
                               "--filterpattern", ".*CSS: .*", folder],
                              capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)


if __name__ == "__main__":
    unittest.main()
