import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit
@testable import Templates

/// The owner's photos in a build: made once into their published sizes (cached), on the place's
/// page as a `<picture>` with every size, dimensions, alt text and the credit; a photo gone from
/// `photos/` is named in a warning and the rest of the guide is built.
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
            pixels: pixels, width: width, height: height, bands: 3, format: .uchar,
            interpretation: .sRGB)
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
            try run(
                site,
                [
                    "photo", "add", "Fuglen", lead, "--alt", "Disken <b>og</b> kverna", "--credit",
                    "Kari",
                ]
            )
            .status == 0)
        #expect(
            try run(site, ["photo", "add", "Fuglen", small, "--alt", "Et lite bilde"]).status == 0)
        var result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(
            site.outputFiles().filter { $0.hasPrefix("steder/fuglen-") }.first.flatMap {
                site.read("output/" + $0)
            })
        let published = site.outputFiles().filter { $0.hasPrefix("bilder/") }
        // 1600 wide: WebP 360, 720 and 1080, and the JPEG 1200 wide; 300 wide: one WebP and one
        // JPEG at its own width. Never enlarged.
        #expect(published.count == 4 + 2, "\(published)")
        #expect(
            published.contains { $0.hasSuffix("-1080.webp") }
                && published.contains { $0.hasSuffix("-1200.jpg") })
        #expect(
            published.contains { $0.hasSuffix("-300.webp") }
                && published.contains { $0.hasSuffix("-300.jpg") })
        #expect(page.contains(#"<source type="image/webp" srcset="../../bilder/"#))
        #expect(page.contains(#" 360w, ../../bilder/"#) && page.contains(" 1080w"))
        #expect(
            page.contains(
                #"sizes="(min-width: 76rem) 33rem, (min-width: 60rem) 42vw, calc(100vw - 2rem)""#))
        #expect(
            page.contains(
                #"-1200.jpg" width="1600" height="1200" alt="Disken &lt;b&gt;og&lt;/b&gt; kverna""#)
        )
        // The lead photo at once, the next as it is seen.
        #expect(page.contains(#"alt="Disken &lt;b&gt;og&lt;/b&gt; kverna" decoding="async">"#))
        // the next, as it is seen
        #expect(page.contains(#"alt="Et lite bilde" decoding="async" loading="lazy""#))
        #expect(page.contains("<figcaption>Foto: Kari</figcaption>"))
        // Two photos: a gallery, each photo with its number, the buttons for the script to show.
        #expect(
            page.contains(
                #"<section class="gallery" aria-label="Bilder av Fuglen" data-gallery="">"#))
        #expect(
            page.contains(
                #"<span aria-hidden="true">2 / 2</span><span class="visually-hidden">Bilde 2 av 2</span>"#
            ))
        #expect(
            page.contains(#"class="gallery__button gallery__button--next" type="button" hidden="""#)
        )
        #expect(page.contains("assets/beacon-gallery.js"))
        #expect(page.contains(#"class="hero hero--steam hero--compact""#))
        // The link preview: the JPEG, 1200 wide.
        #expect(page.contains(#"-1200.jpg">"#) || !page.contains("og:image"))
        // The card in the explorer leads with the photo: the small WebP, decorative, in the photo's
        // colour.
        let list = try #require(site.read("output/index.html"))
        #expect(
            list.contains(
                #"<span class="place-card__photo"><picture><source type="image/webp" srcset="bilder/"#
            ))
        #expect(
            list.range(
                of:
                    #"<img class="ph-[0-3]{3}" src="bilder/[0-9a-f]{32}-1200\.jpg" width="360" height="270" alt="" decoding="async" loading="lazy">"#,
                options: .regularExpression) != nil)
        #expect(
            list.range(
                of: #""ph":"bilder/[0-9a-f]{32}-360\.webp","pw":360,"phh":270"#,
                options: .regularExpression)
                != nil)
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
                    try FileManager.default.attributesOfItem(atPath: cache + "/" + name)[
                        .modificationDate]
                    as? Date
            }
            return times
        }
        let before = try cacheTimes()
        #expect(before.count == 2 + 6)  // two descriptions, six files
        #expect(try run(site, ["rate", "Tim Wendelboe", "4"]).status == 0)
        result = try run(site, ["build"])
        #expect(result.status == 0 && !result.stderr.contains("Advarsel"), "\(result.stderr)")
        #expect(try cacheTimes() == before)
        #expect(site.outputFiles().filter { $0.hasPrefix("bilder/") } == published)
    }

    /// In every language the photos come from the site's one `bilder/` (a page in /nn/ is a level
    /// further down); the text the owner did not give is the language's own; «Mine steder», its
    /// map's pins and the share file show the favorite's photo, the share file inline.
    @Test func photosReachEveryLanguageMineStederAndTheShareFile() throws {
        let site = TestSite()
        site.write(#"{"format":1,"languages":["nb","nn","en"]}"#, to: SiteSettings.fileName)
        let path = site.root + "/../fav-\(UUID().uuidString).jpg"
        try Self.jpeg(width: 800, height: 600).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try run(site, ["photo", "add", "Fuglen", path]).status == 0)
        #expect(try run(site, ["favorite", "add", "Fuglen"]).status == 0)
        let result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("Bilder uten beskrivelse (--alt) hos «Fuglen»"),
            "\(result.stderr)")
        let files = site.outputFiles()
        let slug = try #require(files.first { $0.hasPrefix("steder/fuglen-") })
        for (prefix, alt, up) in [
            ("", "Bilde av Fuglen", "../../"), ("nn/", "Bilete av Fuglen", "../../../"),
            ("en/", "Photo of Fuglen", "../../../"),
        ] {
            let page = try #require(site.read("output/" + prefix + slug), "\(prefix)")
            #expect(page.contains(#"srcset="\#(up)bilder/"#), "\(prefix)")
            #expect(page.contains(#"alt="\#(alt)""#), "\(prefix)")
            #expect(!page.contains("data-gallery"), "one photo is no gallery")
            #expect(!page.contains("beacon-gallery.js"))
        }
        let favorites = try #require(site.read("output/nn/favoritter/index.html"))
        #expect(
            favorites.contains(
                #"<span class="place-card__photo"><picture><source type="image/webp" srcset="../../bilder/"#
            ))
        #expect(favorites.contains(#""ph":"../../bilder/"#))

        let share = site.root + "/mine-steder.html"
        let shared = try run(site, ["share"])
        #expect(shared.status == 0 && !shared.stdout.contains("utelatt"), "\(shared.stderr)")
        let file = try #require(site.read("mine-steder.html"))
        #expect(file.contains(#"<span class="place-card__photo"><img class="ph-"#))
        #expect(file.contains(#"src="data:image/webp;base64,UklGR"#))
        #expect(!file.contains("bilder/"), "the share file loads nothing")
        #expect(try Data(contentsOf: URL(fileURLWithPath: share)).count < ShareFile.sizeLimit)
    }

    /// The cache keeps only what the store's photos need from this pipeline: a removed photo's
    /// sizes and an earlier pipeline's files go at the next build, and the last photo removed
    /// empties it.
    @Test func theCacheKeepsOnlyWhatThePhotosNeed() throws {
        let site = TestSite()
        var paths: [String] = []
        for seed in [UInt8(1), 2] {
            let path = site.root + "/../cache-\(seed)-\(UUID().uuidString).jpg"
            try Self.jpeg(width: 500, height: 400, seed: seed).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        #expect(
            try run(site, ["photo", "add", "Fuglen", paths[0], paths[1], "--alt", "Bord"]).status
                == 0)
        #expect(try run(site, ["build"]).status == 0)
        let cache = site.root + "/.beacon-cache/photos"
        func names() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        }
        let stems = try site.site.loadStore().photos(of: PlaceID(rawValue: "node/2714550550")).map {
            PhotoProcessing.stem(of: $0.file)
        }
        // per photo: its description, 360 and 500 WebP, the 500 JPEG
        #expect(try names().count == 2 * 4)
        // An earlier pipeline's leftovers, of a photo still named.
        #expect(
            FileManager.default.createFile(
                atPath: cache + "/\(stems[0])-p1-320-640.json", contents: Data("{}".utf8)))
        #expect(
            FileManager.default.createFile(
                atPath: cache + "/\(stems[0])-p1-320-640-320.webp", contents: Data()))
        #expect(try run(site, ["photo", "remove", "Fuglen", "2"]).status == 0)
        #expect(try run(site, ["build"]).status == 0)
        #expect(
            try names().count == 4
                && names().allSatisfy { $0.hasPrefix(stems[0] + "-" + PhotoCache.version) })
        #expect(site.outputFiles().filter { $0.hasPrefix("bilder/") }.count == 3)
        #expect(try run(site, ["photo", "remove", "Fuglen", "--all"]).status == 0)
        #expect(try run(site, ["build"]).status == 0)
        #expect(try names().isEmpty)
    }

    @Test func aPhotoGoneFromTheFolderIsNamedAndTheGuideIsBuilt() throws {
        let site = TestSite()
        let path = site.root + "/../gone-\(UUID().uuidString).jpg"
        try Self.jpeg(width: 400, height: 300).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try run(site, ["photo", "add", "Fuglen", path, "--alt", "Borte snart"]).status == 0)
        let file = try #require(
            try site.site.loadStore().photos(of: PlaceID(rawValue: "node/2714550550")).first?.file)
        try FileManager.default.removeItem(atPath: site.root + "/" + file)
        let result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\(file) finnes ikke"), "\(result.stderr)")
        #expect(!site.outputFiles().contains { $0.hasPrefix("bilder/") })
        #expect(site.read("output/index.html")?.contains("Fuglen") == true)
    }

    /// A photo in `photos/` swapped for a link to a picture outside the site folder is not read (it
    /// is named and left out); `photos/` itself as a link out of the folder stops the build before
    /// anything is read.
    @Test func aLinkOutOfTheSiteFolderIsNeverPublished() throws {
        let site = TestSite()
        let outside = site.root + "/../outside-\(UUID().uuidString).jpg"
        try Self.jpeg(width: 400, height: 300).write(to: URL(fileURLWithPath: outside))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(try run(site, ["photo", "add", "Fuglen", outside, "--alt", "Disken"]).status == 0)
        let file = try #require(
            try site.site.loadStore().photos(of: PlaceID(rawValue: "node/2714550550")).first?.file)
        try FileManager.default.removeItem(atPath: site.root + "/" + file)
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/" + file, withDestinationPath: outside)
        var result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("\(file) finnes ikke (eller er ikke en vanlig fil)"),
            "\(result.stderr)")
        #expect(!site.outputFiles().contains { $0.hasPrefix("bilder/") })

        let elsewhere = site.root + "/../elsewhere-\(UUID().uuidString)"
        try FileManager.default.moveItem(atPath: site.root + "/photos", toPath: elsewhere)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/photos", withDestinationPath: elsewhere)
        let before = site.outputFiles()
        result = try run(site, ["build", "--force"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("photos"), "\(result.stderr)")
        #expect(site.outputFiles() == before)
    }

    @Test func notAnImageUnderAPhotosNameIsNamedAndLeftOut() throws {
        let site = TestSite()
        let path = site.root + "/../fake-\(UUID().uuidString).jpg"
        // JPEG's first bytes, then nothing a decoder can read: `photo add` takes it (it only
        // sniffs), the build does not.
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200)).write(
            to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try run(site, ["photo", "add", "Fuglen", path, "--alt", "Ødelagt"]).status == 0)
        let result = try run(site, ["build"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Advarsel: Bilder:"), "\(result.stderr)")
        #expect(!site.outputFiles().contains { $0.hasPrefix("bilder/") })
    }
}
