import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

#if canImport(Glibc)
    import Glibc
#endif

/// Ways to break the tool found beyond the hardening issue's list, each with
/// what it did before (in the test's comment) and the promise it now keeps.
@Suite struct MoreBreakageTests {
    /// Runs a shell line (for redirections and limits the harness cannot set up).
    func shell(_ line: String) throws -> ProcessResult {
        try Sitegen.run(["-c", line], executable: "/bin/sh")
    }

    /// Crashed with SIGILL (FileHandle.write's `try!`) when a stream was closed.
    @Test func closedOutputStreamsDoNotCrash() throws {
        let site = TestSite()
        let noStdout = try shell(
            "exec '\(Repository.sitegenBinary)' favorites --site '\(site.root)' >&-")
        #expect(noStdout.status == 0, "\(noStdout.stderr)")
        let noStderr = try shell(
            "exec '\(Repository.sitegenBinary)' rate finnes-ikke 4 --site '\(site.root)' 2>&-")
        #expect(noStderr.status == 65)
    }

    /// Said "Fant ikke nettstedsmappen" for a file that exists.
    @Test func aSiteThatIsAFileIsNamedAsSuch() throws {
        let site = TestSite(store: #"{"format":1,"places":{}}"#)
        let result = try Sitegen.run(["build", "--site", site.root + "/" + GuideStore.fileName])
        #expect(result.status == 64)
        #expect(result.stderr.contains("er en fil, ikke en mappe"))
    }

    /// A file size limit (`ulimit -f`) mid-build: a Norwegian message, the staging folder gone.
    @Test func aFileSizeLimitFailsTheBuildCleanly() throws {
        let site = TestSite()
        let result = try shell(
            "ulimit -f 20; exec '\(Repository.sitegenBinary)' build --site '\(site.root)'")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("ulimit -f"))
        #expect(
            ((try? FileManager.default.contentsOfDirectory(atPath: site.root)) ?? []).allSatisfy {
                !$0.contains("staging")
            })
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    /// A store saved by a Windows editor (byte order mark, CRLF) was "corrupt".
    @Test func aByteOrderMarkIsAccepted() throws {
        let site = TestSite()
        try Data([0xEF, 0xBB, 0xBF] + Array("{\r\n\"format\": 1,\r\n\"places\": {}\r\n}\r\n".utf8))
            .write(
                to: URL(fileURLWithPath: site.root + "/" + GuideStore.fileName))
        let result = try Sitegen.run(["rate", "Fuglen", "4", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try site.site.loadStore().entries.count == 1)
    }

    /// An API answer with far more places than asked for, or places on
    /// another continent, was published whole.
    @Test func anAnswerCarriesOnlyWhatWasAskedFor() throws {
        var features: [String] = []
        for index in 0..<500 {
            // Oslo S, or New York.
            let (lon, lat) =
                index % 2 == 0 ? (10.75 + Double(index) * 0.00001, 59.911) : (-74.0, 40.7)
            features.append(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"name":"Kafé \#(index)","categories":["catering.cafe"],"osm_type":"n","osm_id":\#(5_000 + index)}}"#
            )
        }
        let body =
            #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        let stub = try GeoapifyStub(routes: ["catering.cafe": [GeoapifyStub.Response(body: body)]])
        let site = TestSite()
        let result = try Sitegen.run(
            ["build", "--site", site.root],
            environment: ["GEOAPIFY_API_KEY": "test-key-123456", "GEOAPIFY_BASE_URL": stub.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Henter kafeer … 20 steder"), "\(result.stderr)")
        #expect(result.stderr.contains("hadde 480 steder utenfor radius eller ut over de 20"))
        let cafes = site.outputFiles().filter { $0.hasPrefix("steder/kafe-") }
        #expect(cafes.count == 20)
    }

    /// A cache entry dated in the future (a wrong clock) counted as fresh for ever.
    @Test func aCacheEntryFromTheFutureIsNotFresh() async throws {
        let site = TestSite()
        let stub = try GeoapifyStub()
        let source = GeoapifyPlaceSource(
            client: stub.client(), cache: ResponseCache(folder: site.root + "/cache"))
        let request = PlacesRequest(category: .cafe, center: .osloS, radiusMetres: 5_000, limit: 20)
        let url = stub.client().placesURL(for: request)
        let key = ResponseCache.key(for: url, kind: "places-cafe")
        try source.cache.store(
            Data(#"{"type":"FeatureCollection","features":[]}"#.utf8), url: url, key: key,
            at: Date().addingTimeInterval(30 * 86_400))
        #expect(
            source.cache.entry(for: key, now: Date())?.url == nil,
            "an entry dated a month ahead is not one this cache wrote")
        let fetched = try await source.places(for: request)
        #expect(!fetched.places.isEmpty)
        if case .live = fetched.origin {
        } else {
            Issue.record("expected a live answer, got \(fetched.origin)")
        }
        #expect(stub.requests(for: "catering.cafe").count == 1)
    }
}
