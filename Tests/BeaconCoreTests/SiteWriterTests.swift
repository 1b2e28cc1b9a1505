import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconSite
@testable import BeaconSystem

@Suite struct SiteWriterTests {
    func modificationTime(_ path: String) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    func inode(_ path: String) throws -> Int {
        try #require(
            (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?
                .intValue)
    }

    @Test func firstBuildThenIncrementalRebuild() throws {
        let folder = TemporaryFolder()
        let output = folder.path + "/output"
        var writer = try SiteWriter(outputPath: output)
        try writer.write(Array("a".utf8), to: "index.html")
        try writer.write(Array("b".utf8), to: "steder/b/index.html")
        try writer.write(Array("c".utf8), to: "steder/c/index.html")
        var stats = try writer.commit()
        #expect(stats.written == 4)  // three pages and the marker
        #expect(folder.read("output/steder/b/index.html") == "b")

        let unchangedInode = try inode(output + "/steder/b/index.html")
        let unchangedTime = try modificationTime(output + "/steder/b/index.html")

        // Second build: one page changed, one gone, one new.
        writer = try SiteWriter(outputPath: output)
        try writer.write(Array("A".utf8), to: "index.html")
        try writer.write(Array("b".utf8), to: "steder/b/index.html")
        try writer.write(Array("d".utf8), to: "steder/d/index.html")
        stats = try writer.commit()
        #expect(stats.written == 2)
        #expect(stats.unchanged == 2)
        #expect(stats.removed == 1)
        #expect(folder.read("output/index.html") == "A")
        #expect(folder.read("output/steder/c/index.html") == nil)
        #expect(try inode(output + "/steder/b/index.html") == unchangedInode)
        #expect(try modificationTime(output + "/steder/b/index.html") == unchangedTime)

        // Third build, nothing changed: nothing written, nothing swapped.
        let rootInode = try inode(output)
        writer = try SiteWriter(outputPath: output)
        try writer.write(Array("A".utf8), to: "index.html")
        try writer.write(Array("b".utf8), to: "steder/b/index.html")
        try writer.write(Array("d".utf8), to: "steder/d/index.html")
        stats = try writer.commit()
        #expect(stats.written == 0)
        #expect(try inode(output) == rootInode)
        // No staging folders left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("staging")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func discardedBuildLeavesPreviousOutput() throws {
        let folder = TemporaryFolder()
        let output = folder.path + "/output"
        var writer = try SiteWriter(outputPath: output)
        try writer.write(Array("old".utf8), to: "index.html")
        _ = try writer.commit()
        writer = try SiteWriter(outputPath: output)
        try writer.write(Array("new".utf8), to: "index.html")
        writer.discard()
        #expect(folder.read("output/index.html") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["output"])
    }

    @Test func refusesUnsafePathsAndForeignFolders() throws {
        let folder = TemporaryFolder()
        let writer = try SiteWriter(outputPath: folder.path + "/output")
        for bad in ["../x.html", "/etc/passwd", "a/../../b", "a//b", "", "a/\u{0}b", "./a"] {
            #expect(throws: SiteWriterError.self) { try writer.write([1], to: bad) }
        }
        writer.discard()
        folder.write("mine", to: "documents/letter.txt")
        #expect(throws: SiteWriterError.notOurFolder(path: folder.path + "/documents")) {
            try SiteWriter(outputPath: folder.path + "/documents")
        }
        #expect(throws: SiteWriterError.self) {
            try SiteWriter(outputPath: folder.path, protectedPaths: [folder.path + "/site"])
        }
        #expect(folder.read("documents/letter.txt") == "mine")
    }

    @Test func concurrentWritesFromManyTasks() async throws {
        let folder = TemporaryFolder()
        let writer = try SiteWriter(outputPath: folder.path + "/output")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<250 {
                        try writer.write(
                            Array("page \(task)-\(i)".utf8), to: "steder/p\(task)-\(i)/index.html")
                    }
                }
            }
            try await group.waitForAll()
        }
        let stats = try writer.commit()
        #expect(stats.written == 2_001)
        #expect(folder.read("output/steder/p7-249/index.html") == "page 7-249")
    }

    /// The rule as it read segments as strings: the byte rule must agree with it on any path.
    static func isSafeBySegments(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), path.utf8.count < 4096 else { return false }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty || segment == "." || segment == ".." || segment.utf8.count > 255 {
                return false
            }
            if segment.unicodeScalars.contains(where: {
                $0.value < 0x20 || $0.value == 0x7F || $0 == "\\"
            }) {
                return false
            }
        }
        return true
    }

    @Test func pathsAreJudgedByTheirBytesAsByTheirSegments() {
        var inputs = [
            "steder/a/index.html", "../x", "a/../b", "a/./b", "a//b", "/a", "a/", "", ".", "..",
            "...", "a/...",
            ".a/b..", "a\\b", "a\u{7F}", "a\u{0}b", "kafé/ø.html",
            String(repeating: "a", count: 255),
            String(repeating: "a", count: 256), String(repeating: "é", count: 128),
            "a/" + String(repeating: "b/", count: 2_100),
        ]
        let alphabet = Array("ab./\\é\u{1}\u{7F}")
        var generator = seededGenerator()
        for _ in 0..<3_000 {
            inputs.append(
                String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    }))
        }
        for input in inputs {
            #expect(
                SiteWriter.isSafeRelativePath(input) == Self.isSafeBySegments(input),
                "\(input.debugDescription)")
        }
    }
}
