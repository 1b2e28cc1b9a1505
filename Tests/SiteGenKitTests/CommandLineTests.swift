import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconSystem

/// The real binary: help, usage errors and the build command's failure paths.
@Suite struct CommandLineBuildTests {
    @Test func helpAndUsage() throws {
        let help = try Sitegen.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("build"))
        let buildHelp = try Sitegen.run(["build", "--help"])
        #expect(buildHelp.status == 0)
        #expect(buildHelp.stdout.contains("--output"))
        let unknown = try Sitegen.run(["bygg"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("ukjent kommando"))
        let badOption = try Sitegen.run(["build", "--fast"])
        #expect(badOption.status == 64)
        #expect(badOption.stderr.contains("--fast"))
        let conflicting = try Sitegen.run(["build", "--refresh", "--offline"])
        #expect(conflicting.status == 64)
    }

    @Test func buildsFromTheSiteFolder() throws {
        let site = TestSite()
        let result = try Sitegen.run(["build", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Henter restauranter"))
        #expect(result.stderr.contains("eksempeldata"))
        #expect(FileManager.default.fileExists(atPath: site.output + "/index.html"))
        let quiet = try Sitegen.run(["build", "--site", site.root, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func anAssetsFileInsteadOfAFolderIsNamedAndNothingIsTouched() throws {
        let site = TestSite()
        site.write("not a folder", to: "assets")
        let result = try Sitegen.run(["build", "--site", site.root])
        #expect(result.status == 65)
        #expect(result.stderr.contains(site.root + "/assets"))
        #expect(result.stderr.contains("mappe"))
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func missingSiteFolder() throws {
        let result = try Sitegen.run(["build", "--site", "/nonexistent/beacon"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("/nonexistent/beacon"))
    }

    @Test func refusesToReplaceAForeignFolder() throws {
        let site = TestSite()
        site.write("viktig", to: "mine-filer/brev.txt")
        let result = try Sitegen.run(["build", "--site", site.root, "--output", site.root + "/mine-filer"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("ikke laget av sitegen"))
        #expect(site.read("mine-filer/brev.txt") == "viktig")
    }
}
