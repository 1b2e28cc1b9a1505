import Glibc
import Testing

@testable import BeaconCore
@testable import BeaconSystem

/// A mapped file's bytes are the file's (or the copied buffer's); an empty or missing file, a folder or a
/// symbolic link at the end of a relative path maps to nothing.
@Suite struct MappedFileTests {
    @Test func aCopyHoldsTheSameBytesAndNothingIsNotACopy() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let mapped = try #require(MappedFile(copying: bytes))
        #expect(Array(mapped.bytes) == bytes)
        #expect(MappedFile(copying: []) == nil)
    }

    @Test func aRelativePathIsMappedOnlyWhenItIsARegularFileWithBytes() throws {
        let folder = TemporaryFolder()
        folder.write("innhold", to: "fil.txt")
        folder.write("", to: "tom.txt")
        try #require(symlink(folder.path + "/fil.txt", folder.path + "/lenke.txt") == 0)
        try #require(mkdir(folder.path + "/mappe", 0o755) == 0)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(MappedFile(relativePath: "fil.txt", in: descriptor).map { Array($0.bytes) } == Array("innhold".utf8))
        #expect(MappedFile(relativePath: "fil.txt", in: descriptor, limit: 3) == nil)
        for refused in ["tom.txt", "lenke.txt", "mappe", "finnes-ikke.txt"] {
            #expect(MappedFile(relativePath: refused, in: descriptor) == nil, "\(refused)")
        }
    }
}
