import Testing

@testable import BeaconSite

/// The key a build sums for a file it writes is the key the walk of the output derives from the
/// names it lists, or the recorded digest would never match the output and no build would be
/// found unchanged.
@Suite struct OutputTreeDigestKeyTests {
    static func walkedKey(_ path: String) -> UInt64 {
        path.split(separator: "/").reduce(0) { parent, name in
            OutputTreeDigest.entryKey(
                parent: parent, name: name.utf8.map { CChar(bitPattern: $0) } + [0])
        }
    }

    @Test(arguments: [
        "index.html", "steder/kaffebrenneriet-p1x2/index.html", "en/places/x/index.html",
        "/leading/slash", "double//slash/", "bilder/blåbær-🍓/720.webp", "a", "",
    ])
    func theSummedKeyIsTheWalkedKey(path: String) {
        #expect(OutputTreeDigestChange.key(of: path) == Self.walkedKey(path))
    }

    @Test func differentPathsHaveDifferentKeys() {
        let paths = ["a/b", "ab", "b/a", "a/b/", "a/bc", "a/b/c"]
        let keys = Set(paths.map { OutputTreeDigestChange.key(of: $0) })
        #expect(keys.count == paths.count - 1)  // "a/b/" is "a/b"
    }
}
