import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// A build that rendered only what its change touches moves those files into the live output one by
/// one (`SiteWriter.commitChanges`); any other build swaps in a whole new tree. A build killed at
/// any point leaves whole files and working links, and the next build (which finds no record)
/// repairs the rest.
@Suite struct InPlaceCommitTests {
    static func temporaryOutput() -> String {
        let folder = NSTemporaryDirectory() + "beacon-inplace-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/output"
    }

    /// 40 pages under steder/, and a front page linking them.
    static func site(
        changing changed: Set<Int> = [], without removed: Set<Int> = [], adding added: Int = 0
    ) -> [(
        String, [UInt8]
    )] {
        var files: [(String, [UInt8])] = []
        for index in 0..<(40 + added) where !removed.contains(index) {
            files.append(
                (
                    "steder/\(index)/index.html",
                    Array(
                        "<p>Sted \(index)\(changed.contains(index) ? " (endret)" : "")</p>\n".utf8)
                ))
        }
        files.append(("index.html", Array("<p>\(files.count) steder, \(added) nye</p>\n".utf8)))
        return files
    }

    static func write(_ files: [(String, [UInt8])], to output: String) throws
        -> SiteWriter.Statistics
    {
        let writer = try SiteWriter(outputPath: output)
        for (path, bytes) in files { try writer.write(bytes, to: path) }
        return try writer.commit()
    }

    static func tree(_ output: String) -> [String: [UInt8]] {
        var tree: [String: [UInt8]] = [:]
        for path in SiteWriter.listFiles(under: output) {
            tree[path] = try? FileSystem.read(output + "/" + path)
        }
        return tree
    }

    func inode(_ path: String) -> UInt64? { FileSystem.identity(path)?.inode }

    @Test func aChangeMovesOnlyItsFilesIn() throws {
        let output = Self.temporaryOutput()
        defer { FileSystem.removeTree((output as NSString).deletingLastPathComponent) }
        _ = try Self.write(Self.site(), to: output)
        let keptInode = inode(output + "/steder/5/index.html")
        let rootInode = inode(output)

        // Only what the change touches is written: the changed page, a new one and the front page.
        let next = Self.site(changing: [3], without: [7], adding: 1)
        let writer = try SiteWriter(outputPath: output)
        for (path, bytes) in next
        where ["steder/3/index.html", "steder/40/index.html", "index.html"].contains(path) {
            try writer.write(bytes, to: path)
        }
        let before = OutputTreeDigest.compute(output)
        let statistics = try writer.commitChanges(
            removing: ["steder/7/index.html", "steder/99/index.html"], previousTree: before)
        #expect(statistics.written == 3 && statistics.added == 1 && statistics.removed == 1)
        // The digest the build records is the output's, though nothing walked it.
        #expect(writer.committedTree == OutputTreeDigest.compute(output))
        #expect(writer.committedTree != before)
        // The same output folder (no swap), unchanged files untouched, and the result is the whole
        // new site.
        #expect(inode(output) == rootInode)
        #expect(inode(output + "/steder/5/index.html") == keptInode)
        var expected: [String: [UInt8]] = [:]
        for (path, bytes) in next { expected[path] = bytes }
        var actual = Self.tree(output)
        actual[SiteWriter.markerFileName] = nil
        #expect(actual == expected)
        #expect(!FileSystem.fileExists(output + "/steder/7"))
        let parent = (output as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["output"])
    }

    @Test func aFullCommitSwapsTheTreeAndKeepsUnchangedFiles() throws {
        let output = Self.temporaryOutput()
        defer { FileSystem.removeTree((output as NSString).deletingLastPathComponent) }
        _ = try Self.write(Self.site(), to: output)
        let rootInode = inode(output)
        let keptInode = inode(output + "/steder/5/index.html")
        let writer = try SiteWriter(outputPath: output)
        for (path, bytes) in Self.site(changing: [3]) + [("ny/mappe/fil.txt", [0x41])] {
            try writer.write(bytes, to: path)
        }
        let statistics = try writer.commit()
        #expect(statistics.written == 2 && statistics.unchanged == 41)
        #expect(writer.committedTree == OutputTreeDigest.compute(output))
        #expect(inode(output) != rootInode)
        #expect(inode(output + "/steder/5/index.html") == keptInode)
    }

