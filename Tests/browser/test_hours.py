""""Åpent nå" / "Stengt nå" in a real browser: the shared case table
(Tests/Fixtures/opening-hours-cases.json, also run by the Swift tests) through
BeaconHours.isOpen in several time zones, and its "statuses" ("Åpent · stenger
kl. 22:00") through BeaconHours.statusAt and .status; then, with the browser's
clock set by the test, the detail pages' badge (the status with the next change),
the list's badges and its "Åpent nå" filter (combined with the other filters,
reset by Nullstill, not remembered), and both kept up to date as the minute turns."""
import datetime
import json
import os
import shutil
import subprocess
import tempfile
import unittest
import zoneinfo

from selenium.webdriver.common.by import By

import beacon_browser as bb

CASES_FILE = os.path.join(bb.REPO, "Tests", "Fixtures", "opening-hours-cases.json")
TIME_ZONE_CASES_FILE = os.path.join(bb.REPO, "Tests", "Fixtures", "time-zone-cases.json")
OSLO = zoneinfo.ZoneInfo("Europe/Oslo")

# A browser time zone far from Oslo's, so a script that used local time instead of Oslo time fails.
READER_ZONE = "America/New_York"


def load_cases(kind="cases"):
    """The table's "cases" (open/closed/unknown) or "statuses" (the exact text, None: nothing shown)."""
    with open(CASES_FILE, encoding="utf-8") as f:
        return json.load(f)[kind]


def instant(at):
    """`at` from the table as an aware datetime: local time in Oslo, or an instant with Z or an offset."""
    value = datetime.datetime.fromisoformat(at.replace("Z", "+00:00"))
    if value.tzinfo is None:
        first, second = value.replace(tzinfo=OSLO, fold=0), value.replace(tzinfo=OSLO, fold=1)
        if first.utcoffset() != second.utcoffset():
            raise ValueError(f"{at} is skipped or repeated in Oslo (a DST change): give an offset")
        value = first
    return value


def epoch_ms(at):
    return int(instant(at).timestamp() * 1000)


def oslo_clock(at):
    """`at` as BeaconHours counts time: weekday (0 = Monday) and minute of the day in Oslo."""
    local = instant(at).astimezone(OSLO)
    return local.weekday(), local.hour * 60 + local.minute


# Runs in the page: every case through BeaconHours.isOpen; `at` as epoch milliseconds, or as the
# table's text through `new Date(at)` (which reads a time without offset as the browser's local time).
RUN_CASES = """
const [cases] = arguments;
return cases.map(([raw, at]) => {
  const result = BeaconHours.isOpen(raw, new Date(at));
  return result === null ? 'unknown' : (result ? 'open' : 'closed');
});
"""

# Every status case through BeaconHours.statusAt (Oslo weekday and minute) and BeaconHours.status
# (the instant, as epoch milliseconds): [text or null, the same from status(), a well-formed answer].
RUN_STATUS_CASES = """
const [cases] = arguments;
return cases.map(([raw, weekday, minute, at]) => {
  const result = BeaconHours.statusAt(raw, weekday, minute);
  const viaDate = BeaconHours.status(raw, new Date(at));
  const wellFormed = result === null || (typeof result.open === 'boolean' && typeof result.text === 'string'
    && (result.next === null || (Number.isInteger(result.next.weekday) && Number.isInteger(result.next.minute)))
    && (result.open ? result.text.startsWith('Åpent') : result.text.startsWith('Stengt'))
    && BeaconHours.isOpenAt(raw, weekday, minute) === result.open);
  return [result === null ? null : result.text, viaDate === null ? null : viaDate.text, wellFormed];
});
"""

# Installed before any page script runs (CDP bypasses the page's CSP): the clock starts at
# FIXED and keeps ticking; `new Date(x)` with arguments is untouched.
FAKE_CLOCK = """
(() => {
  const RealDate = Date;
  const shift = %d - RealDate.now();
  function FakeDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + shift).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + shift) : new RealDate(...args);
  }
  FakeDate.prototype = RealDate.prototype;
  FakeDate.now = () => RealDate.now() + shift;
  FakeDate.parse = RealDate.parse;
  FakeDate.UTC = RealDate.UTC;
  window.Date = FakeDate;
})();
"""

