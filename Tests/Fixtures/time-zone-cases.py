#!/usr/bin/python3
"""Writes time-zone-cases.json with Python's zoneinfo (the IANA database as installed): python3 time-zone-cases.py"""
import json, datetime, zoneinfo
UTC = datetime.timezone.utc
def case(zone, at, note):
    t = datetime.datetime.fromisoformat(at.replace("Z", "+00:00"))
    local = t.astimezone(zoneinfo.ZoneInfo(zone))
    return {"zone": zone, "at": at, "weekday": local.weekday(), "minute": local.hour * 60 + local.minute,
            "date": local.date().isoformat(), "note": note}
cases = []
def around(zone, utc, note):
    t = datetime.datetime.fromisoformat(utc.replace("Z", "+00:00"))
    for delta, word in ((-60, "a minute before"), (0, "at"), (60, "a minute after")):
        at = (t + datetime.timedelta(seconds=delta)).strftime("%Y-%m-%dT%H:%M:%SZ")
        cases.append(case(zone, at, f"{word} {note}"))
# Oslo and London: the last Sunday of March and October 2026 (29 March, 25 October), at 01:00 UTC.
for zone in ("Europe/Oslo", "Europe/London"):
    around(zone, "2026-03-29T01:00:00Z", "the spring change (last Sunday of March)")
    around(zone, "2026-10-25T01:00:00Z", "the autumn change (last Sunday of October)")
    cases.append(case(zone, "2026-11-26T11:30:00Z", "a winter Thursday"))
    cases.append(case(zone, "2026-07-01T22:30:00Z", "a summer night past midnight in Oslo"))
    cases.append(case(zone, "2026-12-31T23:30:00Z", "New Year's Eve in UTC"))
# Edinburgh, as the issue met it: Thursday 11:30 and 22:15 local in winter.
cases.append(case("Europe/London", "2026-11-26T22:15:00Z", "Edinburgh, Thursday evening"))
# South of the equator: Sydney's summer time ends on the first Sunday of April (03:00 → 02:00 local,
# 16:00 UTC the day before) and starts on the first Sunday of October (02:00 → 03:00, 16:00 UTC).
around("Australia/Sydney", "2026-04-04T16:00:00Z", "the end of summer time (first Sunday of April)")
around("Australia/Sydney", "2026-10-03T16:00:00Z", "the start of summer time (first Sunday of October)")
cases.append(case("Australia/Sydney", "2026-01-15T03:00:00Z", "January is summer"))
cases.append(case("Australia/Sydney", "2026-07-15T03:00:00Z", "July is winter"))
around("America/Santiago", "2026-09-06T04:00:00Z", "Chile's spring change at 24:00 on the first Saturday of September")
around("America/New_York", "2026-03-08T07:00:00Z", "New York's spring change (second Sunday of March)")
around("America/New_York", "2026-11-01T06:00:00Z", "New York's autumn change (first Sunday of November)")
cases.append(case("Asia/Kolkata", "2026-11-26T18:45:00Z", "half an hour off UTC, past midnight"))
cases.append(case("Asia/Kathmandu", "2026-11-26T18:00:00Z", "three quarters of an hour off UTC"))
cases.append(case("America/St_Johns", "2026-07-01T02:00:00Z", "Newfoundland summer, half an hour off"))
cases.append(case("Pacific/Auckland", "2026-09-26T13:59:00Z", "a minute before New Zealand's spring change"))
cases.append(case("Pacific/Auckland", "2026-09-26T14:00:00Z", "New Zealand's spring change"))
cases.append(case("America/Nuuk", "2026-03-28T23:30:00Z", "Greenland: its change at -01:00 local on Saturday night"))
cases.append(case("America/Sao_Paulo", "2026-01-15T12:00:00Z", "Brazil, no summer time"))
cases.append(case("Asia/Tokyo", "2026-06-30T15:00:00Z", "Tokyo, the next day's midnight"))
cases.append(case("UTC", "2026-03-29T01:00:00Z", "UTC has no change"))
about = ("The guide's clock in several time zones: at each instant (UTC), the weekday (0 = Monday), the minute "
         "of the day and the date on the zone's clock. Made with Python's zoneinfo from the IANA database "
         "(Tests/Fixtures/README.md says how); run through GuideTimeZone (GuideTimeZoneTests) and the page "
         "script's BeaconHours.clockIn (Tests/browser/test_hours.py).")
import os
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "time-zone-cases.json")
with open(path, "w") as file:
    json.dump({"about": about, "cases": cases}, file, indent=1, ensure_ascii=False)
    file.write("\n")
print(len(cases))
