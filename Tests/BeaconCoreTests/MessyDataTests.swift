import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import Templates

/// Real data is messy: a missing address stays missing (never the place's name), and places that
/// share a name are told apart by their own address (`NameSuffixes`).
@Suite struct MessyDataTests {
    func decode(_ properties: String) throws -> Place {
        let json = try JSONParser.parse(
            bytes: Array(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-3.19,55.95]},"properties":{\#(properties)}}"#
                    .utf8))
        guard
            case .success(let place) = PlacesDecoder(defaultCategory: .restaurant).decodeFeature(
                json)
        else {
            throw Failure.notDecoded
        }
        return place
    }

    enum Failure: Error { case notDecoded }

    @Test func anAddressIsAStreetNeverTheName() throws {
        // Geoapify without a street: its address lines hold the name and the town.
        let noStreet = try decode(
            #""name":"Duck & Waffle","address_line1":"Duck & Waffle","address_line2":"Edinburgh EH2 2AD, United Kingdom","formatted":"Duck & Waffle, Edinburgh EH2 2AD, United Kingdom","postcode":"EH2 2AD","city":"Edinburgh""#
        )
        #expect(noStreet.address.singleLine == nil)
        #expect(noStreet.address.postcode == "EH2 2AD")
        // `formatted` alone, the name and nothing else.
        #expect(
            try decode(#""name":"Duck & Waffle","formatted":"Duck & Waffle""#).address.singleLine
                == nil)
        // A one-line `address` that is only the name (in other case and spacing), and one that is
        // an address.
        #expect(
            try decode(#""name":"Duck & Waffle","address":" duck & waffle ""#).address.singleLine
                == nil)
        #expect(
            try decode(#""name":"Bento Ya","address":"17 Forrest Road, Edinburgh""#).address
                .singleLine
                == "17 Forrest Road, Edinburgh")

        // The street from Geoapify's parts, from `datasource.raw`, or from OSM tags in the
        // properties.
        let geoapify = try decode(
            #""name":"Mother India","street":"Infirmary Street","housenumber":"3-5","postcode":"EH1 1LT","city":"Edinburgh""#
        )
        #expect(geoapify.address.singleLine == "Infirmary Street 3-5, EH1 1LT Edinburgh")
        let raw = try decode(
            #""name":"Nando's","address_line1":"Nando's","datasource":{"raw":{"addr:street":"Princes Street","addr:housenumber":112}}"#
        )
        #expect(raw.address.singleLine == "Princes Street 112")
        let overpass = try decode(
            #""name":"Bento Ya","addr:street":"Forrest Road","addr:housenumber":"17""#)
        #expect(overpass.address.singleLine == "Forrest Road 17")
    }

    /// The one-line address in the order of the place's country, as Geoapify (`country_code`) or
    /// OSM (`addr:country`) give it; without one, or with a name instead of a code, the order most
    /// of Europe uses.
    @Test func anAddressIsWrittenTheWayItsCountryWritesIt() throws {
        let parts =
            #""street":"Infirmary Street","housenumber":"3-5","postcode":"EH1 1LT","city":"Edinburgh""#
        let british = try decode(#""name":"Mother India","country_code":"gb","# + parts)
        #expect(british.address.singleLine == "3-5 Infirmary Street, Edinburgh EH1 1LT")
        #expect(british.address.country == "gb")
        let taggedBritish = try decode(
            #""name":"Nando's","datasource":{"raw":{"addr:street":"Princes Street","addr:housenumber":112,"addr:country":"GB"}}"#
        )
        #expect(taggedBritish.address.singleLine == "112 Princes Street")
        let french = try decode(
            #""name":"Le Servan","country_code":"fr","street":"Rue Saint-Maur","housenumber":"32","postcode":"75011","city":"Paris""#
        )
        #expect(french.address.singleLine == "32 Rue Saint-Maur, 75011 Paris")
        // The state where the country names it: from Geoapify's code, OSM's tag, else the code for
        // the name given.
        let american = try decode(
            #""name":"Cafe","country_code":"us","street":"Northwest 68th Street","housenumber":"3029","postcode":"98117","city":"Seattle","state":"Washington","state_code":"WA""#
        )
        #expect(american.address.singleLine == "3029 Northwest 68th Street, Seattle, WA 98117")
        let ontario = try decode(
            #""name":"Monaghan's","country_code":"ca","street":"Marlborough Court","housenumber":"1289","postcode":"L6H 2R9","city":"Oakville","state":"Ontario""#
        )
        #expect(
            ontario.address.singleLine == "1289 Marlborough Court, Oakville, ON L6H 2R9",
            "Geoapify's name only")
        let québec = try decode(
            #""name":"Olive et Gourmando","country_code":"ca","street":"Rue Saint-Paul Ouest","housenumber":"351","postcode":"H2Y 2A6","city":"Montréal","state":"Québec""#
        )
        #expect(québec.address.singleLine == "351 Rue Saint-Paul Ouest, Montréal, QC H2Y 2A6")
        let spelledOut = try decode(
            #""name":"Tartine","addr:street":"Guerrero Street","addr:housenumber":"600","addr:postcode":"94110","addr:city":"San Francisco","addr:state":"California","addr:country":"US""#
        )
        #expect(
            spelledOut.address.singleLine == "600 Guerrero Street, San Francisco, CA 94110",
            "OSM's tag as a name")
        // A name it does not know, or one from another country, is left out rather than guessed.
        for state in ["Ontarioo", "Queensland", "Bavaria"] {
            let unknown = try decode(
                #""name":"Monaghan's","country_code":"ca","street":"Marlborough Court","housenumber":"1289","postcode":"L6H 2R9","city":"Oakville","state":"\#(state)""#
            )
            #expect(
                unknown.address.singleLine == "1289 Marlborough Court, Oakville L6H 2R9", "\(state)"
            )
        }
        let tagged = try decode(
            #""name":"Monaghan's","addr:street":"Marlborough Court","addr:housenumber":"1289","addr:postcode":"L6H 2R9","addr:city":"Oakville","addr:state":"on","addr:country":"CA""#
        )
        #expect(tagged.address.singleLine == "1289 Marlborough Court, Oakville, ON L6H 2R9")
        let sydney = try decode(
            #""name":"Bills","country_code":"au","street":"Crown Street","housenumber":"359","postcode":"2010","city":"Surry Hills","state_code":"NSW""#
        )
        #expect(sydney.address.singleLine == "359 Crown Street, Surry Hills NSW 2010")
        let english = try decode(
            #""name":"Mother India","country_code":"gb","state_code":"ENG","# + parts)
        #expect(
            english.address.singleLine == "3-5 Infirmary Street, Edinburgh EH1 1LT",
            "no state in Britain")
        let norwegian = try decode(
            #""name":"Tim Wendelboe","country_code":"no","street":"Grüners gate","housenumber":"1","postcode":"0552","city":"Oslo""#
        )
        #expect(norwegian.address.singleLine == "Grüners gate 1, 0552 Oslo")
        for country in ["United Kingdom", "g", "1b", "", "GBR"] {
            let unknown = try decode(
                #""name":"Mother India","country_code":"\#(country)","# + parts)
            #expect(
                unknown.address.singleLine == "Infirmary Street 3-5, EH1 1LT Edinburgh",
                "\(country)")
            #expect(unknown.address.country == nil)
        }
        // Two of a chain told apart by the number, written the country's way.
        let suffixes = NameSuffixes.suffixes(count: 2) { index in
            (
                "Nando's",
                PostalAddress(
                    street: "Princes Street", houseNumber: ["86", "112"][index], postcode: "EH2",
                    country: "gb")
            )
        }
        #expect(suffixes == ["86 Princes Street", "112 Princes Street"])
        // The same when the country is the guide's, not the data's (an OpenStreetMap export).
        let guessed = NameSuffixes.suffixes(count: 2) { index in
            (
                "Nando's",
                PostalAddress(
                    street: "Princes Street", houseNumber: ["86", "112"][index], postcode: "EH2",
                    writtenAsIn: "gb")
            )
        }
        #expect(guessed == ["86 Princes Street", "112 Princes Street"])
        // The guide's archive and its export keep the country: a rebuild, or a guide built from the
        // export, writes the address the same way.
        let base = GuideAssembler.base(
            places: [british, american], store: GuideStore(), settings: .defaults)
        let archived = GuideBaseArchive.decode(GuideBaseArchive.encode(base, key: "k"), key: "k")
        #expect(
            Set(archived?.entries.map(\.place.address) ?? []) == [
                british.address, american.address,
            ])
        let exported = try PlacesDecoder().decode(
            JSONParser.parse(bytes: GeoJSONExport.write([(british, .init()), (american, .init())])))
        #expect(
            exported.places.map(\.address.singleLine) == [
                "3-5 Infirmary Street, Edinburgh EH1 1LT",
                "3029 Northwest 68th Street, Seattle, WA 98117",
            ])

        // Without a country in the data: the guide's, from its time zone, where that decides it.
        let unnamedCountry = try PlacesDecoder(defaultCategory: .restaurant, addressCountry: "gb")
            .decode(
                JSONParser.parse(
                    bytes: Array(
                        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-3.19,55.95]},"properties":{"name":"Mother India",\#(parts)}}]}"#
                            .utf8)))
        #expect(
            unnamedCountry.places.first?.address.singleLine
                == "3-5 Infirmary Street, Edinburgh EH1 1LT")
        #expect(
            unnamedCountry.places.first?.address.country == nil, "a guess is not kept as the data's"
        )
        for (zone, country) in [
            ("Europe/London", "gb"), ("America/Indiana/Indianapolis", "us"),
            ("America/Toronto", "ca"),
            ("Australia/Sydney", "au"), ("Europe/Paris", "fr"), ("Europe/Oslo", nil),
            ("America/Mexico_City", nil),
            ("Asia/Tokyo", nil),
        ] {
            #expect(AddressStyle.country(ofTimeZone: zone) == country, "\(zone)")
        }
        var edinburgh = SiteSettings(
            center: Coordinate(latitude: 55.9533, longitude: -3.1883), centerLabel: "Waverley")
        #expect(edinburgh.addressCountry == "gb")
        edinburgh.timeZone = "Europe/Oslo"
        #expect(edinburgh.addressCountry == nil, "the owner's zone decides")

        // A place imported from OSM tags is written the same way.
        #expect(
            ImportText.address(osmTags: [
                "addr:street": "Princes Street", "addr:housenumber": "112",
                "addr:postcode": "EH2 4AD",
                "addr:city": "Edinburgh", "addr:country": "GB",
            ]) == "112 Princes Street, Edinburgh EH2 4AD")
        // A state spelled out in the tags, in a guide whose country shows it.
        #expect(
            ImportText.address(
                osmTags: [
                    "addr:street": "Guerrero Street", "addr:housenumber": "600",
                    "addr:postcode": "94110",
                    "addr:city": "San Francisco", "addr:state": "California",
                ], guideCountry: "us") == "600 Guerrero Street, San Francisco, CA 94110")

        // A favorite's snapshot from before kept the name as its address: not any more.
        let snapshot = PlaceSnapshot(
            name: "Duck & Waffle", category: .restaurant,
            coordinate: Coordinate(latitude: 55.95, longitude: -3.19),
            address: "Duck & Waffle")
        #expect(snapshot.place(id: PlaceID(rawValue: "node/1")).address.singleLine == nil)
    }

    func suffixes(_ places: [(String, PostalAddress)]) -> [String?] {
        NameSuffixes.suffixes(count: places.count) { (places[$0].0, places[$0].1) }
    }

    @Test func placesOfOneNameAreToldApartByTheirOwnAddress() {
        let suffixes = suffixes([
            (
                "Nando's",
                PostalAddress(street: "Princes Street", houseNumber: "112", postcode: "EH2 4AD")
            ),
            ("Nando's", PostalAddress(street: "Lothian Road", postcode: "EH3 9AE")),
            ("Bento Ya", PostalAddress(street: "Forrest Road")),
            // Two on one street: the house number tells them apart.
            ("Nando's", PostalAddress(street: "Leith Walk", houseNumber: "10")),
            ("Nando's", PostalAddress(street: "Leith Walk", houseNumber: "200")),
            // No street: the postcode; nothing at all: no suffix rather than a made-up one.
            ("Nando's", PostalAddress(postcode: "EH12 9DQ")),
            ("Nando's", PostalAddress()),
            // One street, no numbers, nothing else: the street, though the other has it too.
            ("Wok", PostalAddress(street: "Dalry Road")),
            ("Wok", PostalAddress(street: "Dalry Road")),
        ])
        #expect(
            suffixes == [
                "Princes Street", "Lothian Road", nil, "Leith Walk 10", "Leith Walk 200",
                "EH12 9DQ", nil,
                "Dalry Road", "Dalry Road",
            ])
        #expect(
            NameSuffixes.displayName("Nando's", suffix: "Princes Street")
                == "Nando's · Princes Street")
        #expect(NameSuffixes.displayName("Bento Ya", suffix: nil) == "Bento Ya")
    }

    @Test func theGuideGivesEveryPlaceItsSuffixWhateverTheOrder() {
        var places = (0..<6).map { index in
            Place(
                id: PlaceID(rawValue: "node/\(index)"),
                name: index < 3 ? "Nando's" : "Sted \(index)",
                category: .restaurant,
                coordinate: Coordinate(latitude: 59.91 + Double(index) * 0.001, longitude: 10.75),
                address: PostalAddress(street: "Gate \(index)"))
        }
        let source = DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))
        let guide = GuideAssembler.assemble(
            places: places, store: GuideStore(), settings: .defaults, source: source)
        places.reverse()
        let reversed = GuideAssembler.assemble(
            places: places, store: GuideStore(), settings: .defaults, source: source)
        for guide in [guide, reversed] {
            let names = Dictionary(
                uniqueKeysWithValues: guide.places.map { ($0.id.rawValue, $0.displayName) })
            #expect(names["node/0"] == "Nando's · Gate 0" && names["node/2"] == "Nando's · Gate 2")
            #expect(names["node/4"] == "Sted 4")
        }
        // Kept in the base's archive, so a rebuild from it shows the same.
        let base = GuideAssembler.base(places: places, store: GuideStore(), settings: .defaults)
        let decoded = GuideBaseArchive.decode(GuideBaseArchive.encode(base, key: "k"), key: "k")
        #expect(decoded?.entries.map(\.nameSuffix) == base.entries.map(\.nameSuffix))
        #expect(base.entries.compactMap(\.nameSuffix).count == 3)
    }
}
