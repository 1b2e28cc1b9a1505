import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteGenKit

/// A guide anywhere, with no key: its places and its map from OpenStreetMap, through the Overpass
/// stand-in (answers in Overpass's own shapes, made after real ones), with the real binary.
@Suite(.serialized) struct OverpassPlacesBuildTests {
    static let edinburgh =
        #"{"format":1,"title":"Edinburgh","center":{"lat":55.952,"lon":-3.1895,"label":"Waverley"},"categories":["restaurant","cafe","hotel","bar","pub"]}"#

    func standIn(_ routes: [String: [GeoapifyStub.Response]] = [:]) throws -> GeoapifyStub {
        var routes = routes
        if routes["overpass"] == nil {
            routes["overpass"] = [.init(file: Repository.fixtures + "/overpass-edinburgh-map.json")]
        }
        return try GeoapifyStub(routes: routes)
    }

    func overpass(_ stub: GeoapifyStub) -> [String: String] {
        ["OVERPASS_URL": stub.baseURL + "/api/interpreter", "OVERPASS_TIMEOUT": "5"]
    }

    func placesRequests(_ stub: GeoapifyStub) -> [GeoapifyStub.LoggedRequest] {
        stub.requests.filter {
            $0.path == "/api/interpreter" && ($0.query["data"] ?? "").contains("out center")
        }
    }

    func mapRequests(_ stub: GeoapifyStub) -> [GeoapifyStub.LoggedRequest] {
        stub.requests.filter {
            $0.path == "/api/interpreter" && ($0.query["data"] ?? "").contains("out geom")
        }
    }

