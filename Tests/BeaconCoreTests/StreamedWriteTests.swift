import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconSystem

/// A file written in parts ends byte for byte as if written whole, and one whose parts all match the
/// previous output's is left alone.
@Suite struct StreamedWriteTests {
    func lines(_ count: Int, changing: Int? = nil) -> [[UInt8]] {
        (0..<count).map { index in Array("linje \(index)\(index == changing ? " endret" : "")\n".utf8) }
    }

    /// Writes `parts` as one streamed file of a new build over the output, and returns the commit's statistics.
    func build(_ output: String, _ parts: [[UInt8]]) throws -> SiteWriter.Statistics {
        let writer = try SiteWriter(outputPath: output)
        try writer.writeStreaming(to: "eksport/steder.geojson") { (emit) throws(SiteWriterError) in
            for part in parts { try emit(part) }
        }
        try writer.write(Array("side".utf8), to: "index.html")
        return try writer.commit()
    }

    @Test func streamedFilesMatchWholeOnesAndUnchangedOnesStay() throws {
        let folder = TemporaryFolder()
        let output = folder.path + "/output"
        let path = output + "/eksport/steder.geojson"
        let first = lines(500)
        _ = try build(output, first)
        #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == first.flatMap { $0 })
        let inode = try #require(
            (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.intValue)

        // The same parts: not written.
        let same = try build(output, first)
        #expect(same.written == 0)
        #expect(
            (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.intValue == inode)

        // A change in the middle, at the end, a longer and a shorter file: each ends exactly as given.
        for parts in [
            lines(500, changing: 250), lines(500, changing: 499), lines(501), lines(499), lines(500, changing: 0),
        ] {
            let stats = try build(output, parts)
            #expect(stats.written == 1)
            #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == parts.flatMap { $0 })
        }
        // And the digest a whole-tree build records is the output's.
        let writer = try SiteWriter(outputPath: output)
        try writer.writeStreaming(to: "eksport/steder.geojson") { (emit) throws(SiteWriterError) in
            try emit(Array("ny\n".utf8))
        }
        try writer.write(Array("ny side".utf8), to: "index.html")
        _ = try writer.commit()
        #expect(writer.committedTree == OutputTreeDigest.compute(output))
    }
}
