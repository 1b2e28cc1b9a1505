import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The owner's photos in the store (format 2): read strictly (a name that could lead out of
/// `photos/`, too many, a format 1 file naming them: refused where it is), written byte for byte
/// the same, part of what keys the kept guide base; and the originals' formats told by their first
/// bytes.
@Suite struct PhotoStoreTests {
    static let hexA = "0123456789abcdef0123456789abcdef"
    static let hexB = "fedcba9876543210fedcba9876543210"
    let date = CalendarDate(iso: "2026-11-20")!

    func parse(_ text: String) throws(SiteDataError) -> GuideStore {
        try SiteFolder.parseStore(Array(text.utf8), path: "beacon-store.json")
    }

    /// A format 2 store whose one place has `photos` (the JSON text of the list).
    func storeText(photos: String, format: Int = 2) -> String {
        #"{"format": \#(format), "places": {"node/1": {"place": {"name": "A", "category": "cafe", "lat": 59.9, "lon": 10.7}, "photos": \#(photos)}}}"#
    }

    func photoStore() -> GuideStore {
        var store = GuideStore()
        let place = Place.fixture("Fuglen", id: "node/1")
        let first = store.addPhoto(
            PlacePhoto(file: "photos/\(Self.hexA).jpg", alt: "Bordet «ved» vinduet"), to: place)
        let second = store.addPhoto(
            PlacePhoto(file: "photos/\(Self.hexB).png", credit: "Kari Nordmann"), to: place)
        let own = OwnPlace(
            name: "Eget", category: .cafe,
            coordinate: Coordinate(latitude: 59.91, longitude: 10.75), addedOn: date)
        let id = store.addOwnPlace(own)
        let third = store.addPhoto(
            PlacePhoto(file: "photos/\(Self.hexA).jpg"), to: own.place(id: id, note: nil))
        #expect([first, second, third] == [.added, .added, .added])
        return store
    }