    @Test func aCityTheBinaryHasNoDataForGetsItsPlacesAndItsMapFromOpenStreetMap() throws {
        let site = TestSite()
        site.write(Self.edinburgh, to: SiteSettings.fileName)
        let stub = try standIn()
        let result = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: overpass(stub))
        #expect(result.status == 0, "\(result.stderr)")
        // One line says what is asked, of whom, for which circle; another the map's box.
        #expect(
            result.stderr.contains(
                "Steder fra OpenStreetMap: spør Overpass (127.0.0.1) om restauranter, kafeer, hoteller, barer og puber innen 5 km fra Waverley"
            ), "\(result.stderr)")
        #expect(
            result.stderr.contains("Henter kartdata fra Overpass (127.0.0.1) for 55,"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("eksempeldata"), "\(result.stderr)")
        // One request for every kind at once, and one for the map.
        let requests = placesRequests(stub)
        #expect(requests.count == 1)
        let query = try #require(requests.first?.query["data"])
        for line in [
            #"nwr["amenity"="restaurant"](around:5000,55.952,-3.1895);"#,
            #"nwr["amenity"="cafe"](around:5000,55.952,-3.1895);"#,
            #"nwr["tourism"="hotel"](around:5000,55.952,-3.1895);"#,
            #"nwr["amenity"="biergarten"](around:5000,55.952,-3.1895);"#, "out center tags",
        ] {
            #expect(query.contains(line), "\(line) in \(query)")
        }
        #expect(mapRequests(stub).count == 1)

        let index = try #require(site.read("output/index.html"))
        // Nodes, a way and a relation; names in other scripts; the nearest kept.
        for name in [
            "Söderberg", "The Elephant House", "The Balmoral", "Motel One Edinburgh-Royal",
            "喫茶 さくら", "The Witchery by the Castle", "Whiski Rooms", "Sandy Bell's",
            "Ресторан Москва",
        ] {
            #expect(index.contains(name), "\(name)")
        }
        // Not a place: no name, no longer a café, beyond 5 km (Champany Inn is 20 km out).
        for name in ["Gone Café", "Champany Inn"] { #expect(!index.contains(name), "\(name)") }
        // A `cafe;restaurant` value list falls in the first of the guide's kinds it names.
        let royal = try #require(site.outputFiles().first { $0.contains("cafe-royal") })
        #expect(royal.hasPrefix("restauranter/") || royal.hasPrefix("steder/"), "\(royal)")
        // The tags read as Geoapify's are: address, hours, website, phone, diet, wheelchair.
        let page = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/soderberg") }.flatMap {
                site.read("output/" + $0)
            })
        for fact in ["19 Market Street, Edinburgh EH1 1DE", "soderberg.uk/", "Veganske"] {
            #expect(page.contains(fact), "\(fact)")
        }
        let elephant = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/the-elephant-house") }.flatMap {
                site.read("output/" + $0)
            })
        #expect(elephant.contains("+44 131 220 5355"))
        // Credited as OpenStreetMap's, not Geoapify's.
        #expect(index.contains("hentet fra OpenStreetMap"))
        #expect(index.contains("© OpenStreetMap-bidragsytere") || index.contains("OpenStreetMap"))
        #expect(!index.contains("Powered by Geoapify"))
        // The basemap: streets and the Firth of Forth as sea.
        let tiles = site.outputFiles().filter { $0.hasPrefix("kart/osm/") }
        #expect(!tiles.isEmpty)
        let text = tiles.map { String(decoding: site.bytes("output/" + $0) ?? [], as: UTF8.self) }
            .joined()
        #expect(text.contains("\"Princes Street\"") && text.contains("\"sea\""))
        #expect(!index.contains(#""covers""#))
    }

    @Test func theAnswerIsCachedAndRefreshedAsGeoapifysAre() throws {
        let site = TestSite()
        site.write(Self.edinburgh, to: SiteSettings.fileName)
        let stub = try standIn()
        #expect(
            try Sitegen.run(["build", "--site", site.root], environment: overpass(stub)).status == 0
        )
        #expect(placesRequests(stub).count == 1)
        let cached = SiteWriter.listFiles(under: site.root + "/.beacon-cache/overpass")
        #expect(cached.contains { $0.hasPrefix("places-") }, "\(cached)")
        let again = try Sitegen.run(
            ["build", "--site", site.root, "--force"], environment: overpass(stub))
        #expect(again.status == 0 && again.stderr.contains("fra mellomlageret"), "\(again.stderr)")
        #expect(placesRequests(stub).count == 1)
        let offline = try Sitegen.run(
            ["build", "--site", site.root, "--offline", "--force"], environment: overpass(stub))
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("bare fra mellomlageret (--offline)"))
        #expect(placesRequests(stub).count == 1)
        let refresh = try Sitegen.run(
            ["build", "--site", site.root, "--refresh"], environment: overpass(stub))
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(placesRequests(stub).count == 2)
    }

    /// An answer that is not places: a `remark` (Overpass's timeout), a cut-off body, an HTML error
    /// page. The build stops with Overpass's words and keeps nothing; with an earlier answer kept,
    /// it builds from that and says why.
    @Test(arguments: [
        (
            GeoapifyStub.Response(
                body:
                    #"{"version":0.6,"generator":"Overpass API","elements":[],"remark":"runtime error: Query timed out in \"query\" at line 3 after 25 seconds."}"#
            ), "Query timed out"
        ),
        (
            GeoapifyStub.Response(
                file: Repository.fixtures + "/overpass-places-edinburgh.json", truncate: 3000),
            "ugyldig eller avkuttet JSON"
        ),
        (
            GeoapifyStub.Response(
                status: 400, body: "<html><body>Error: line 1: parse error</body></html>"),
            "HTTP 400"
        ),
    ])
    func anAnswerThatIsNotPlacesIsAnErrorAndNotKept(
        answer: GeoapifyStub.Response, words: String
    ) throws {
        let site = TestSite()
        site.write(Self.edinburgh, to: SiteSettings.fileName)
        let stub = try standIn(["overpass-places": [answer]])
        let result = try Sitegen.run(["build", "--site", site.root], environment: overpass(stub))
        #expect(result.status != 0)
        #expect(result.stderr.contains("Fikk ikke steder fra OpenStreetMap"), "\(result.stderr)")
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(
            !SiteWriter.listFiles(under: site.root + "/.beacon-cache/overpass").contains {
                $0.hasPrefix("places-")
            })
        #expect(site.read("output/index.html") == nil)

        // With a good answer kept, a bad one later is a warning, and the kept places are used.
        let good = try standIn()
        #expect(
            try Sitegen.run(["build", "--site", site.root], environment: overpass(good)).status == 0
        )
        let stale = try Sitegen.run(
            ["build", "--site", site.root, "--refresh"], environment: overpass(stub))
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(
            stale.stderr.contains("Bruker stedene fra mellomlageret i stedet"), "\(stale.stderr)")
        #expect((site.read("output/index.html") ?? "").contains("Söderberg"))
    }

    @Test func aBusyServerIsAskedAgainAfterItsRetryAfter() throws {
        let site = TestSite()
        site.write(Self.edinburgh, to: SiteSettings.fileName)
        let stub = try standIn([
            "overpass-places": [
                .init(status: 429, headers: ["Retry-After": "0"], body: "rate_limited"),
                .init(file: Repository.fixtures + "/overpass-places-edinburgh.json"),
            ]
        ])
        let result = try Sitegen.run(["build", "--site", site.root], environment: overpass(stub))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "Overpass: forsøk 1 feilet (for mange forespørsler, HTTP 429)"), "\(result.stderr)")
        #expect(placesRequests(stub).count == 2)
    }

    @Test func offlineWithNothingKeptSaysSoAndWritesNothing() throws {
        let site = TestSite()
        site.write(Self.edinburgh, to: SiteSettings.fileName)
        let result = try Sitegen.run(["build", "--site", site.root, "--offline"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("Mellomlageret har ingen steder fra OpenStreetMap"),
            "\(result.stderr)")
        #expect(site.read("output/index.html") == nil)
    }

    /// The sample guide stays the sample, with no request to anyone; `"source": "osm"` asks
    /// OpenStreetMap there too, and `"source": "sample"` keeps the sample anywhere.
    @Test func theSourceIsTheOwnersChoiceElseTheKeyAndTheCentres() throws {
        let stub = try standIn([
            "overpass-places": [
                .init(
                    body:
                        #"{"version":0.6,"elements":[{"type":"node","id":7,"lat":59.911,"lon":10.751,"tags":{"amenity":"cafe","name":"Stasjonskaffe"}}]}"#
                )
            ]
        ])
        let sample = TestSite()
        let plain = try Sitegen.run(["build", "--site", sample.root], environment: overpass(stub))
        #expect(plain.status == 0 && plain.stderr.contains("bruker eksempeldataene"))
        #expect(placesRequests(stub).isEmpty)

        let chosen = TestSite()
        chosen.write(#"{"format":1,"source":"osm","radiusKm":1}"#, to: SiteSettings.fileName)
        let asked = try Sitegen.run(["build", "--site", chosen.root], environment: overpass(stub))
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect((chosen.read("output/index.html") ?? "").contains("Stasjonskaffe"))
        #expect(placesRequests(stub).count == 1)
        #expect(
            try #require(placesRequests(stub).first?.query["data"]).contains(
                "(around:1000,59.9111,10.7503)"))

        let kept = TestSite()
        kept.write(
            #"{"format":1,"source":"sample","center":{"lat":59.9235,"lon":10.759}}"#,
            to: SiteSettings.fileName)
        let sampled = try Sitegen.run(["build", "--site", kept.root], environment: overpass(stub))
        #expect(
            sampled.status == 0 && sampled.stderr.contains("eksempeldataene"), "\(sampled.stderr)")
        #expect(placesRequests(stub).count == 1)

        let wrong = TestSite()
        wrong.write(#"{"format":1,"source":"overpass"}"#, to: SiteSettings.fileName)
        let refused = try Sitegen.run(["build", "--site", wrong.root])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains(#"forventet "geoapify", "osm", "sample" eller "none""#),
            "\(refused.stderr)")
    }

    /// A guide made from the owner's own saved places, where the binary has no data: its places
    /// and its map, nothing of the sample around.
    @Test func aTakeoutGuideInMexicoCityBuildsWithItsMap() throws {
        let site = TestSite()
        let folder = site.root + "/cdmx"
        let made = try Sitegen.run([
            "init", folder, "--center", "19.4326", "-99.1332", "--label", "Zócalo",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout.contains("henter «sitegen build» stedene og kartet fra OpenStreetMap"),
            "\(made.stdout)")
        let imported = try Sitegen.run([
            "import", Repository.fixtures + "/import/takeout-mexico-city.json", "--category",
            "restaurant", "--site", folder,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let stub = try standIn([
            "overpass": [
                .init(
                    body:
                        #"{"version":0.6,"elements":[{"type":"way","id":1,"nodes":[1,2],"geometry":[{"lat":19.4326,"lon":-99.14},{"lat":19.433,"lon":-99.13}],"tags":{"highway":"primary","name":"Avenida 5 de Mayo"}}]}"#
                )
            ],
            "overpass-places": [.init(body: #"{"version":0.6,"elements":[]}"#)],
        ])
        let built = try Sitegen.runWithBasemap(
            ["build", "--site", folder], environment: overpass(stub))
        #expect(built.status == 0, "\(built.stderr)")
        let index = try #require(site.read("cdmx/output/index.html"))
        for name in ["Zócalo", "Palacio de Bellas Artes", "Café de Tacuba"] {
            #expect(index.contains(name), "\(name)")
        }
        // Nothing of the sample: none of its places, no «eksempeldata».
        #expect(!index.contains("Grand Hotel"))
        #expect(!index.contains("eksempeldata") && !built.stderr.contains("eksempeldata"))
        let tiles = try FileManager.default.subpathsOfDirectory(atPath: folder + "/output/kart/osm")
        #expect(tiles.contains { $0.hasSuffix(".js") })
        #expect(mapRequests(stub).count == 1 && placesRequests(stub).count == 1)
    }

    /// `"source": "none"`: the owner's own places only, asking no one for places, offline from the
    /// first build; with none of them yet, the message says how to add some.
    @Test func aGuideOfTheOwnersOwnPlacesOnlyAsksNoOne() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"source":"none","center":{"lat":19.4326,"lon":-99.1332},"basemap":"none"}"#,
            to: SiteSettings.fileName)
        let empty = try Sitegen.run(["build", "--site", site.root])
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("Guiden har ingen egne steder ennå"), "\(empty.stderr)")
        let imported = try Sitegen.run([
            "import", Repository.fixtures + "/import/takeout-mexico-city.json", "--category",
            "restaurant", "--site", site.root,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("spør ingen om steder"), "\(built.stderr)")
        #expect(!built.stderr.contains("Henter restauranter"), "\(built.stderr)")
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("Café de Tacuba") && index.contains("egne steder"))
        // Nothing changed: nothing written.
        let again = try Sitegen.run(["build", "--site", site.root])
        #expect(again.stderr.contains("Ingen endringer"), "\(again.stderr)")
    }

    /// What a hostile or broken server can put in an answer that is read: markup in names and tags,
    /// a name of 100,000 characters, positions that are not positions, a link that runs code.
    @Test func aHostileAnswerIsReadAsTextAndNothingElse() throws {
        let long = String(repeating: "x", count: 100_000)
        let body =
            #"{"version":0.6,"elements":["#
            + #"{"type":"node","id":1,"lat":55.952,"lon":-3.189,"tags":{"amenity":"cafe","name":"<script>alert(1)</script>","website":"javascript:alert(2)","opening_hours":"<img src=x onerror=alert(3)>"}},"#
            + #"{"type":"node","id":2,"lat":55.953,"lon":-3.19,"tags":{"amenity":"cafe","name":"\#(long)"}},"#
            + #"{"type":"node","id":3,"lat":"NaN","lon":1e999,"tags":{"amenity":"cafe","name":"Nowhere"}},"#
            + #"{"type":"way","id":4,"tags":{"amenity":"cafe","name":"No centre"}},"#
            + #"{"type":"node","id":5,"lat":55.951,"lon":-3.188,"tags":{"amenity":"cafe","name":"Kafé ‮evil"}}"#
            + "]}"
        let site = TestSite()
        site.write(Self.edinburgh, to: SiteSettings.fileName)
        let stub = try standIn(["overpass-places": [.init(body: body)]])
        let result = try Sitegen.run(["build", "--site", site.root], environment: overpass(stub))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Henter kafeer … 3 steder"), "\(result.stderr)")
        for file in site.outputFiles() where file.hasSuffix(".html") {
            let page = try #require(site.read("output/" + file))
            #expect(!page.contains("<script>alert"), "\(file)")
            #expect(!page.contains("javascript:alert"), "\(file)")
            #expect(!page.contains("<img src=x"), "\(file)")
            #expect(!page.contains(long), "\(file)")
            #expect(!page.contains("Nowhere") && !page.contains("No centre"), "\(file)")
        }
        #expect((site.read("output/index.html") ?? "").contains("&lt;script&gt;alert(1)"))
    }
}