# Oracles by hand (not computed by the code under test), from the hours in beacon_browser.HOURS.
# "none": the place has no opening hours (no badge, no script on its page); "unknown": hours we
# do not understand or that name public holidays (no badge either).
SATURDAY_NIGHT = "2026-11-28T01:30"  # Saturday 01:30 in Oslo (Friday 19:30 in New York)
# Hotels have no status ("none"): a hotel is open to its guests whatever OSM's hours say.
HOTELS = {"Aas Gjestgiveri": "none", "anker hotell": "none", "Grand Hotel": "none", "Vidde Hotell": "none"}
STATUS_SATURDAY_NIGHT = {
    "Ærfugl Kafé": "closed", "Øst Bistro": "unknown", "Åpent Bakeri": "closed",
    "Zeppelin Bar": "open",  # Friday 16:00-03:00
    "Bølgen & Moi": "closed", "Café Élan": "closed",
    "Kaffebrenneriet": "open",  # 24/7
    "Mat <&> Drikke": "unknown", "Ytre Brygge": "closed", "Aula Kafé": "none", **HOTELS,
}
WEDNESDAY_NOON = "2026-11-25T12:00"
STATUS_WEDNESDAY_NOON = {
    "Ærfugl Kafé": "open", "Øst Bistro": "unknown", "Åpent Bakeri": "open",
    "Zeppelin Bar": "closed", "Bølgen & Moi": "open", "Café Élan": "open",
    "Kaffebrenneriet": "open", "Mat <&> Drikke": "unknown", "Ytre Brygge": "open",
    "Aula Kafé": "none", **HOTELS,
}
# Sunday 02:30: Saturday's night (16:00-03:00) runs on although Sunday is "off".
SUNDAY_EARLY = "2026-11-29T02:30"
# Monday 00:30: Sunday is off, so no night runs into Monday.
MONDAY_EARLY = "2026-11-23T00:30"
# The cards' badges, by hand: the status with the next change (as the detail page), '' for none.
CARD_BADGE = {
    SATURDAY_NIGHT: {
        "Ærfugl Kafé": "Stengt · åpner kl. 09:00", "Åpent Bakeri": "Stengt · åpner kl. 08:00",
        "Zeppelin Bar": "Åpent · stenger kl. 03:00", "Bølgen & Moi": "Stengt · åpner kl. 08:00",
        "Café Élan": "Stengt · åpner kl. 10:00", "Kaffebrenneriet": "Åpent døgnet rundt",
        "Ytre Brygge": "Stengt · åpner kl. 08:00",
    },
    WEDNESDAY_NOON: {
        "Ærfugl Kafé": "Åpent · stenger kl. 18:00", "Åpent Bakeri": "Åpent · stenger kl. 22:00",
        "Zeppelin Bar": "Stengt · åpner kl. 16:00", "Bølgen & Moi": "Åpent · stenger kl. 22:00",
        "Café Élan": "Åpent · stenger kl. 16:00", "Kaffebrenneriet": "Åpent døgnet rundt",
        "Ytre Brygge": "Åpent · stenger kl. 22:00",
    },
}
# The detail page's badge: the status with the next change, by hand from beacon_browser.HOURS.
DETAIL_BADGE = {
    SATURDAY_NIGHT: {
        "Zeppelin Bar": "Åpent · stenger kl. 03:00",  # Friday's night, 16:00-03:00
        "Ærfugl Kafé": "Stengt · åpner kl. 09:00",  # Sa,Su 09:00-17:00
        "Kaffebrenneriet": "Åpent døgnet rundt",  # 24/7
        "Café Élan": "Stengt · åpner kl. 10:00",  # Sa 10:00-14:00
    },
    WEDNESDAY_NOON: {
        "Zeppelin Bar": "Stengt · åpner kl. 16:00",
        "Ærfugl Kafé": "Åpent · stenger kl. 18:00",
        "Kaffebrenneriet": "Åpent døgnet rundt",
        "Café Élan": "Åpent · stenger kl. 16:00",
    },
}


class ClockedBrowserTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = bb.site()
        cls.driver = bb.make_driver()
        cls.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": READER_ZONE})
        cls.clock_script = None

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        self.unset_clock()
        errors = bb.console_errors(self.driver)
        self.assertEqual(errors, [], "console errors")

    def set_clock(self, at):
        """The browser's clock starts at `at` (Oslo time, see instant()) on the next page load."""
        self.unset_clock()
        result = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_CLOCK % epoch_ms(at)})
        type(self).clock_script = result["identifier"]

    def unset_clock(self):
        if type(self).clock_script is not None:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": type(self).clock_script})
            type(self).clock_script = None

    def open(self, path):
        self.driver.get(self.site.url(path))

    def open_list(self):
        d = self.driver
        d.get(self.site.url("index.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        d.get(self.site.url("index.html"))
        bb.wait_ready(d)

    def open_now_toggle(self):
        """"Åpent nå", in the filter panel (opened if it is closed)."""
        toggle = self.driver.find_element(By.ID, "explorer-filters-button")
        if toggle.get_attribute("aria-expanded") != "true":
            toggle.click()
        return self.button("Åpent nå")

    def chip(self, name):
        """Goes to another explorer page by its category chip."""
        d = self.driver
        link = bb.chip(d, name)
        target = link.get_property("href")
        link.click()
        bb.wait_for(d, lambda: d.current_url == target)
        bb.wait_ready(d)

    def button(self, name):
        return bb.by_name(self.driver, "button", name)

    def pressed(self, name):
        """Whether a toggle is pressed ("Åpent nå" by id: it is hidden while the panel is closed)."""
        button = self.driver.find_element(By.ID, "explorer-open-now") if name == "Åpent nå" else self.button(name)
        return button.get_attribute("aria-pressed") == "true"

    def names(self):
        return bb.visible_names(self.driver)

    def wait_names(self, expected, timeout=3):
        bb.wait_for(self.driver, lambda: self.names() == expected, timeout, f"expected {expected}, saw {self.names()}")

    def card_badges(self):
        """Each listed card's name → its badge text ('' when it has none)."""
        return self.driver.execute_script("""
            return Object.fromEntries(Array.from(document.querySelectorAll('#place-list .place-card'), card => {
              const badge = card.querySelector('.open-badge');
              return [card.querySelector('.place-card__name').textContent, badge ? badge.textContent : ''];
            }));""")


class CaseTableTests(ClockedBrowserTestCase):
    """The shared table through the page script, as the Swift tests run it through OpeningHours."""

    def setUp(self):
        self.cases = load_cases()
        self.driver.get_log("browser")

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": READER_ZONE})
        super().tearDown()

    def run_cases(self, zone, as_text):
        d = self.driver
        d.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
        self.open(self.site.detail_path("Zeppelin Bar"))
        bb.wait_for(d, lambda: d.execute_script("return typeof window.BeaconHours === 'object'"))
        payload = [[c["raw"], c["at"] if as_text else epoch_ms(c["at"])] for c in self.cases]
        answers = d.execute_script(RUN_CASES, payload)
        mismatches = [f"{c['raw']!r} at {c['at']}: expected {c['expected']}, got {got} ({c['note']})"
                      for c, got in zip(self.cases, answers) if got != c["expected"]]
        self.assertEqual(mismatches, [], f"the page script disagrees with the case table in {zone}")

    def test_the_table_is_large_enough(self):
        self.assertGreaterEqual(len(self.cases), 40)
        self.assertEqual({c["expected"] for c in self.cases}, {"open", "closed", "unknown"})
        statuses = load_cases("statuses")
        self.assertGreaterEqual(len(statuses), 25)
        texts = {c["expected"] for c in statuses}
        self.assertTrue({None, "Stengt", "Åpent døgnet rundt"} <= texts)

    def test_every_status_case(self):
        d = self.driver
        statuses = load_cases("statuses")
        for zone in ("Europe/Oslo", READER_ZONE):
            with self.subTest(zone=zone):
                d.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
                self.open(self.site.detail_path("Zeppelin Bar"))
                bb.wait_for(d, lambda: d.execute_script("return typeof window.BeaconHours === 'object'"))
                payload = [[c["raw"], *oslo_clock(c["at"]), epoch_ms(c["at"])] for c in statuses]
                answers = d.execute_script(RUN_STATUS_CASES, payload)
                mismatches = [f"{c['raw']!r} at {c['at']}: expected {c['expected']!r}, got {got!r}"
                              f"{'' if via == got else f', status() {via!r}'}{'' if ok else ', malformed'} ({c['note']})"
                              for c, (got, via, ok) in zip(statuses, answers)
                              if got != c["expected"] or via != got or not ok]
                self.assertEqual(mismatches, [], f"the page script disagrees with the status table in {zone}")

    def test_status_is_cheap_for_a_long_list(self):
        # The list may recompute up to 10,000 places' statuses once a minute: that stays cheap because each hours
        # string is parsed once and the parsed value shared (checked here as the identical object, not by a clock:
        # no test depends on how fast the machine is).
        self.open(self.site.detail_path("Zeppelin Bar"))
        shared, text, nxt = self.driver.execute_script("""
            const raws = ['Mo-Th 16:00-01:00; Fr,Sa 16:00-03:00; Su off', 'Mo-Fr 07:00-18:00; Sa,Su 09:00-17:00',
                          'Mo-Fr 08:00-16:00; Sa 10:00-14:00', '24/7', 'Tu-Sa 17:00-23:00; PH off', 'Mo-Su 08:00-22:00'];
            const first = BeaconHours.statusAt(raws[0], 6, 150);
            const parsed = raws.map((raw) => BeaconHours.parse(raw));
            for (let k = 0; k < 10000; k++) BeaconHours.statusAt(raws[k % raws.length], k % 7, (k * 7) % 1440);
            const shared = raws.every((raw, i) => parsed[i] !== null && BeaconHours.parse(raw) === parsed[i]);
            return [shared, first.text, BeaconHours.statusAt(raws[0], 6, 150).next];
        """)
        self.assertEqual(text, "Åpent · stenger kl. 03:00")
        self.assertEqual(nxt, {"weekday": 6, "minute": 180})
        self.assertTrue(shared, "an hours string was parsed again instead of its parsed value being shared")

    def test_every_case_with_the_browser_in_oslo_reading_local_times(self):
        # As the issue puts it: BeaconHours.isOpen(raw, new Date(at)), the browser's zone being Oslo's.
        self.run_cases("Europe/Oslo", as_text=True)

    def test_every_case_with_the_browser_elsewhere(self):
        for zone in (READER_ZONE, "Asia/Kolkata", "Pacific/Auckland", "UTC"):
            with self.subTest(zone=zone):
                self.run_cases(zone, as_text=False)

    def test_the_time_zone_table(self):
        # The shared table (also run by GuideTimeZoneTests): the guide's clock in zones north and south of
        # the equator, around their changes, with the browser itself in New York.
        d = self.driver
        self.open(self.site.detail_path("Zeppelin Bar"))
        self.assertEqual(d.execute_script("return [BeaconHours.timeZone, document.documentElement.dataset.timeZone]"),
                         ["Europe/Oslo", "Europe/Oslo"])
        with open(TIME_ZONE_CASES_FILE, encoding="utf-8") as f:
            cases = json.load(f)["cases"]
        self.assertGreaterEqual(len(cases), 40)
        answers = d.execute_script(
            "return arguments[0].map(([zone, at]) => BeaconHours.clockIn(zone, new Date(at)));",
            [[c["zone"], epoch_ms(c["at"])] for c in cases])
        mismatches = [f"{c['zone']} at {c['at']}: got {got} ({c['note']})" for c, got in zip(cases, answers)
                      if got != {"weekday": c["weekday"], "minute": c["minute"], "date": c["date"]}]
        self.assertEqual(mismatches, [])
        self.assertIsNone(d.execute_script("return BeaconHours.clockIn('Europe/Nowhere', new Date())"))

    def test_oslo_clock_and_parse(self):
        d = self.driver
        self.open(self.site.detail_path("Zeppelin Bar"))
        checks = {
            "2026-11-23T09:30:00Z": {"weekday": 0, "minute": 10 * 60 + 30},   # Monday, CET
            "2026-07-05T21:59:00Z": {"weekday": 6, "minute": 23 * 60 + 59},   # Sunday, CEST
            "2026-03-29T01:00:00Z": {"weekday": 6, "minute": 3 * 60},         # spring forward: 02:00 → 03:00
            "2026-10-25T01:30:00Z": {"weekday": 6, "minute": 2 * 60 + 30},    # the second 02:30
            "2026-12-31T23:30:00Z": {"weekday": 4, "minute": 30},             # Friday 1 January 2027
        }
        for at, expected in checks.items():
            with self.subTest(at=at):
                self.assertEqual(d.execute_script("return BeaconHours.zoneNow(new Date(arguments[0]))", epoch_ms(at)), expected)
        parsed = d.execute_script("""
            const a = BeaconHours.parse('Mo-Fr 08:00-16:00; Sa 10:00-14:00');
            return {same: a === BeaconHours.parse('Mo-Fr 08:00-16:00; Sa 10:00-14:00'), week: a.week,
                    none: BeaconHours.parse('sunrise-sunset'), notText: BeaconHours.parse(undefined),
                    night: BeaconHours.parse('Fr 22:00-02:00').week[4]};""")
        self.assertTrue(parsed["same"], "a distinct string is parsed once and cached")
        # Each weekday's spans, flattened: [start, end, start, end, …] in minutes.
        self.assertEqual(parsed["week"], [[480, 960]] * 5 + [[600, 840], []])
        self.assertIsNone(parsed["none"])
        self.assertIsNone(parsed["notText"])
        self.assertEqual(parsed["night"], [1320, 1560])


class DetailBadgeTests(ClockedBrowserTestCase):
    def badge(self):
        found = self.driver.find_elements(By.ID, "open-status")
        return found[0] if found else None

    def test_badge_says_open_or_closed_in_oslo_time(self):
        for at, statuses in ((SATURDAY_NIGHT, STATUS_SATURDAY_NIGHT), (WEDNESDAY_NOON, STATUS_WEDNESDAY_NOON)):
            self.set_clock(at)
            for name in ("Zeppelin Bar", "Ærfugl Kafé", "Kaffebrenneriet", "Café Élan"):
                with self.subTest(at=at, place=name):
                    self.open(self.site.detail_path(name))
                    badge = self.badge()
                    bb.wait_for(self.driver, badge.is_displayed, message=f"no badge on {name}")
                    self.assertEqual(badge.text, DETAIL_BADGE[at][name])
                    self.assertEqual(badge.get_attribute("data-state"), statuses[name])
                    # In the badge row beside the star, not somewhere else.
                    self.assertTrue(self.driver.execute_script(
                        "return arguments[0].parentElement.classList.contains('place-detail__badges')", badge))

    def test_nights_past_midnight(self):
        self.set_clock(SUNDAY_EARLY)
        self.open(self.site.detail_path("Zeppelin Bar"))
        bb.wait_for(self.driver, lambda: self.badge().text == "Åpent · stenger kl. 03:00",
                    message="Saturday night should run into Sunday")
        self.assertEqual(self.badge().get_attribute("data-state"), "open")
        self.set_clock(MONDAY_EARLY)
        self.open(self.site.detail_path("Zeppelin Bar"))
        bb.wait_for(self.driver, lambda: self.badge().text == "Stengt · åpner kl. 16:00", message="no Sunday night")
        self.assertEqual(self.badge().get_attribute("data-state"), "closed")
        # Sunday afternoon (Su off): Monday's 16:00 is tomorrow.
        self.set_clock("2026-11-29T15:00")
        self.open(self.site.detail_path("Zeppelin Bar"))
        bb.wait_for(self.driver, lambda: self.badge().text == "Stengt · åpner i morgen kl. 16:00")

    def test_unknown_hours_and_no_hours_show_nothing(self):
        self.set_clock(SATURDAY_NIGHT)
        # Hours read but whose status cannot be known now (public holidays): the badge stays empty.
        self.open(self.site.detail_path("Øst Bistro"))
        bb.pause(0.3)
        badge = self.badge()
        self.assertIsNotNone(badge)
        self.assertFalse(badge.is_displayed())
        self.assertEqual(badge.get_attribute("textContent"), "")
        self.assertIn("Åpningstider", self.driver.find_element(By.CSS_SELECTOR, ".facts").text)
        # Hours the guide cannot read: no badge at all, the text as written, labelled so.
        self.open(self.site.detail_path("Mat <&> Drikke"))
        self.assertIsNone(self.badge())
        facts = self.driver.find_element(By.CSS_SELECTOR, ".facts").text
        self.assertIn("Åpningstider (fra OpenStreetMap, ikke tolket)\nring for åpningstider", facts)
        self.open(self.site.detail_path("Aula Kafé"))
        self.assertIsNone(self.badge())
        scripts = self.driver.execute_script("return Array.from(document.scripts, s => s.getAttribute('src')).filter(Boolean)")
        self.assertNotIn("../../assets/beacon-hours.js", scripts, "a page without hours needs no hours script")

    def test_badge_turns_with_the_minute(self):
        # Saturday 02:59:57: Zeppelin closes at 03:00 (the end of Friday night).
        self.set_clock("2026-11-28T02:59:57")
        self.open(self.site.detail_path("Zeppelin Bar"))
        bb.wait_for(self.driver, lambda: self.badge().text == "Åpent · stenger kl. 03:00")
        bb.wait_for(self.driver, lambda: self.badge().text == "Stengt · åpner kl. 16:00", timeout=8,
                    message="the badge did not refresh at 03:00")
        self.assertEqual(self.badge().get_attribute("data-state"), "closed")


class ListTests(ClockedBrowserTestCase):
    def setUp(self):
        self.rows = bb.within_radius(self.site.places)
        self.driver.get_log("browser")

    def in_default_order(self, names):
        """«Anbefalt»: favorites first, then the picks (rated 4 or more) by higher average, then the rest nearer first."""
        key = lambda r: (not r["favorite"], -bb.pick_average(r), round(r["distance"]))  # noqa: E731
        return [r["name"] for r in sorted(self.rows, key=key) if r["name"] in names]

    def test_cards_show_the_status_with_the_next_change(self):
        for at in (SATURDAY_NIGHT, WEDNESDAY_NOON):
            with self.subTest(at=at):
                self.set_clock(at)
                self.open_list()
                badges = self.card_badges()
                self.assertEqual(set(badges), {r["name"] for r in self.rows})
                for name, text in badges.items():
                    self.assertEqual(text, CARD_BADGE[at].get(name, ""), name)

    def test_hotels_have_no_status(self):
        d = self.driver
        self.set_clock(WEDNESDAY_NOON)
        self.open_list()
        hotels = [r["name"] for r in self.rows if r["category"] == "hotel"]
        badges = self.card_badges()
        self.assertTrue(hotels)
        self.assertEqual({badges[h] for h in hotels}, {""})
        self.open(self.site.detail_path("Grand Hotel"))
        self.assertEqual(d.find_elements(By.ID, "open-status"), [])
        self.assertEqual(d.find_elements(By.CSS_SELECTOR, "script[src$='beacon-hours.js']"), [])
        self.assertIn("Åpningstider", d.find_element(By.CSS_SELECTOR, ".facts").text, "the hours are still listed")

    def test_open_now_filter(self):
        d = self.driver
        self.set_clock(SATURDAY_NIGHT)
        self.open_list()
        toggle = self.open_now_toggle()
        self.assertTrue(toggle.is_displayed())
        self.assertEqual(toggle.get_attribute("aria-pressed"), "false")
        self.assertEqual(self.names(), self.in_default_order({r["name"] for r in self.rows}))
        toggle.click()
        self.assertTrue(self.pressed("Åpent nå"))
        open_now = {n for n, s in STATUS_SATURDAY_NIGHT.items() if s == "open"}
        self.wait_names(self.in_default_order(open_now))
        self.assertTrue(bb.results_count(d).startswith(f"{len(open_now)} steder"))
        self.assertTrue(all(text.startswith("Åpent") for text in self.card_badges().values()))
        # The map beside the list shows the same places.
        self.assertEqual(bb.map_place_ids(d), sorted(self.site.by_name[name]["id"] for name in open_now))
        # A pin's card tells the status with the next change, as the card in the list.
        zeppelin = self.site.by_name["Zeppelin Bar"]
        bb.zoom_map_to(d, zeppelin["lat"], zeppelin["lon"])
        next(e for e in d.find_elements(By.CSS_SELECTOR, "#explorer-map .map-pin-icon")
             if e.get_attribute("aria-label").startswith("Zeppelin Bar")).click()
        badge = bb.wait_for(d, lambda: d.find_elements(By.CSS_SELECTOR, ".leaflet-popup .open-badge"))[0]
        # The card fades in: its text is visible once it has.
        bb.wait_for(d, lambda: badge.text, message="the card's status shown")
        self.assertEqual(badge.text, CARD_BADGE[SATURDAY_NIGHT]["Zeppelin Bar"])
        # Combined with the other filters, and along to the category pages.
        self.chip("Kafeer")
        self.wait_names(["Kaffebrenneriet"])
        self.chip("Restauranter")
        self.wait_names(["Zeppelin Bar"])
        self.open_now_toggle()
        self.button("Bare favoritter").click()
        self.wait_names(["Zeppelin Bar"])
        self.chip("Hoteller")
        bb.wait_for(d, lambda: d.find_element(By.ID, "explorer-empty").is_displayed())
        # Nullstill turns it off; a second press also does.
        self.chip("Alle")
        self.open_now_toggle()
        self.button("Nullstill").click()
        self.assertFalse(self.pressed("Åpent nå"))
        self.wait_names(self.in_default_order({r["name"] for r in self.rows}))
        self.button("Åpent nå").click()
        self.wait_names(self.in_default_order(open_now))
        self.button("Åpent nå").click()
        self.assertFalse(self.pressed("Åpent nå"))
        self.wait_names(self.in_default_order({r["name"] for r in self.rows}))

    def test_filter_at_noon_and_past_midnight(self):
        for at, statuses in ((WEDNESDAY_NOON, STATUS_WEDNESDAY_NOON), (SUNDAY_EARLY, None), (MONDAY_EARLY, None)):
            with self.subTest(at=at):
                self.set_clock(at)
                self.open_list()
                self.open_now_toggle().click()
                if statuses is None:
                    expected = {"Kaffebrenneriet", "Zeppelin Bar"} if at == SUNDAY_EARLY else {"Kaffebrenneriet"}
                else:
                    expected = {n for n, s in statuses.items() if s == "open"}
                self.wait_names(self.in_default_order(expected))

    def test_open_now_lasts_for_this_tab_only(self):
        d = self.driver
        self.set_clock(SATURDAY_NIGHT)
        self.open_list()
        self.open_now_toggle().click()
        self.chip("Kafeer")
        self.wait_names(["Kaffebrenneriet"])
        self.assertTrue(self.pressed("Åpent nå"))
        self.assertNotIn("openNow", d.execute_script("return localStorage.getItem('beacon.explorer.v3') || ''"))
        # The next visit (a new session) starts without it.
        d.execute_script("sessionStorage.clear()")
        d.get(self.site.url("kafeer/index.html"))
        bb.wait_ready(d)
        self.assertFalse(self.pressed("Åpent nå"))
        self.assertIn("Ærfugl Kafé", self.names())

    def test_list_follows_the_clock(self):
        self.set_clock("2026-11-28T02:59:57")
        self.open_list()
        badges = self.card_badges()
        self.assertEqual(badges["Zeppelin Bar"], "Åpent · stenger kl. 03:00")
        self.open_now_toggle().click()
        self.wait_names(["Zeppelin Bar", "Kaffebrenneriet"])
        bb.wait_for(self.driver, lambda: self.names() == ["Kaffebrenneriet"], timeout=8,
                    message="the filter did not follow the clock past 03:00")
        self.button("Åpent nå").click()
        bb.wait_for(self.driver, lambda: self.card_badges().get("Zeppelin Bar") == "Stengt · åpner kl. 16:00")

    def test_badges_refresh_in_place_without_the_filter(self):
        self.set_clock("2026-11-28T02:59:57")
        self.open_list()
        self.assertEqual(self.card_badges()["Zeppelin Bar"], "Åpent · stenger kl. 03:00")
        first = self.driver.find_element(By.CSS_SELECTOR, "#place-list .place-card__link")
        self.driver.execute_script("arguments[0].focus()", first)
        bb.wait_for(self.driver, lambda: self.card_badges()["Zeppelin Bar"] == "Stengt · åpner kl. 16:00", timeout=8)
        self.assertEqual(self.driver.switch_to.active_element, first, "the refresh moved the focus")

    def test_toggle_is_hidden_when_no_place_has_understood_hours(self):
        d = self.driver
        self.open_list()
        # Without the hours script (blocked), the list works and offers no "Åpent nå".
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*beacon-hours.js"]})
        try:
            d.get(self.site.url("index.html"))
            bb.wait_ready(d)
            d.find_element(By.ID, "explorer-filters-button").click()
            self.assertTrue(d.find_element(By.ID, "explorer-filters").is_displayed())
            self.assertFalse(d.find_element(By.ID, "explorer-open-now").is_displayed())
            self.assertEqual(set(self.card_badges().values()), {""})
            self.assertEqual(len(self.names()), len(self.rows))
        finally:
            d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            d.get_log("browser")  # the blocked request's error

    def test_accessible_with_badges_and_the_filter(self):
        self.set_clock(SATURDAY_NIGHT)
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                bb.set_media(self.driver, dark=dark)
                self.open_list()
                violations = bb.run_axe(self.driver)
                self.assertEqual(violations, [], bb.format_violations(violations))
                self.open_now_toggle().click()
                violations = bb.run_axe(self.driver)
                self.assertEqual(violations, [], bb.format_violations(violations))
                for name in ("Zeppelin Bar", "Ærfugl Kafé"):
                    self.open(self.site.detail_path(name))
                    bb.wait_for(self.driver, lambda: self.driver.find_element(By.ID, "open-status").is_displayed())
                    violations = bb.run_axe(self.driver)
                    self.assertEqual(violations, [], f"{name}:\n{bb.format_violations(violations)}")
        bb.set_media(self.driver)


class GuideZoneTests(ClockedBrowserTestCase):
    """A guide in Edinburgh goes by London's clock (the zone at its centre), whatever the reader's."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.folder = tempfile.mkdtemp(prefix="beacon-browser-zone-")
        with open(os.path.join(cls.folder, "beacon-settings.json"), "w", encoding="utf-8") as f:
            json.dump({"format": 1, "center": {"lat": 55.9533, "lon": -3.1883, "label": "Waverley"}}, f)
        places = os.path.join(bb.REPO, "Tests", "Fixtures", "formats", "edinburgh-restaurants-osm.geojson")
        subprocess.run([bb.sitegen_binary(), "build", "--site", cls.folder, "--places", places,
                        "--category", "restaurant", "--quiet"], check=True, capture_output=True, timeout=300)
        cls.server = bb.Server(os.path.join(cls.folder, "output"))
        with open(os.path.join(cls.folder, "output", "index.html"), encoding="utf-8") as f:
            html = f.read()
        start = html.index('id="beacon-data">') + len('id="beacon-data">')
        data = json.loads(html[start:html.index("</script>", start)])
        cls.bento = next(p["u"] for p in data["places"] if p["n"] == "Bento Ya")

    @classmethod
    def tearDownClass(cls):
        cls.server.close()
        shutil.rmtree(cls.folder, ignore_errors=True)
        super().tearDownClass()

    def test_the_badge_goes_by_the_guides_clock(self):
        # Bento Ya: «Mo-Su 12:00-15:00,17:00-22:30». Thursday 26 November 2026 (GMT in Edinburgh).
        d = self.driver
        for at, expected in (("2026-11-26T11:30:00Z", "Stengt · åpner kl. 12:00"),
                             ("2026-11-26T22:15:00Z", "Åpent · stenger kl. 22:30")):
            with self.subTest(at=at):
                self.set_clock(at)
                d.get(self.server.url(self.bento))
                badge = d.find_element(By.ID, "open-status")
                bb.wait_for(d, lambda: badge.is_displayed())
                self.assertEqual(badge.text, expected)
                self.assertEqual(d.execute_script("return BeaconHours.timeZone"), "Europe/London")


if __name__ == "__main__":
    unittest.main()