    @Test func photosSurviveTheFileInTheirOrderByteForByte() throws {
        let store = photoStore()
        let bytes = store.encodedBytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""photos": ["#))
        let read = try #require(GuideStore(encodedBytes: bytes))
        #expect(read == store)
        #expect(read.encodedBytes == bytes)
        #expect(
            read.photos(of: PlaceID(rawValue: "node/1")).map(\.file) == [
                "photos/\(Self.hexA).jpg", "photos/\(Self.hexB).png",
            ])
        #expect(read.photos(of: PlaceID(rawValue: "node/1"))[1].credit == "Kari Nordmann")
        #expect(read.photoFiles == ["photos/\(Self.hexA).jpg", "photos/\(Self.hexB).png"])
        #expect(read.placesWithPhotos.count == 2)
        // Read from a file and written again: the same bytes.
        #expect(try parse(text).encodedBytes == bytes)
    }

    @Test func anEntryWithOnlyPhotosIsKeptAndOneWithoutNoneIsWritten() throws {
        var store = GuideStore()
        let place = Place.fixture("Fuglen", id: "node/1")
        _ = store.addPhoto(PlacePhoto(file: "photos/\(Self.hexA).jpg"), to: place)
        #expect(store.entries[place.id]?.isEmpty == false)
        #expect(store.hasPlaceEdits)
        let again = store.addPhoto(
            PlacePhoto(file: "photos/\(Self.hexA).jpg", alt: "Ny"), to: place)
        #expect(again == .alreadyThere)
        #expect(store.photos(of: place.id).first?.alt == nil)
        let removed = store.removePhotos(of: place.id)
        #expect(removed.count == 1)
        #expect(store.entries[place.id] == nil)
        store.addRating(Rating(stars: 4, date: date), to: place)
        #expect(!String(decoding: store.encodedBytes, as: UTF8.self).contains("photos"))
        #expect(try parse(storeText(photos: "[]")).photos(of: place.id).isEmpty)
    }

    @Test func aPlaceTakesAtMostFiftyPhotos() {
        var store = GuideStore()
        let place = Place.fixture("Fuglen", id: "node/1")
        for index in 0..<PlacePhoto.maximumPerPlace {
            let hex = String(format: "%032x", index)
            let added = store.addPhoto(PlacePhoto(file: "photos/\(hex).jpg"), to: place)
            #expect(added == .added)
        }
        let beyond = store.addPhoto(PlacePhoto(file: "photos/\(Self.hexA).jpg"), to: place)
        #expect(beyond == .full)
        #expect(store.photos(of: place.id).count == 50)
    }

    @Test func theOrderIsAPermutationOrNothingChanges() {
        var store = photoStore()
        let id = PlaceID(rawValue: "node/1")
        for wrong in [[0], [0, 0], [1, 2], [0, 1, 2], [-1, 0]] {
            let reordered = store.reorderPhotos(of: id, wrong)
            #expect(!reordered)
        }
        #expect(store == photoStore())
        let reordered = store.reorderPhotos(of: id, [1, 0])
        #expect(reordered)
        #expect(
            store.photos(of: id).map(\.file) == [
                "photos/\(Self.hexB).png", "photos/\(Self.hexA).jpg",
            ])
        let beyond = store.removePhoto(at: 2, of: id)
        let first = store.removePhoto(at: 0, of: id)
        #expect(beyond == nil && first?.file == "photos/\(Self.hexB).png")
    }

    /// Photos change what a place's pages show, so the kept base must not outlive a change to them.
    @Test func theBaseKeyChangesWithThePhotosTheirOrderAndTheirTexts() {
        var store = GuideStore()
        let place = Place.fixture("Fuglen", id: "node/1")
        let empty = store.placeEditsDigest
        _ = store.addPhoto(PlacePhoto(file: "photos/\(Self.hexA).jpg"), to: place)
        let one = store.placeEditsDigest
        _ = store.addPhoto(PlacePhoto(file: "photos/\(Self.hexB).jpg"), to: place)
        let two = store.placeEditsDigest
        store.reorderPhotos(of: place.id, [1, 0])
        let reordered = store.placeEditsDigest
        store.entries[place.id]?.photos[0].alt = "Disken"
        let described = store.placeEditsDigest
        #expect(Set([empty, one, two, reordered, described]).count == 5)
    }

    @Test(arguments: [
        "photos/../x.jpg",
        "photos/../../../etc/passwd",
        "../photos/\(hexA).jpg",
        "/etc/\(hexA).jpg",
        "photos/\(hexA).jpg/..",
        "photos/sub/\(hexA).jpg",
        "photos//\(hexA).jpg",
        "photos/\(hexA.uppercased()).jpg",
        "photos/\(hexA.dropLast()).jpg",
        "photos/\(hexA)0.jpg",
        "photos/\(hexA).JPG",
        "photos/\(hexA).exe",
        "photos/\(hexA).jpg.exe",
        "photos/\(hexA).",
        "photos/\(hexA)",
        "Photos/\(hexA).jpg",
        "photos\\\\\(hexA).jpg",
        "photos/\(hexA).jpg ",
        "photos/\(hexA.dropLast())g.jpg",
        "",
    ])
    func aFileNameThatIsNotOneWeGaveIsRefused(file: String) throws {
        #expect(!PlacePhoto.isValidFile(file))
        let text = storeText(photos: #"[{"file": "\#(file)"}]"#)
        #expect {
            try parse(text)
        } throws: { error in
            (error as? SiteDataError)?.userMessage.contains("places.node/1.photos[0].file") == true
        }
    }

    @Test func everyExtensionWeKnowIsAccepted() throws {
        for fileExtension in ["jpg", "png", "webp", "gif", "heic", "heif", "tif", "tiff", "avif"] {
            let file = "photos/\(Self.hexA).\(fileExtension)"
            #expect(PlacePhoto.isValidFile(file))
            #expect(try parse(storeText(photos: #"[{"file": "\#(file)"}]"#)).photoFiles == [file])
        }
    }

    @Test(arguments: [
        (#"{"photos": 1}"#, "photos"),
        (#"[1]"#, "photos[0]"),
        (#"[{"alt": "x"}]"#, "photos[0].file"),
        (#"[{"file": 5}]"#, "photos[0].file"),
        (#"[{"file": "photos/\#(hexA).jpg", "x": 1}]"#, "photos[0].x"),
        (#"[{"file": "photos/\#(hexA).jpg", "alt": 3}]"#, "photos[0].alt"),
        (#"[{"file": "photos/\#(hexA).jpg", "alt": ""}]"#, "photos[0].alt"),
        (#"[{"file": "photos/\#(hexA).jpg", "credit": " \u0007 "}]"#, "photos[0].credit"),
        (#"[{"file": "photos/\#(hexA).jpg"}, {"file": "photos/\#(hexA).jpg"}]"#, "photos[1].file"),
    ])
    func aBrokenPhotoIsReportedWhereItIs(photos: String, path: String) throws {
        #expect {
            try parse(storeText(photos: photos))
        } throws: { error in
            (error as? SiteDataError)?.userMessage.contains("places.node/1." + path) == true
        }
    }

    @Test func aPlaceWithMoreThanFiftyPhotosIsRefused() throws {
        let item = #"{"file": "photos/\#(Self.hexA).jpg"}"#
        let many =
            "["
            + (0...PlacePhoto.maximumPerPlace).map { index in
                item.replacingOccurrences(of: Self.hexA, with: String(format: "%032x", index))
            }.joined(separator: ",") + "]"
        #expect {
            try parse(storeText(photos: many))
        } throws: { error in
            (error as? SiteDataError)?.userMessage.contains("for mange bilder (51, grensen er 50)")
                == true
        }
        let fifty =
            "["
            + (1...PlacePhoto.maximumPerPlace).map { index in
                item.replacingOccurrences(of: Self.hexA, with: String(format: "%032x", index))
            }.joined(separator: ",") + "]"
        #expect(try parse(storeText(photos: fifty)).photoFiles.count == 50)
    }

    /// Format 1 knew no photos: a file that says it is format 1 and has them is not what it says.
    @Test func aFormat1FileWithPhotosIsRefusedAsUnknown() throws {
        #expect {
            try parse(storeText(photos: #"[{"file": "photos/\#(Self.hexA).jpg"}]"#, format: 1))
        } throws: { error in
            (error as? SiteDataError)?.userMessage.contains("places.node/1.photos") == true
        }
    }

    @Test func textsAreCleanedAndCutToTheirLimits() throws {
        let long = String(repeating: "å", count: 400)
        let text = storeText(
            photos:
                #"[{"file": "photos/\#(Self.hexA).jpg", "alt": "  To\u202E  linjer\n ", "credit": "\#(long)"}]"#
        )
        let photo = try #require(try parse(text).photos(of: PlaceID(rawValue: "node/1")).first)
        #expect(photo.alt == "To linjer")
        #expect(
            photo.credit?.count == PlacePhoto.Limit.credit && photo.credit?.hasSuffix("…") == true)
    }

    // MARK: The originals

    static func bytes(_ head: [UInt8], _ rest: Int = 40) -> [UInt8] {
        head + Array(repeating: 0x41, count: rest)
    }

    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let brands = compatible.flatMap { Array($0.utf8) }
        let size = 16 + brands.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
            + brands
            + Array(repeating: 0, count: 20)
    }

    @Test func theFormatIsToldByTheFirstBytes() {
        #expect(PhotoFileFormat.sniff(Self.bytes([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
        #expect(
            PhotoFileFormat.sniff(Self.bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                == .png)
        #expect(PhotoFileFormat.sniff(Self.bytes(Array("GIF89a".utf8))) == .gif)
        #expect(
            PhotoFileFormat.sniff(
                Self.bytes(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8))) == .webp)
        #expect(PhotoFileFormat.sniff(Self.bytes([0x49, 0x49, 0x2A, 0x00])) == .tiff)
        #expect(PhotoFileFormat.sniff(Self.bytes([0x4D, 0x4D, 0x00, 0x2A])) == .tiff)
        #expect(PhotoFileFormat.sniff(Self.ftyp("heic", ["mif1", "heic"])) == .heic)
        #expect(PhotoFileFormat.sniff(Self.ftyp("avif", ["mif1", "avif"])) == .avif)
        #expect(PhotoFileFormat.sniff(Self.ftyp("mif1", ["mif1", "avif", "miaf"])) == .avif)
        #expect(PhotoFileFormat.sniff(Self.ftyp("mif1", ["mif1", "heic"])) == .heic)
        #expect(PhotoFileFormat.sniff(Self.ftyp("mif1", ["mif1"])) == .heif)
        // Not images: a video's ftyp, a PDF, RIFF audio, text, nothing, a cut-off header.
        #expect(PhotoFileFormat.sniff(Self.ftyp("isom", ["isom", "iso2", "avc1", "mp41"])) == nil)
        #expect(PhotoFileFormat.sniff(Self.bytes(Array("%PDF-1.7".utf8))) == nil)
        #expect(
            PhotoFileFormat.sniff(
                Self.bytes(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVEfmt ".utf8))) == nil)
        #expect(PhotoFileFormat.sniff(Array("Hei, dette er tekst.".utf8)) == nil)
        #expect(PhotoFileFormat.sniff([]) == nil)
        #expect(PhotoFileFormat.sniff([0xFF, 0xD8]) == nil)
        #expect(PhotoFileFormat.sniff([0, 0, 0, 24] + Array("ftyp".utf8)) == nil)
    }

    /// The names are kept in the store and the originals' folder: the same bytes must give the same
    /// name in every version, or a photo added again after an upgrade would be a second file.
    @Test func theNameOfAnOriginalIsItsContentsAndNeverChanges() {
        let jpeg = Self.bytes([0xFF, 0xD8, 0xFF, 0xE0], 1000)
        let name = PhotoOriginal.storedName(of: jpeg, format: .jpeg)
        #expect(name == "photos/2ca85a86da0072c55a2d40c8e63c2ffd.jpg")
        #expect(PlacePhoto.isValidFile(name))
        #expect(PhotoOriginal.storedName(of: jpeg + [0], format: .jpeg) != name)
        #expect(
            PhotoOriginal.storedName(of: jpeg, format: .png)
                == name.replacingOccurrences(of: ".jpg", with: ".png"))
    }
}
