import Foundation
import Testing

@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

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
        #expect(
            unknown.stderr.contains("ukjent kommando «bygg». Mente du «sitegen build»?"),
            "\(unknown.stderr)")
        let badOption = try Sitegen.run(["build", "--fast"])
        #expect(badOption.status == 64)
        #expect(badOption.stderr.contains("--fast") && !badOption.stderr.contains("Mente du"))
        let conflicting = try Sitegen.run(["build", "--refresh", "--offline"])
        #expect(conflicting.status == 64)
    }

    /// A near miss is answered with the word meant, as git and cargo do; nothing runs in its place.
    @Test func aMistypedCommandOrOptionGetsTheWordItMeant() throws {
        let command = try Sitegen.run(["biuld"])
        #expect(command.status == 64 && command.stdout.isEmpty)
        #expect(
            command.stderr == "sitegen: ukjent kommando «biuld». Mente du «sitegen build»?\n",
            "\(command.stderr)")
        let option = try Sitegen.run(["search", "--categroy", "bar"])
        #expect(option.status == 64 && option.stdout.isEmpty)
        #expect(
            option.stderr.hasPrefix(
                "sitegen search: ukjent valg «--categroy». Mente du «--category»?\n"),
            "\(option.stderr)")
        let nothingNear = try Sitegen.run(["zzz"])
        #expect(nothingNear.stderr == "sitegen: ukjent kommando «zzz». Se «sitegen --help».\n")
    }

    @Test func optionsOfTheSiteMayComeBeforeTheCommand() {
        #expect(CommandLineTool.commandFirst(["-q", "build"]) == ["build", "-q"])
        #expect(
            CommandLineTool.commandFirst(["--site", "g", "--quiet", "rate", "--", "-5 grader", "3"])
                == ["rate", "--site", "g", "--quiet", "--", "-5 grader", "3"])
        #expect(CommandLineTool.commandFirst(["--site=g", "places"]) == ["places", "--site=g"])
        // Nothing moves unless a command follows.
        #expect(CommandLineTool.commandFirst(["--site", "build"]) == ["--site", "build"])
        #expect(CommandLineTool.commandFirst(["-q", "bygg"]) == ["-q", "bygg"])
        #expect(CommandLineTool.commandFirst(["--help", "build"]) == ["--help", "build"])
    }

    @Test func nearestWordIsOnlyANearMiss() {
        #expect(ClosestWord.to("biuld", among: ["build", "rate"]) == "build")
        #expect(ClosestWord.to("--qiet", among: ["--quiet", "--site"]) == "--quiet")
        #expect(ClosestWord.to("--Quiet", among: ["--quiet"]) == "--quiet")
        #expect(ClosestWord.to("rat", among: ["rate", "ratings"]) == "rate")
        #expect(ClosestWord.to("ab", among: ["abc"]) == nil, "one edit is half of two letters")
        #expect(ClosestWord.to("sharee", among: ["share", "shared"]) == nil, "two equally near")
        #expect(ClosestWord.to("--fast", among: ["--force", "--site", "--quiet"]) == nil)
        #expect(ClosestWord.distance(Array("ca"), Array("ac")) == 1)
        #expect(ClosestWord.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(ClosestWord.distance(Array(""), Array("abc")) == 3)
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
        let short = try Sitegen.run(["build", "--site", site.root, "-q"])
        #expect(short.status == 0 && short.stderr.isEmpty, "\(short.stderr)")
        // The site and quiet may come before the command, as git's -C does.
        let first = try Sitegen.run(["--site", site.root, "-q", "build"])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
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
        let result = try Sitegen.run([
            "build", "--site", site.root, "--output", site.root + "/mine-filer",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("ikke laget av sitegen"))
        #expect(site.read("mine-filer/brev.txt") == "viktig")
    }
}
