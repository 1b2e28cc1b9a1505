import Foundation
import Testing

@testable import BeaconHTML
@testable import BeaconSystem

/// The owner's Markdown through the real binary: with libcmark (installed for the tests) and
/// without it (`BEACON_LIBCMARK` names a library that is not there).
@Suite struct MarkdownBuildTests {
    static let missing = ["BEACON_LIBCMARK": "libcmark-not-here.so.0"]

    static func ratedSite() throws -> TestSite {
        let site = TestSite()
        let rated = try Sitegen.run(
            [
                "rate", "Tim Wendelboe", "5", "--comment", "**Book bord** før *fredag*.", "--site",
                site.root,
            ])
        #expect(rated.status == 0, "\(rated.stderr)")
        return site
    }

    static func detailPage(_ site: TestSite) throws -> String {
        let page = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/tim-wendelboe") })
        return try #require(site.read("output/" + page))
    }

    @Test func aCommentInMarkdownIsFormattedOnItsPage() throws {
        try #require(Libcmark.shared != nil, "libcmark is not installed")
        let site = try Self.ratedSite()
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("libcmark"))
        let page = try Self.detailPage(site)
        #expect(page.contains("<strong>Book bord</strong> før <em>fredag</em>."))
        #expect(!page.contains("**"))
    }

    @Test func withoutLibcmarkTheCommentIsPlainTextAndTheTerminalSaysSoOnce() throws {
        let site = try Self.ratedSite()
        let built = try Sitegen.run(["build", "--site", site.root], environment: Self.missing)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.components(separatedBy: "apt install libcmark0.30.2").count == 2)
        let page = try Self.detailPage(site)
        #expect(page.contains("<p>**Book bord** før *fredag*.</p>"))
        #expect(!page.contains("<strong>Book bord"))

        // Installed afterwards: the next build renders the Markdown, though nothing else changed.
        if Libcmark.shared != nil {
            let rebuilt = try Sitegen.run(["build", "--site", site.root])
            #expect(!rebuilt.stderr.contains("Ingen endringer"), "\(rebuilt.stderr)")
            #expect(try Self.detailPage(site).contains("<strong>Book bord</strong>"))
        }
    }

    @Test func aGuideWithoutWordsOfTheOwnersIsNotWarned() throws {
        let site = TestSite()
        let built = try Sitegen.run(["build", "--site", site.root], environment: Self.missing)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("libcmark"))
    }

    @Test func sanitizeShowsThePagesHTML() throws {
        try #require(Libcmark.shared != nil, "libcmark is not installed")
        let shown = try Sitegen.run(
            ["sanitize"], stdin: "# Mat\n\n*Torsk* og [meny](https://example.org) [x](javascript:y)"
        )
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout
                == "<p><strong>Mat</strong></p>\n<p><em>Torsk</em> og <a href=\"https://example.org\" rel=\"nofollow noopener\">meny</a> x</p>\n"
        )
        let plain = try Sitegen.run(["sanitize"], environment: Self.missing, stdin: "*Torsk*")
        #expect(plain.stdout == "<p>*Torsk*</p>\n")
        #expect(plain.stderr.contains("apt install libcmark0.30.2"))
    }
}
