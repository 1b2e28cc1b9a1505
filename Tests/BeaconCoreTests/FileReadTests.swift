import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconSystem

/// Reading a file whole: a big one is read in two halves on two cores, and must come back byte for
/// byte.
@Suite struct FileReadTests {
    @Test(arguments: [
        0, 1, FileSystem.parallelReadMinimum - 1, FileSystem.parallelReadMinimum,
        FileSystem.parallelReadMinimum + 1, 2 * FileSystem.parallelReadMinimum + 3,
    ])
    func aFileReadsBackByteForByteAtAnySize(size: Int) throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/steder.json"
        // A pattern that differs at every offset, so a half read to the wrong place shows.
        var generator = seededGenerator()
        let seed = UInt64.random(in: 1...UInt64.max, using: &generator)
        let bytes = (0..<size).map {
            UInt8(truncatingIfNeeded: (UInt64($0) &* 0x9E37_79B9_7F4A_7C15 ^ seed) >> 29)
        }
        try FileSystem.writeAtomically(bytes, to: path)
        let read = try FileSystem.read(path)
        #expect(read.count == size)
        #expect(read == bytes)
    }
}
