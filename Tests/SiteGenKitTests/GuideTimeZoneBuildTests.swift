import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// A guide outside Norway goes by its own clock: the zone at its centre, or the owner's `timeZone`,
/// on every page (for the page script) and in `sitegen search --open-now`; a name that is not a
/// zone is refused with the names it may have meant.
@Suite struct GuideTimeZoneBuildTests {
    static let edinburgh = #"{"format":1,"center":{"lat":55.9533,"lon":-3.1883,"label":"Waverley"}"#
    static let places = Repository.fixtures + "/formats/edinburgh-restaurants-osm.geojson"

    func build(_ site: TestSite) throws -> ProcessResult {
        try Sitegen.run([
            "build", "--site", site.root, "--places", Self.places, "--category", "restaurant",
        ])
    }

    func search(_ site: TestSite, at utc: String) async -> (status: Int32, output: String) {
        let console = CapturingConsole()
        let moment = ISO8601DateFormatter().date(from: utc)!
        let status = await CommandLineTool.run(
            arguments: ["search", "--open-now", "--site", site.root], environment: [:],
            console: console,
            now: { moment })
        return (status, console.outputText + console.errorText)
    }

    @Test func edinburghGoesByLondonTime() async throws {
        let site = TestSite()
        site.write(Self.edinburgh + "}", to: SiteSettings.fileName)
        let built = try build(site)
        #expect(built.status == 0, "\(built.stderr)")
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains(#"<html lang="nb" data-time-zone="Europe/London">"#))
        // «Åpent nå» says whose clock it goes by: not Norway's.
        #expect(front.contains("åpent nå (klokka der stedene er)") && !front.contains("norsk tid"))
        let detail = try #require(
            site.outputFiles().first {
                $0.hasPrefix("steder/bento-ya") && $0.hasSuffix("index.html")
            })
        #expect(site.read("output/" + detail)?.contains(#"data-time-zone="Europe/London""#) == true)

        // Bento Ya, «Mo-Su 12:00-15:00,17:00-22:30»: closed at 11:30 on a Thursday in Edinburgh
        // (12:30 in Oslo), open at 22:15 (23:15 in Oslo), as the issue found it the other way
        // round.
        let morning = await search(site, at: "2026-11-26T11:30:00Z")
        let evening = await search(site, at: "2026-11-26T22:15:00Z")
        #expect(morning.status == 0 && evening.status == 0)
        #expect(!morning.output.contains("Bento Ya"), "\(morning.output)")
        #expect(
            evening.output.contains("Bento Ya") && evening.output.contains("stenger kl. 22:30"),
            "\(evening.output)")
    }

    /// An OpenStreetMap export seldom names the country: the guide's zone says the addresses are
    /// British, on the pages and in the terminal alike; a guide in Oslo writes the same file's
    /// addresses its own way.
    @Test func anEdinburghGuideWritesItsAddressesTheBritishWay() async throws {
        let site = TestSite()
        site.write(Self.edinburgh + "}", to: SiteSettings.fileName)
        let built = try build(site)
        #expect(built.status == 0, "\(built.stderr)")
        let detail = try #require(
            site.outputFiles().first {
                $0.hasPrefix("steder/bento-ya") && $0.hasSuffix("index.html")
            })
        #expect(
            site.read("output/" + detail)?.contains("<dd>17 Forrest Road, EH1 2QH</dd>") == true)
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains("77b George Street, Edinburgh"), "the cards")
        // The terminal commands read the places as the build did.
        let known = try #require(
            PlaceIndex.load(from: site.site, settings: try site.site.loadSettings()))
        #expect(
            known.first { $0.name == "Bento Ya" }?.address.singleLine == "17 Forrest Road, EH1 2QH")

        let oslo = TestSite()
        oslo.write(
            #"{"format":1,"center":{"lat":59.9111,"lon":10.7503,"label":"Oslo S"},"radiusKm":10}"#,
            to: SiteSettings.fileName)
        let osloBuilt = try Sitegen.run([
            "build", "--site", oslo.root, "--places", Self.places, "--category", "restaurant",
        ])
        #expect(osloBuilt.status == 0, "\(osloBuilt.stderr)")
        let osloDetail = try #require(
            oslo.outputFiles().first {
                $0.hasPrefix("steder/bento-ya") && $0.hasSuffix("index.html")
            })
        #expect(
            oslo.read("output/" + osloDetail)?.contains("<dd>Forrest Road 17, EH1 2QH</dd>") == true
        )
    }

    @Test func theOwnersZoneWinsAndIsChecked() throws {
        let site = TestSite()
        site.write(Self.edinburgh + #","timeZone":"Asia/Tokyo"}"#, to: SiteSettings.fileName)
        #expect(try build(site).status == 0)
        #expect(site.read("output/index.html")?.contains(#"data-time-zone="Asia/Tokyo""#) == true)

        let wrong = TestSite()
        wrong.write(Self.edinburgh + #","timeZone":"Europe/Londn"}"#, to: SiteSettings.fileName)
        let refused = try build(wrong)
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("ukjent tidssone «Europe/Londn»")
                && refused.stderr.contains("mente du «Europe/London»"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: wrong.output))
        for bad in [#""timeZone":12"#, #""timeZone":["Europe/Oslo"]"#] {
            let site = TestSite()
            site.write(Self.edinburgh + "," + bad + "}", to: SiteSettings.fileName)
            let result = try build(site)
            #expect(result.status != 0 && result.stderr.contains("timeZone"), "\(result.stderr)")
        }
    }

    @Test func theSettingIsKeptAndOnlyWhenGiven() throws {
        var settings = SiteSettings()
        #expect(!String(decoding: settings.encodedBytes, as: UTF8.self).contains("timeZone"))
        #expect(settings.guideTimeZone.identifier == "Europe/Oslo")
        settings.timeZone = "America/Santiago"
        let decoded = try SiteFolder.parseSettings(
            settings.encodedBytes, path: SiteSettings.fileName)
        #expect(
            decoded.timeZone == "America/Santiago"
                && decoded.guideTimeZone.identifier == "America/Santiago")
    }
}