    /// The real binary, killed (SIGKILL) at random moments of a one-rating
    /// rebuild of a 2,200-place guide (past the inline limit), until 8 builds
    /// were killed while running: after every round each page is whole and
    /// every link resolves; the build after the last kill ends with exactly
    /// the pages of a clean build. The moments are drawn from the measured
    /// length of a rebuild, so a faster build is killed just as often.
    @Test func killedAtRandomMomentsTheSiteStaysWholeAndLinked() throws {
        let site = TestSite()
        let places = BuildSafetyTests.placesFile(2_200, in: site)
        #expect(
            try Sitegen.run(["build", "--site", site.root, "--places", places, "--quiet"]).status
                == 0)
        let slugs = try FileManager.default.contentsOfDirectory(atPath: site.output + "/steder")
            .sorted()
        #expect(
            try Sitegen.run(["rate", slugs[0], "3", "--site", site.root, "--quiet"]).status == 0)
        let started = Date()
        #expect(
            try Sitegen.run(["build", "--site", site.root, "--places", places, "--quiet"]).status
                == 0)
        let rebuild = Date().timeIntervalSince(started)
        var generator = seededGenerator()
        var killed = 0
        var rounds = 0
        while killed < 8 && rounds < 40 {
            rounds += 1
            let slug = slugs[Int.random(in: 0..<slugs.count, using: &generator)]
            #expect(
                try Sitegen.run([
                    "rate", slug, String(1 + rounds % 5), "--site", site.root, "--quiet",
                ]).status == 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
            process.arguments = ["build", "--site", site.root, "--places", places, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(Double.random(in: 0...rebuild, using: &generator) * 1_000_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            ProcessWaiting.waitForExit(process)
            try Self.checkWholeAndLinked(site.output)
        }
        #expect(
            killed == 8,
            "only \(killed) of \(rounds) builds were still running when killed (a rebuild took \(rebuild) s)"
        )
        // The next build finishes whatever was left, and the result is a clean build's.
        #expect(
            try Sitegen.run(["build", "--site", site.root, "--places", places, "--quiet"]).status
                == 0)
        let clean = site.root + "/clean"
        #expect(
            try Sitegen.run([
                "build", "--site", site.root, "--places", places, "--output", clean, "--force",
                "--quiet",
            ])
            .status == 0)
        var built = Self.tree(site.output)
        var reference = Self.tree(clean)
        built["sw.js"] = nil
        reference["sw.js"] = nil  // names its cache after the build (--force, another output)
        #expect(built == reference)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root).filter {
            $0.contains("staging")
        }
        #expect(leftovers.isEmpty)
    }

    /// Every HTML page ends as a page ends, every data file parses, and every
    /// relative link of the list and explorer pages leads to a file.
    static func checkWholeAndLinked(_ output: String) throws {
        let files = Set(SiteWriter.listFiles(under: output))
        for path in files {
            let bytes = try FileSystem.read(output + "/" + path)
            if path.hasSuffix(".html") {
                #expect(
                    String(decoding: bytes.suffix(16), as: UTF8.self).contains("</html>"),
                    "\(path) is cut short")
            } else if path.hasPrefix("data/") {
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil,
                    "\(path) does not parse")
            }
        }
        let linking = files.filter { $0.hasSuffix("index.html") && !$0.hasPrefix("steder/") }
        for page in linking {
            let html = String(decoding: try FileSystem.read(output + "/" + page), as: UTF8.self)
            let folder = (page as NSString).deletingLastPathComponent
            // Plain string scanning: Swift's Regex is slow in a debug build.
            for piece in html.components(separatedBy: "href=\"").dropFirst() {
                guard let end = piece.firstIndex(of: "\"") else { continue }
                var target = String(piece[..<end])
                if target.contains(":") || target.hasPrefix("#") { continue }
                if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) {
                    target = String(target[..<cut])
                }
                if target.hasSuffix("/") || target.isEmpty { target += "index.html" }
                let exists = files.contains(
                    normalized((folder.isEmpty ? "" : folder + "/") + target))
                #expect(exists, "\(page) links \(target), which is missing")
            }
            for piece in html.components(separatedBy: "\"data/steder-").dropFirst() {
                guard let end = piece.firstIndex(of: "\"") else { continue }
                let path = "data/steder-" + piece[..<end]
                let exists = files.contains(path)
                #expect(exists, "\(page) names \(path), which is missing")
            }
        }
    }

    /// "side/15/../../steder/x/index.html" → "steder/x/index.html".
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}
