#!/usr/bin/env python3
"""Deterministic synthetic Geoapify-Places-shaped GeoJSON FeatureCollection.

Usage: make_places.py N [OUT.json]   (default OUT: stdout)

A copy of the benchmark generator (/work/shared/bench/make-places.py) for the
browser tests and scripts/bench-browser.

Same N -> byte-identical output (seeded PRNG, seed derived from N only,
sorted-free fixed key order, fixed float formatting).
"""
import hashlib
import json
import math
import random
import sys

CENTER_LAT, CENTER_LON = 59.9111, 10.7503
RADIUS_M = 10_000.0

CATEGORIES = [
    ("catering.restaurant", "catering"),
    ("catering.cafe", "catering"),
    ("accommodation.hotel", "accommodation"),
]

ADJ = ["Gamle", "Nye", "Lille", "Store", "Blå", "Grønne", "Røde", "Gylne",
       "Søte", "Hvite", "Nordre", "Søndre", "Østre", "Vestre", "Glade", "Stille"]
NOUN = {
    "catering.restaurant": ["Kjøkken", "Spiseri", "Brasserie", "Bistro", "Fiskehus",
                            "Grill", "Stue", "Kro", "Smørbrødbar", "Taverna"],
    "catering.cafe": ["Kafé", "Kaffebar", "Bakeri", "Konditori", "Kaffestue",
                      "Brødbutikk", "Tebod", "Espressobar"],
    "accommodation.hotel": ["Hotell", "Gjestehus", "Pensjonat", "Vertshus",
                            "Herberge", "Overnatting", "Hotel & Spa"],
}
PLACE = ["Grünerløkka", "Majorstuen", "Frogner", "Tøyen", "Grønland", "Sagene",
         "Bjølsen", "Løren", "Økern", "Ullevål", "Skøyen", "Bygdøy", "Vålerenga",
         "Kampen", "Gamlebyen", "Sjølyst", "Æbleby", "Holmenkollen", "Nydalen",
         "Torshov", "Bislett", "Sentrum", "Aker Brygge", "Tjuvholmen", "Bjørvika"]
# A few names that need HTML escaping: & < > " '
TRICKY = [
    'Mat & Drikke',
    'Kaffe <&> Kake',
    'Bar "Fyret"',
    "Ola's Pub",
    'Søt & Salt "Bakeri"',
    "Kro <Øst> & Vest's",
]
STREETS = ["Karl Johans gate", "Thorvald Meyers gate", "Bogstadveien",
           "Markveien", "Grønlandsleiret", "Storgata", "Torggata",
           "Dronningens gate", "Kirkeveien", "Trondheimsveien", "Sørkedalsveien",
           "Ullevålsveien", "Møllergata", "Åkebergveien", "Hegdehaugsveien",
           "Schweigaards gate", "Bygdøy allé", "Frognerveien", "Sannergata",
           "Jens Bjelkes gate", "Tøyengata", "Ærfuglveien", "Øvre Slottsgate"]
HOURS = [
    "Mo-Fr 08:00-16:00",
    "Mo-Fr 07:30-18:00; Sa 09:00-16:00",
    "Mo-Su 11:00-23:00",
    "Tu-Sa 16:00-01:00; Su 14:00-22:00",
    "Mo-Th 11:00-22:00; Fr-Sa 11:00-02:00; Su 12:00-21:00",
    "24/7",
    None,
]
WEB_TLD = ["no", "com", "net"]


def slugish(s):
    t = s.lower()
    for a, b in (("æ", "ae"), ("ø", "o"), ("å", "a"), ("ü", "u"), ("é", "e")):
        t = t.replace(a, b)
    out = []
    for ch in t:
        out.append(ch if ch.isascii() and ch.isalnum() else "-")
    return "-".join(p for p in "".join(out).split("-") if p)


def make(n):
    rng = random.Random(f"sitegen-places-v1-{n}")
    feats = []
    for i in range(n):
        cat, parent = CATEGORIES[rng.randrange(3)]
        # uniform in disc of radius 10 km
        r = RADIUS_M * math.sqrt(rng.random())
        theta = rng.random() * 2 * math.pi
        dlat = (r * math.cos(theta)) / 111_320.0
        dlon = (r * math.sin(theta)) / (111_320.0 * math.cos(math.radians(CENTER_LAT)))
        lat = round(CENTER_LAT + dlat, 7)
        lon = round(CENTER_LON + dlon, 7)
        if i % 97 == 13:
            name = TRICKY[(i // 97) % len(TRICKY)]
        else:
            name = f"{rng.choice(ADJ)} {rng.choice(NOUN[cat])} {rng.choice(PLACE)}"
        street = rng.choice(STREETS)
        housenumber = str(rng.randint(1, 180)) + (rng.choice(["", "", "", "A", "B"]))
        postcode = f"{rng.randint(150, 1290):04d}"
        district = rng.choice(PLACE)
        line1 = name
        line2 = f"{street} {housenumber}, {postcode} Oslo, Norway"
        formatted = f"{name}, {street} {housenumber}, {postcode} Oslo, Norway"
        # Geoapify adds "distance" (metres from the bias point) when queried
        # with bias=proximity:lon,lat -- great-circle distance from the centre.
        p1, p2 = math.radians(CENTER_LAT), math.radians(lat)
        dp, dl = p2 - p1, math.radians(lon - CENTER_LON)
        h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        distance = int(round(2 * 6_371_008.8 * math.asin(math.sqrt(h))))
        pid_src = f"{n}:{i}:{lat}:{lon}".encode()
        place_id = "51" + hashlib.sha256(pid_src).hexdigest()[:62]
        props = {
            "name": name,
            "country": "Norway",
            "country_code": "no",
            "city": "Oslo",
            "postcode": postcode,
            "district": district,
            "street": street,
            "housenumber": housenumber,
            "lon": lon,
            "lat": lat,
            "formatted": formatted,
            "address_line1": line1,
            "address_line2": line2,
            "categories": [parent, cat],
            "details": ["details", "details.contact"],
            "datasource": {"sourcename": "openstreetmap",
                           "attribution": "© OpenStreetMap contributors",
                           "license": "Open Database License"},
            "distance": distance,
            "place_id": place_id,
        }
        oh = rng.choice(HOURS)
        if oh is not None:
            props["opening_hours"] = oh
        if rng.random() < 0.85:
            props["contact"] = {"phone": f"+47 {rng.randint(20, 99)} {rng.randint(10, 99)} "
                                         f"{rng.randint(10, 99)} {rng.randint(10, 99)}"}
        if rng.random() < 0.7:
            props["website"] = (f"https://www.{slugish(name) or 'sted'}-{i}."
                                f"{rng.choice(WEB_TLD)}/")
        feats.append({
            "type": "Feature",
            "properties": props,
            "geometry": {"type": "Point", "coordinates": [lon, lat]},
        })
    return {"type": "FeatureCollection", "features": feats}


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: make-places.py N [OUT.json]")
    n = int(sys.argv[1])
    data = json.dumps(make(n), ensure_ascii=False, separators=(",", ":")) + "\n"
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8", newline="\n") as f:
            f.write(data)
    else:
        sys.stdout.write(data)


if __name__ == "__main__":
    main()
