import Foundation
import Testing

@testable import BeaconCore
@testable import SiteGenKit

/// The owner's photos in a build: made once into their published sizes (cached), on the place's page as a
/// `<picture>` with every size, dimensions, alt text and the credit; a photo gone from `photos/` is named
/// in a warning and the rest of the guide is built.
@Suite struct PhotoBuildTests {
    func run(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        try Sitegen.run(arguments + ["--site", site.root])
    }

    /// A photo-like JPEG made by libvips: a gradient with some noise, `width` × `height`.
    static func jpeg(width: Int, height: Int, seed: UInt8 = 1) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var noise = UInt32(seed) &* 2_654_435_761
        for y in 0..<height {
            for x in 0..<width {
                noise = noise &* 1_664_525 &+ 1_013_904_223
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(truncatingIfNeeded: x * 255 / width)
                pixels[offset + 1] = UInt8(truncatingIfNeeded: y * 255 / height)
                pixels[offset + 2] = UInt8(truncatingIfNeeded: noise >> 24)
            }
        }
        let vips = try Vips.shared.get()
        let image = try vips.image(
            pixels: pixels, width: width, height: height, bands: 3, format: .uchar, interpretation: .sRGB)
        return Data(try image.encoded(as: .jpeg(quality: 90), strip: false))
    }

    @Test func aPhotoIsOnItsPlacesPageInEverySizeAndMadeOnce() throws {
        let site = TestSite()
        let lead = site.root + "/../lead-\(UUID().uuidString).jpg"
        let small = site.root + "/../small-\(UUID().uuidString).jpg"
        try Self.jpeg(width: 1600, height: 1200).write(to: URL(fileURLWithPath: lead))
        try Self.jpeg(width: 300, height: 200, seed: 2).write(to: URL(fileURLWithPath: small))
        defer {
            try? FileManager.default.removeItem(atPath: lead)
            try? FileManager.default.removeItem(atPath: small)
        }
        #expect(
            try run(site, ["photo", "add", "Fuglen", lead, "--alt", "Disken <b>og</b> kverna", "--credit", "Kari"])
                .status == 0)
        #expect(try run(site, ["photo", "add", "Fuglen", small, "--alt", "Et lite bilde"]).status == 0)
        var result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(
            site.outputFiles().filter { $0.hasPrefix("steder/fuglen-") }.first.flatMap { site.read("output/" + $0) })
        let published = site.outputFiles().filter { $0.hasPrefix("bilder/") }
        // 1600 wide: 320, 640 and 1280 (never enlarged to 1920); 300 wide: its own width; each as WebP and JPEG.
        #expect(published.count == 3 * 2 + 1 * 2, "\(published)")
        #expect(published.contains { $0.hasSuffix("-1280.webp") } && !published.contains { $0.hasSuffix("-1920.jpg") })
        #expect(page.contains(#"<source type="image/webp" srcset="../../bilder/"#))
        #expect(page.contains(#" 320w, ../../bilder/"#) && page.contains(" 1280w"))
        #expect(page.contains(#"width="1600" height="1200" alt="Disken &lt;b&gt;og&lt;/b&gt; kverna""#))
        #expect(page.contains(#"fetchpriority="high""#))  // the lead photo, at once
        #expect(page.contains(#"alt="Et lite bilde" decoding="async" loading="lazy""#))  // the next, as it is seen
        #expect(page.contains("<figcaption>Foto: Kari</figcaption>"))
        #expect(page.contains(#"<h2 id="photos-heading">Bilder</h2>"#))
        for file in published {
            let bytes = try #require(site.bytes("output/" + file))
            #expect(bytes.count > 100 && bytes.count < 400_000, "\(file): \(bytes.count) bytes")
        }

        // Made once: a build after a rating takes them from the cache.
        let cache = site.root + "/.beacon-cache/photos"
        func cacheTimes() throws -> [String: Date] {
            var times: [String: Date] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
                times[name] =
                    try FileManager.default.attributesOfItem(atPath: cache + "/" + name)[.modificationDate]
                    as? Date
            }
            return times
        }
        let before = try cacheTimes()
        #expect(before.count == 2 + 8)  // two descriptions, eight files
        #expect(try run(site, ["rate", "Tim Wendelboe", "4"]).status == 0)
        result = try run(site, ["build"])
        #expect(result.status == 0 && !result.stderr.contains("Advarsel"), "\(result.stderr)")
        #expect(try cacheTimes() == before)
        #expect(site.outputFiles().filter { $0.hasPrefix("bilder/") } == published)
    }

    @Test func aPhotoGoneFromTheFolderIsNamedAndTheGuideIsBuilt() throws {
        let site = TestSite()
        let path = site.root + "/../gone-\(UUID().uuidString).jpg"
        try Self.jpeg(width: 400, height: 300).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try run(site, ["photo", "add", "Fuglen", path, "--alt", "Borte snart"]).status == 0)
        let file = try #require(try site.site.loadStore().photos(of: PlaceID(rawValue: "node/2714550550")).first?.file)
        try FileManager.default.removeItem(atPath: site.root + "/" + file)
        let result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\(file) finnes ikke"), "\(result.stderr)")
        #expect(!site.outputFiles().contains { $0.hasPrefix("bilder/") })
        #expect(site.read("output/index.html")?.contains("Fuglen") == true)
    }

    @Test func notAnImageUnderAPhotosNameIsNamedAndLeftOut() throws {
        let site = TestSite()
        let path = site.root + "/../fake-\(UUID().uuidString).jpg"
        // JPEG's first bytes, then nothing a decoder can read: `photo add` takes it (it only sniffs), the build does not.
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try run(site, ["photo", "add", "Fuglen", path, "--alt", "Ødelagt"]).status == 0)
        let result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Advarsel: Bilder:"), "\(result.stderr)")
        #expect(!site.outputFiles().contains { $0.hasPrefix("bilder/") })
    }
}
