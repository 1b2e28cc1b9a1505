import Foundation
import Synchronization
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `sitegen photo …`, run as the real binary against the sample guide: originals copied into
/// `photos/` once per picture, listed, ordered and removed in step with the store, and every bad
/// file or mistake refused with the store and `photos/` left as they were.
@Suite struct PhotoCommandTests {
    func run(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        try Sitegen.run(arguments + ["--site", site.root])
    }

    static let jpegHead: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]
    static let pngHead: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A file outside the site folder (the owner's pictures may be anywhere): `head`, then
    /// `seed`-made bytes.
    func picture(
        _ folder: TemporaryPictures, _ name: String, head: [UInt8] = jpegHead, seed: UInt8 = 1
    ) -> String {
        let body = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
        return folder.write(head + body, to: name)
    }

    /// The originals in `photos/`, by name.
    func originals(_ site: TestSite) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.root + "/photos")) ?? [])
            .sorted()
    }

    func photos(_ site: TestSite, _ id: String) throws -> [PlacePhoto] {
        try site.site.loadStore().photos(of: PlaceID(rawValue: id))
    }

    /// The sample guide's ids of two places the tests give photos, as `photo list` names them while
    /// they have none.
    func ids(_ site: TestSite) throws -> (fuglen: String, tim: String) {
        func id(_ place: String) throws -> String {
            let text = try run(site, ["photo", "list", place]).stdout
            let start = try #require(text.range(of: "photo add ")).upperBound
            return String(text[start...].prefix { $0 != " " })
        }
        return (try id("Fuglen"), try id("Tim Wendelboe"))
    }

    @Test func photosAreAddedListedOrderedAndRemovedWithTheirOriginals() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let (fuglen, tim) = try ids(site)
        let jpeg = picture(folder, "Kafé bord.jpg")
        // A PNG named .jpg is kept as what it is.
        let png = picture(folder, "skilt.jpg", head: Self.pngHead, seed: 2)

        var result = try run(
            site,
            [
                "photo", "add", "Fuglen", jpeg, png, "--alt", "Bordet ved vinduet", "--credit",
                "Kari Nordmann",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("La til 2 bilder av Fuglen (2 i alt)"), "\(result.stdout)")
        #expect(!result.stderr.contains("--alt"), "\(result.stderr)")
        var stored = try photos(site, fuglen)
        #expect(stored.map(\.alt) == ["Bordet ved vinduet", "Bordet ved vinduet"])
        #expect(stored.map(\.credit) == ["Kari Nordmann", "Kari Nordmann"])
        #expect(stored[0].file.hasSuffix(".jpg") && stored[1].file.hasSuffix(".png"))
        #expect(stored.allSatisfy { PlacePhoto.isValidFile($0.file) })
        #expect(
            originals(site) == stored.map { String($0.file.dropFirst("photos/".count)) }.sorted())
        #expect(site.bytes(stored[0].file) == (try FileSystem.read(jpeg)))

        // The same picture for another place: one original; no --alt, so a warning.
        result = try run(site, ["photo", "add", "Tim Wendelboe", jpeg])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("«Bilde av Tim Wendelboe»") && result.stderr.contains("--alt"))
        #expect(originals(site).count == 2)
        #expect(try photos(site, tim).map(\.file) == [stored[0].file])
        #expect(try photos(site, tim)[0].alt == nil)

        // The same picture again: nothing changes, not even the file's time.
        let store = site.bytes(GuideStore.fileName)
        result = try run(site, ["photo", "add", "Fuglen", jpeg, "--alt", "Noe annet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Kafé bord.jpg var allerede med blant bildene av Fuglen"),
            "\(result.stdout)")
        #expect(site.bytes(GuideStore.fileName) == store)

        result = try run(site, ["photo", "list", "Fuglen"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("  1  \(stored[0].file)  2 kB  alt: «Bordet ved vinduet»"),
            "\(result.stdout)")
        #expect(result.stdout.contains("  2  \(stored[1].file)"))
        #expect(result.stdout.contains("kreditering: Kari Nordmann"))
        #expect(!result.stdout.contains("mangler"))
        result = try run(site, ["photo", "list"])
        #expect(result.stdout.contains("2 steder har bilder:"), "\(result.stdout)")
        #expect(result.stdout.contains("Fuglen (\(fuglen)): 2 bilder"))
        #expect(result.stdout.contains("Tim Wendelboe (\(tim)): 1 bilde"))

        // A store with photos builds.
        result = try run(site, ["build", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")

        result = try run(site, ["photo", "order", "Fuglen", "2", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try photos(site, fuglen).map(\.file) == [stored[1].file, stored[0].file])
        stored = try photos(site, fuglen)

        // The PNG is Fuglen's alone: its original goes with it.
        result = try run(site, ["photo", "remove", "Fuglen", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "Fjernet bilde 1 (\(stored[0].file)) av Fuglen. Originalen er slettet"))
        #expect(originals(site) == [String(stored[1].file.dropFirst("photos/".count))])
        // The JPEG is Tim Wendelboe's too: kept until its last place lets it go.
        result = try run(site, ["photo", "remove", "Fuglen", "--all"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("er beholdt, fordi et annet sted også har bildet"),
            "\(result.stdout)")
        #expect(originals(site).count == 1)
        #expect(try photos(site, fuglen).isEmpty)
        result = try run(site, ["photo", "remove", "Tim Wendelboe", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(originals(site).isEmpty)
        #expect(try site.site.loadStore().placesWithPhotos.isEmpty)
        result = try run(site, ["photo", "list"])
        #expect(result.stdout.contains("Ingen steder har bilder ennå"))
    }

    @Test func aDeletedOriginalIsMarkedAndAddingItAgainBringsItBack() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let jpeg = picture(folder, "a.jpg")
        #expect(try run(site, ["photo", "add", "Fuglen", jpeg, "--alt", "Bord"]).status == 0)
        let file = try #require(site.site.loadStore().placesWithPhotos.first?.photos.first?.file)
        try FileManager.default.removeItem(atPath: site.root + "/" + file)
        var result = try run(site, ["photo", "list", "Fuglen"])
        #expect(result.stdout.contains("  1  \(file)  mangler"), "\(result.stdout)")
        #expect(try run(site, ["photo", "list"]).stdout.contains("1 mangler i photos/"))
        result = try run(site, ["photo", "add", "Fuglen", jpeg])
        #expect(
            result.status == 0 && result.stdout.contains("var allerede med"), "\(result.stderr)")
        #expect(site.bytes(file) == (try FileSystem.read(jpeg)))
        #expect(!(try run(site, ["photo", "list", "Fuglen"]).stdout.contains("mangler")))
    }

    @Test func ownPlacesTakePhotosToo() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        var result = try run(
            site,
            ["place", "add", "Hjørnekafeen", "--at", "59.9150", "10.7480", "--category", "cafe"])
        #expect(result.status == 0, "\(result.stderr)")
        result = try run(
            site, ["photo", "add", "Hjørnekafeen", picture(folder, "h.jpg"), "--alt", "Disken"])
        #expect(result.status == 0, "\(result.stderr)")
        let own = try #require(site.site.loadStore().ownPlaces.first)
        #expect(try photos(site, own.id.rawValue).map(\.alt) == ["Disken"])
    }

    @Test(arguments: [
        ("text", 65, "ikke et bilde sitegen kjenner igjen"),
        ("empty", 65, "er tom"),
        ("huge", 65, "for stor til et bilde"),
        ("missing", 74, "Fant ikke bildet"),
        ("folder", 74, "er en mappe"),
        ("fifo", 74, "ikke en vanlig fil"),
        ("device", 74, "ikke en vanlig fil"),
    ])
    func aBadFileIsRefusedAndNothingIsTouched(kind: String, status: Int32, message: String) throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        #expect(
            try run(site, ["photo", "add", "Tim Wendelboe", picture(folder, "first.jpg")]).status
                == 0)
        let store = site.bytes(GuideStore.fileName)
        let before = originals(site)
        var bad = folder.path + "/bad.jpg"
        switch kind {
        case "text":
            _ = folder.write(Array("Dette er ikke et bilde, bare tekst.".utf8), to: "bad.jpg")
        case "empty": _ = folder.write([], to: "bad.jpg")
        case "huge":
            // Sparse: 300 MB on paper behind a JPEG's first bytes; refused from its size, never
            // read.
            _ = folder.write(Self.jpegHead, to: "bad.jpg")
            #expect(truncate(bad, 300 << 20) == 0)
        case "folder":
            try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: false)
        case "fifo": #expect(mkfifo(bad, 0o644) == 0)
        case "device": bad = "/dev/zero"
        default: break
        }
        // A good file beside the bad one: it is not added either.
        let good = picture(folder, "good.jpg", seed: 9)
        let result = try run(site, ["photo", "add", "Fuglen", good, bad, "--alt", "Bord"])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(
            kind != "text" || result.stderr.contains("JPEG, PNG, GIF, WebP, HEIC/HEIF eller AVIF"))
        #expect(site.bytes(GuideStore.fileName) == store)
        #expect(originals(site) == before)
    }

    /// What the build would not publish is refused when it is added, in the build's words: a TIFF
    /// (no loader of the build reads it) and a PNG so narrow for its height that no WebP could hold
    /// it. Told from the header, so a machine without libvips refuses them too.
    @Test func aPhotoTheBuildCannotPublishIsRefusedWithTheBuildsMessage() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let tiff = picture(
            folder, "skann.tif", head: [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00])
        let vips = try Vips.shared.get()
        let tallBytes = try vips.image(
            pixels: [UInt8](repeating: 200, count: 100 * 60_000), width: 100, height: 60_000,
            bands: 1,
            format: .uchar, interpretation: .blackAndWhite
        ).encoded(as: .png, strip: true)
        let tall = folder.write(tallBytes, to: "panorama.png")
        let cases = [
            (
                tiff,
                "er et TIFF-bilde, og det kan ikke nettsidene vise. Gjør det om til JPEG eller PNG først, for eksempel "
                    + "med «vips copy bilde.tif bilde.jpg» (Debian: libvips-tools)."
            ),
            (
                tall,
                "er for høyt og smalt: 100 × 60\u{A0}000 piksler. Nettsidens bilder (WebP) kan være høyst "
                    + "16\u{A0}383 piksler høye, og i 100 pikslers bredde ville dette blitt 60\u{A0}000. Beskjær det "
                    + "eller del det opp før du legger det til."
            ),
        ]
        for (path, words) in cases {
            let result = try run(site, ["photo", "add", "Fuglen", path, "--alt", "Bord"])
            #expect(result.status == 65, "\(path): \(result.stderr)")
            #expect(
                result.stderr.contains("«\(path)» \(words) Ingenting er endret."),
                "\(result.stderr)")
            #expect(site.bytes(GuideStore.fileName) == nil)
            #expect(originals(site).isEmpty)
        }
        // The build says the same of such a photo that came into the store another way (an older
        // sitegen).
        let stored = PhotoOriginal.storedName(of: tallBytes, format: .png)
        try FileManager.default.createDirectory(
            atPath: site.root + "/photos", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tall, toPath: site.root + "/" + stored)
        site.write(
            #"{"format":2,"places":{"node/2714550550":{"photos":[{"file":"\#(stored)"}]}}}"#,
            to: GuideStore.fileName)
        let built = try run(site, ["build"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(
            built.stderr.contains("Advarsel: Bilder: Bildet «\(stored)» \(cases[1].1)"),
            "\(built.stderr)")
    }

    /// A photo's text and credit changed after it was added; an empty text removes it.
    @Test func aPhotosTextIsChangedAndRemoved() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let a = picture(folder, "a.jpg")
        let b = picture(folder, "b.jpg", seed: 2)
        #expect(
            try run(site, ["photo", "add", "Fuglen", a, b, "--alt", "Bord", "--credit", "Kari"])
                .status == 0)
        var result = try run(site, ["photo", "edit", "Fuglen", "2", "--alt", "Disken og kverna"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Beskrivelse: «Disken og kverna»")
                && result.stdout.contains("Kreditering: «Kari»"))
        var photos = try site.site.loadStore().photos(of: PlaceID(rawValue: "node/2714550550"))
        #expect(photos.map(\.alt) == ["Bord", "Disken og kverna"])
        #expect(photos.map(\.credit) == ["Kari", "Kari"])
        result = try run(site, ["photo", "edit", "Fuglen", "1", "--alt", "", "--credit", " "])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ingen (sidene sier «Bilde av Fuglen»)"))
        photos = try site.site.loadStore().photos(of: PlaceID(rawValue: "node/2714550550"))
        #expect(photos.map(\.alt) == [nil, "Disken og kverna"])
        #expect(photos.map(\.credit) == [nil, "Kari"])
        #expect(
            photos.map(\.file) == [photos[0].file, photos[1].file]
                && photos[0].file != photos[1].file)
    }

    @Test func mistakesAreRefusedAndNothingIsTouched() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let a = picture(folder, "a.jpg")
        let b = picture(folder, "b.jpg", seed: 2)
        #expect(try run(site, ["photo", "add", "Fuglen", a, b, "--alt", "Bord"]).status == 0)
        let store = site.bytes(GuideStore.fileName)
        let before = originals(site)
        let cases: [([String], Int32, String)] = [
            (["photo", "add", "Fuglen"], 64, "minst én bildefil"),
            (["photo", "add", "Fuglen", a, "--all"], 64, "--all hører ikke til «photo add»"),
            (["photo", "add", "Fuglen", a, "--alt", ""], 64, "Alt-teksten er tom"),
            (["photo", "add", "Fuglen", a, "--alt", "Bord\u{202E}"], 64, "retningstegn"),
            (
                ["photo", "add", "Fuglen", a, "--alt", String(repeating: "x", count: 301)], 64,
                "grensen er 300"
            ),
            (
                ["photo", "add", "Fuglen", a, "--credit", String(repeating: "x", count: 121)], 64,
                "grensen er 120"
            ),
            (["photo", "add", "Finnes ikke i det hele tatt", a], 65, "Fant ikke noe sted"),
            (["photo", "remove", "Fuglen"], 64, "eller --all"),
            (["photo", "remove", "Fuglen", "1", "--all"], 64, "ikke begge"),
            (["photo", "remove", "Fuglen", "3"], 64, "ikke noe bilde 3"),
            (["photo", "remove", "Fuglen", "0"], 64, "helt tall fra 1"),
            (["photo", "remove", "Fuglen", "en"], 64, "helt tall fra 1"),
            (["photo", "remove", "Tim Wendelboe", "1"], 64, "har ingen bilder"),
            (["photo", "order", "Fuglen"], 64, "nye rekkefølge"),
            (["photo", "order", "Fuglen", "1"], 64, "nøyaktig én gang"),
            (["photo", "order", "Fuglen", "1", "1"], 64, "nøyaktig én gang"),
            (["photo", "order", "Fuglen", "1", "2", "3"], 64, "nøyaktig én gang"),
            (["photo", "order", "Fuglen", "2", "x"], 64, "helt tall fra 1"),
            (["photo", "order", "Tim Wendelboe", "1"], 64, "ingen bilder å ordne"),
            (["photo", "list", "Fuglen", "Tim"], 64, "høyst ett sted"),
            (["photo", "list", "--all"], 64, "ingen andre valg"),
            (["photo", "rename", "Fuglen"], 64, "add, edit, remove, list eller order"),
            (["photo", "edit", "Fuglen"], 64, "oppgi stedet og bildets nummer"),
            (["photo", "edit", "Fuglen", "1"], 64, "oppgi hva som skal endres"),
            (["photo", "edit", "Fuglen", "3", "--alt", "Bord"], 64, "så det er ikke noe bilde 3"),
            (["photo", "edit", "Fuglen", "0", "--alt", "Bord"], 64, "helt tall fra 1"),
            (["photo", "edit", "Fuglen", "1", "--all"], 64, "--all hører ikke til «photo edit»"),
            (
                ["photo", "edit", "Fuglen", "1", "--alt", String(repeating: "a", count: 301)], 64,
                "for lang"
            ),
            (["photo", "edit", "Tim Wendelboe", "1", "--alt", "Bord"], 64, "har ingen bilder"),
        ]
        for (arguments, status, message) in cases {
            let result = try run(site, arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(site.bytes(GuideStore.fileName) == store, "\(arguments)")
            #expect(originals(site) == before, "\(arguments)")
        }
        // The order as it is: nothing to write.
        let result = try run(site, ["photo", "order", "Fuglen", "1", "2"])
        #expect(result.status == 0 && result.stdout.contains("var allerede i den rekkefølgen"))
        #expect(site.bytes(GuideStore.fileName) == store)
    }

    @Test func aPlaceTakesFiftyPhotosAndNoMore() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let fifty = (0..<PlacePhoto.maximumPerPlace).map {
            picture(folder, "\($0).jpg", seed: UInt8($0))
        }
        var result = try run(site, ["photo", "add", "Fuglen"] + fifty + ["--alt", "Bord"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(originals(site).count == 50)
        let store = site.bytes(GuideStore.fileName)
        result = try run(
            site,
            ["photo", "add", "Fuglen", picture(folder, "extra.jpg", seed: 200), "--alt", "Bord"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("opptil 50"), "\(result.stderr)")
        #expect(site.bytes(GuideStore.fileName) == store)
        #expect(originals(site).count == 50)
    }

    /// More files at once than a place can hold: the limit said, not «uventet argument»; and `-q`
    /// taken, as by every other command that writes.
    @Test func fiftyFiveFilesAreToldTheLimitAndQuietIsTaken() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let many = (0..<55).map { picture(folder, "\($0).jpg", seed: UInt8($0)) }
        var result = try run(site, ["photo", "add", "Fuglen"] + many + ["--alt", "Bord"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr
                == "Feil: Et sted kan ha opptil 50 bilder, så legg til høyst 50 om gangen (fikk 55 filer). "
                + "Ingenting er endret.\n", "\(result.stderr)")
        #expect(site.bytes(GuideStore.fileName) == nil)
        #expect(originals(site).isEmpty)
        for quiet in ["-q", "--quiet"] {
            result = try run(
                site,
                ["photo", "add", "Fuglen", many[quiet == "-q" ? 0 : 1], "--alt", "Bord", quiet])
            #expect(result.status == 0, "\(quiet): \(result.stderr)")
            #expect(result.stdout.contains("La til 1 bilde av Fuglen"), "\(result.stdout)")
        }
        #expect(try run(site, ["-q", "photo", "order", "Fuglen", "2", "1"]).status == 0)
        #expect(try photos(site, "node/2714550550").count == 2)
    }

    /// A cloned guide whose `photos/` leads elsewhere must not make sitegen write (or delete)
    /// there.
    @Test func photosAsALinkOutOfTheSiteIsRefused() throws {
        let site = TestSite()
        let outside = TemporaryPictures()
        let folder = TemporaryPictures()
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/photos", withDestinationPath: outside.path)
        let result = try run(
            site, ["photo", "add", "Fuglen", picture(folder, "a.jpg"), "--alt", "Bord"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("er en lenke ut av nettstedsmappen"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(site.bytes(GuideStore.fileName) == nil)
    }

    /// Two processes adding at once: each waits for the site lock, and both photos land.
    @Test func twoAddsAtOnceBothLand() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let files = (0..<2).map { picture(folder, "\($0).jpg", seed: UInt8(10 + $0)) }
        let root = site.root
        let results = Mutex<[ProcessResult]>([])
        let done = DispatchGroup()
        for file in files {
            done.enter()
            Thread {
                let result = try? Sitegen.run([
                    "photo", "add", "Fuglen", file, "--alt", "Bord", "--site", root,
                ])
                results.withLock {
                    $0.append(result ?? ProcessResult(status: -1, stdout: "", stderr: ""))
                }
                done.leave()
            }.start()
        }
        done.wait()
        for result in results.withLock({ $0 }) { #expect(result.status == 0, "\(result.stderr)") }
        let stored = try #require(site.site.loadStore().placesWithPhotos.first?.photos)
        #expect(stored.count == 2)
        #expect(originals(site).count == 2)
    }

    /// A photo narrower than the page shows photos is added all the same, with a warning (stderr,
    /// bokmål) that says its size and the page's; a wide one is added without.
    @Test func aPhotoSmallerThanThePageShowsItIsAddedWithAWarning() throws {
        let site = TestSite()
        let folder = TemporaryPictures()
        let small = folder.write(
            Array(try PhotoBuildTests.jpeg(width: 100, height: 68)), to: "liten.jpg")
        let added = try run(site, ["photo", "add", "Fuglen", small, "--alt", "Disken"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stderr.contains(
                "liten.jpg er bare 100 × 68 piksler, men stedets side viser bilder opptil 736 piksler brede"
            ), "\(added.stderr)")
        #expect(added.stdout.contains("La til 1 bilde av Fuglen"))
        #expect(originals(site).count == 1)
        let wide = folder.write(
            Array(try PhotoBuildTests.jpeg(width: 1200, height: 800, seed: 2)), to: "stor.jpg")
        let quiet = try run(site, ["photo", "add", "Fuglen", wide, "--alt", "Bordene"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("piksler"), "\(quiet.stderr)")
    }
}

/// A folder of the owner's pictures outside the site folder, removed when the value is.
final class TemporaryPictures {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "beacon-pictures-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` in the folder and returns its path.
    func write(_ bytes: [UInt8], to name: String) -> String {
        let file = path + "/" + name
        precondition(
            FileManager.default.createFile(atPath: file, contents: Data(bytes)),
            "could not write \(file)")
        return file
    }
}
