import Foundation
import Testing

@testable import BeaconSite
@testable import BeaconSystem

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct OutputTreeDigestTests {
    /// A small output: a page per place in its own folder, like a built site.
    func makeTree() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/steder/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: folder.path + "/steder/b", withIntermediateDirectories: true)
        for (path, text) in [
            ("index.html", "forside"), ("steder/a/index.html", "a"), ("steder/b/index.html", "b"),
        ] {
            try FileSystem.writeAtomically(Array(text.utf8), to: folder.path + "/" + path)
        }
        return folder
    }

    @Test func anUnchangedTreeKeepsItsDigest() throws {
        let folder = try makeTree()
        let digest = OutputTreeDigest.compute(folder.path)
        #expect(OutputTreeDigest.compute(folder.path) == digest)
        _ = try FileSystem.read(folder.path + "/steder/a/index.html")  // reading changes nothing
        #expect(OutputTreeDigest.compute(folder.path) == digest)
        #expect(OutputTreeDigest.compute(folder.path + "/finnes-ikke") == "missing")
    }

    @Test(arguments: ["remove", "add", "edit", "editKeepingTime", "rename", "emptyFolder", "chmod"])
    func everyKindOfChangeIsSeen(change: String) throws {
        let folder = try makeTree()
        let before = OutputTreeDigest.compute(folder.path)
        let page = folder.path + "/steder/a/index.html"
        switch change {
        case "remove": unlink(page)
        case "add":
            try FileSystem.writeAtomically(
                Array("x".utf8), to: folder.path + "/steder/b/fremmed.html")
        case "edit":
            let fd = open(page, O_WRONLY | O_APPEND)
            _ = "!".withCString { write(fd, $0, 1) }
            close(fd)
        case "editKeepingTime":
            // Same size, same modification time: only the change time tells.
            var info = stat()
            stat(page, &info)
            let fd = open(page, O_WRONLY)
            _ = "z".withCString { write(fd, $0, 1) }
            close(fd)
            var times = [info.st_atim, info.st_mtim]
            utimensat(AT_FDCWD, page, &times, 0)
        case "rename": rename(folder.path + "/steder/a", folder.path + "/steder/c")
        case "emptyFolder": mkdir(folder.path + "/steder/tom", 0o755)
        default: chmod(page, 0o600)
        }
        #expect(OutputTreeDigest.compute(folder.path) != before, "\(change)")
    }

    /// The digest does not depend on the order a folder lists its entries in.
    @Test func bigFoldersAreSplitWithoutChangingTheDigest() throws {
        let folder = TemporaryFolder()
        for index in 0..<9_000 {
            try FileManager.default.createDirectory(
                atPath: folder.path + "/steder/s\(index)", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: folder.path + "/steder/s\(index)/index.html",
                contents: Data("\(index)".utf8))
        }
        let digest = OutputTreeDigest.compute(folder.path)
        #expect(OutputTreeDigest.compute(folder.path) == digest)
        unlink(folder.path + "/steder/s8999/index.html")
        #expect(OutputTreeDigest.compute(folder.path) != digest)
    }
}
