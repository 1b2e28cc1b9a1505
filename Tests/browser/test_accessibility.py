"""axe-core (WCAG 2.0/2.1 A and AA rules) on the list page (list view, map view,
empty state, a phone-sized list), a detail page of each category and the
favorites page, in light and in dark mode."""
import unittest

from selenium.webdriver.common.by import By

import beacon_browser as bb

DETAIL = {"restaurant": "Zeppelin Bar", "cafe": "Ærfugl Kafé", "hotel": "Aas Gjestgiveri"}


class AxeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        bb.axe_source()  # fails early when axe-core is not installed
        cls.site = bb.site()
        cls.driver = bb.make_driver(logging=False)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def assert_accessible(self, what):
        violations = bb.run_axe(self.driver)
        self.assertEqual(violations, [], f"axe-core on {what}:\n{bb.format_violations(violations)}")

    def open_list(self, dark):
        d = self.driver
        bb.set_media(d, dark=dark)
        d.get(self.site.url("index.html"))
        d.execute_script("localStorage.clear(); sessionStorage.clear()")
        d.get(self.site.url("index.html"))
        bb.wait_ready(d)

    def each_scheme(self):
        for dark in (False, True):
            with self.subTest(scheme="dark" if dark else "light"):
                yield dark

    def test_list_view(self):
        for dark in self.each_scheme():
            self.open_list(dark)
            self.assert_accessible("the list view beside the map")
            self.driver.find_element(By.ID, "explorer-filters-button").click()
            bb.by_name(self.driver, "button", "Bare favoritter").click()
            self.assert_accessible("the open filter panel with a pressed toggle and the filter count")
            self.driver.get(self.site.url("kafeer/index.html"))
            bb.wait_ready(self.driver)
            self.assert_accessible("a category's explorer with a filter on")

    def test_list_view_on_a_phone(self):
        for dark in self.each_scheme():
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
            self.open_list(dark)
            self.assert_accessible("the list view at 390 px")
            self.driver.find_element(By.ID, "explorer-filters-button").click()
            self.assert_accessible("the filter panel at 390 px")

    def test_map_view(self):
        for dark in self.each_scheme():
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
            self.open_list(dark)
            bb.by_name(self.driver, "button", "Kart").click()
            self.assertTrue(self.driver.find_element(By.ID, "explorer-map").is_displayed())
            bb.wait_map(self.driver)
            self.assert_accessible("the map view")

    def test_empty_state_and_messages(self):
        for dark in self.each_scheme():
            self.open_list(dark)
            self.driver.execute_cdp_cmd("Browser.setPermission", {"origin": self.site.server.origin,
                                                                  "permission": {"name": "geolocation"}, "setting": "denied"})
            bb.by_name(self.driver, "button", "Finn nærmeste meg").click()
            bb.wait_for(self.driver, lambda: self.driver.find_element(By.ID, "explorer-message").text != "")
            self.driver.find_element(By.ID, "explorer-filters-button").click()
            bb.by_name(self.driver, "input[type=range]", "Innen").send_keys("\ue011")  # Home: 1 km
            self.driver.find_element(By.ID, "explorer-search").send_keys("qqqzzz\n")
            bb.wait_for(self.driver, lambda: self.driver.find_element(By.ID, "explorer-empty").is_displayed())
            self.assert_accessible("the empty state with the filter panel and a position message")
            self.driver.execute_cdp_cmd("Browser.resetPermissions", {})

    def test_the_reader_position_messages(self):
        d = self.driver
        for dark in self.each_scheme():
            self.open_list(dark)
            d.execute_cdp_cmd("Browser.grantPermissions", {"origin": self.site.server.origin, "permissions": ["geolocation"]})
            try:
                d.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 60.39, "longitude": 5.32, "accuracy": 10})
                bb.by_name(d, "button", "Finn nærmeste meg").click()
                bb.wait_for(d, lambda: "utenfor området" in d.find_element(By.ID, "explorer-message").text)
                self.assert_accessible("the message for a reader far outside the guide")
                reader = self.site.by_name["Zeppelin Bar"]
                d.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": reader["lat"], "longitude": reader["lon"], "accuracy": 10})
                self.open_list(dark)
                bb.by_name(d, "button", "Finn nærmeste meg").click()
                bb.wait_for(d, lambda: d.find_element(By.ID, "explorer-origin-reset").is_displayed())
                self.assert_accessible("the list measured from the reader, with the way back to Oslo S")
            finally:
                d.execute_cdp_cmd("Browser.resetPermissions", {})
                d.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})

    def test_detail_pages(self):
        for category, name in DETAIL.items():
            for dark in (False, True):
                with self.subTest(category=category, scheme="dark" if dark else "light"):
                    bb.set_media(self.driver, dark=dark)
                    self.driver.get(self.site.url(self.site.detail_path(name)))
                    self.assert_accessible(f"the detail page of {name}")

    def test_favorites_page(self):
        for dark in self.each_scheme():
            bb.set_media(self.driver, dark=dark)
            self.driver.get(self.site.url("favoritter/index.html"))
            self.assert_accessible("the favorites page")


if __name__ == "__main__":
    unittest.main()
