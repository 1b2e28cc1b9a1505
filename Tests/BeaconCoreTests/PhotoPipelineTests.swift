import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The photo pipeline on libvips: the widths made and never enlarged, the photo upright, in 8-bit
/// sRGB whatever it came in, stripped of every tag (checked with exiftool), and every kind of bad
/// file refused with its own message. The photos are made by the tests (`TestPhotos`).
@Suite struct PhotoPipelineTests {
    /// Each variant decodes as what it says it is: its format, its size, 8-bit sRGB, no
    /// orientation.
    func expectDecodes(_ photo: ProcessedPhoto, alpha: Bool = false) throws {
        let vips = try TestPhotos.vips
        for variant in photo.variants {
            let loader = try #require(vips.loader(for: variant.bytes))
            #expect(loader.contains(variant.format == .webp ? "Webp" : "Jpeg"), "\(loader)")
            let image = try vips.decode(variant.bytes)
            #expect(image.width == variant.width)
            #expect(image.height == variant.height)
            #expect(image.format == .uchar)
            #expect(image.interpretation == .sRGB)
            #expect(image.bands == (alpha && variant.format == .webp ? 4 : 3))
            #expect(try vips.header(of: variant.bytes).orientation == 1)
        }
    }

    @Test func everyWidthThatFitsInBothFormatsNeverEnlarged() throws {
        let large = try PhotoPipeline.process(
            TestPhotos.encoded(width: 2000, height: 1500), name: "stor.jpg")
        #expect(large.width == 2000)
        #expect(large.height == 1500)
        // WebP in every width that fits, then the one JPEG, 1,200 wide, for link previews.
        #expect(large.variants.map(\.width) == [360, 720, 1080, 1200])
        #expect(large.variants.map(\.height) == [270, 540, 810, 900])
        #expect(large.variants.map(\.format) == [.webp, .webp, .webp, .jpeg])
        try expectDecodes(large)
        // What a phone's page loads (1080 wide) stays well under 120 KB.
        for variant in large.variants where variant.width <= 1080 {
            #expect(variant.bytes.count < 120_000, "\(variant.format): \(variant.bytes.count) byte")
        }

        let medium = try PhotoPipeline.process(
            TestPhotos.encoded(width: 1000, height: 750, as: .png), name: "middels.png")
        #expect(medium.variants.map(\.width) == [360, 720, 1000, 1000])
        #expect(medium.variants.map(\.format) == [.webp, .webp, .webp, .jpeg])
        try expectDecodes(medium)

        let small = try PhotoPipeline.process(
            TestPhotos.encoded(width: 200, height: 100), name: "liten.jpg")
        #expect(small.variants.map(\.width) == [200, 200])
        #expect(small.variants.map(\.height) == [100, 100])
        try expectDecodes(small)

        // A portrait photo is bounded by its width too, not fitted into a square.
        let tall = try PhotoPipeline.process(
            TestPhotos.encoded(width: 400, height: 900), name: "høy.jpg")
        #expect(tall.variants.map(\.width) == [360, 400])
        #expect(tall.variants.map(\.height) == [810, 900])
    }

    @Test func variantWidthsAreThoseThatFitOrTheOriginals() {
        #expect(
            PhotoPipeline.variantWidths(forWidth: 4032, widths: PhotoPipeline.widths) == [
                360, 720, 1080,
            ])
        #expect(
            PhotoPipeline.variantWidths(forWidth: 1080, widths: PhotoPipeline.widths) == [
                360, 720, 1080,
            ])
        // Between two widths: its own as well, unless it is within a fifth of the one below.
        #expect(
            PhotoPipeline.variantWidths(forWidth: 1079, widths: PhotoPipeline.widths) == [
                360, 720, 1079,
            ])
        #expect(
            PhotoPipeline.variantWidths(forWidth: 864, widths: PhotoPipeline.widths) == [360, 720])
        #expect(
            PhotoPipeline.variantWidths(forWidth: 865, widths: PhotoPipeline.widths) == [
                360, 720, 865,
            ])
        #expect(PhotoPipeline.variantWidths(forWidth: 359, widths: PhotoPipeline.widths) == [359])
        #expect(PhotoPipeline.variantWidths(forWidth: 900, widths: [640, 320, 640]) == [320, 640])
    }

    /// Orientation 6 (a phone held upright): the stored image is turned a quarter clockwise, so the
    /// red block stored top left ends top right, and the photo is as wide as the stored one is
    /// high.
    @Test func aPhoneOrientedPhotoComesOutUprightWithEveryTagGone() throws {
        let stored = try TestPhotos.encoded(width: 800, height: 600, marker: true)
        let jpeg = TestPhotos.withPhoneMetadata(stored, orientation: 6)
        #expect(try TestPhotos.vips.header(of: jpeg).orientation == 6)

        let photo = try PhotoPipeline.process(jpeg, name: "IMG_0001.jpg")
        #expect(photo.width == 600)
        #expect(photo.height == 800)
        #expect(photo.variants.map(\.width) == [360, 600, 600])
        #expect(photo.variants.map(\.height) == [480, 800, 800])
        try expectDecodes(photo)
        for variant in photo.variants {
            let image = try TestPhotos.vips.decode(variant.bytes)
            let topRight = try TestPhotos.pixel(image, x: image.width - 8, y: 8)
            let topLeft = try TestPhotos.pixel(image, x: 8, y: 8)
            #expect(
                topRight[0] > 200 && topRight[1] < 60 && topRight[2] < 60,
                "\(variant.format): \(topRight)")
            #expect(!(topLeft[0] > 200 && topLeft[1] < 60), "\(variant.format): \(topLeft)")
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photo-tags-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.jpg")
        try Data(jpeg).write(to: input)
        var outputs: [URL] = []
        for (index, variant) in photo.variants.enumerated() {
            let file = folder.appendingPathComponent("\(index).\(variant.format.rawValue)")
            try Data(variant.bytes).write(to: file)
            outputs.append(file)
        }
        guard let tags = try TestPhotos.exiftool([input] + outputs) else {
            print(
                "exiftool mangler (Debian: libimage-exiftool-perl); metadataene er ikke sjekket med det"
            )
            return
        }
        try #require(tags.count == 1 + outputs.count)
        // The input has what a phone writes, so its absence below means something.
        let inputTags = Set(tags[0].keys)
        for tag in [
            "EXIF:GPSLatitude", "EXIF:GPSLongitude", "EXIF:Make", "EXIF:Model",
            "EXIF:DateTimeOriginal",
            "EXIF:Orientation", "XMP:Rating", "IPTC:Caption-Abstract",
        ] {
            #expect(inputTags.contains(tag), "\(tag) not in the input: \(inputTags.sorted())")
        }
        // Only what describes the file itself may remain.
        let fileGroups: Set<String> = [
            "SourceFile", "ExifTool", "File", "System", "JFIF", "RIFF", "Composite",
        ]
        for output in tags.dropFirst() {
            let strange = output.keys.filter {
                !fileGroups.contains(String($0.prefix { $0 != ":" }))
            }
            #expect(strange.isEmpty, "\(output["SourceFile"] ?? "?"): \(strange.sorted())")
            let leaked = output.keys.filter { key in
                ["GPS", "Orientation", "Make", "Model", "DateTime", "XMP", "IPTC", "ICC", "Rating"]
                    .contains {
                        key.contains($0)
                    }
            }
            #expect(leaked.isEmpty, "\(leaked.sorted())")
        }
    }

    /// A photo in Display P3 (its profile embedded) comes out with the colours it shows, in sRGB.
    @Test func anEmbeddedProfileIsHonoured() throws {
        let colour: [UInt8] = [200, 60, 40]
        let p3 = try TestPhotos.solid(colour).transformed(toProfile: "p3").encoded(
            as: .jpeg(quality: 95), strip: false)
        let stored = try TestPhotos.pixel(TestPhotos.vips.decode(p3), x: 10, y: 10)
        #expect(
            zip(stored, colour).contains { abs(Int($0) - Int($1)) >= 8 }, "P3's numbers: \(stored)")

        let photo = try PhotoPipeline.process(p3, name: "p3.jpg")
        try expectDecodes(photo)
        for variant in photo.variants {
            let shown = try TestPhotos.pixel(TestPhotos.vips.decode(variant.bytes), x: 10, y: 10)
            #expect(
                zip(shown, colour).allSatisfy { abs(Int($0) - Int($1)) <= 6 },
                "\(variant.format): \(shown)")
        }
    }

    @Test func aCMYKJPEGBecomesSRGB() throws {
        let cmyk = try TestPhotos.solid([0, 220, 220, 0], interpretation: .cmyk).encoded(
            as: .jpeg(quality: 95), strip: false)
        let input = try TestPhotos.vips.decode(cmyk)
        #expect(input.interpretation == .cmyk)
        #expect(input.bands == 4)

        let photo = try PhotoPipeline.process(cmyk, name: "trykk.jpg")
        try expectDecodes(photo)
        for variant in photo.variants {
            let shown = try TestPhotos.pixel(TestPhotos.vips.decode(variant.bytes), x: 10, y: 10)
            #expect(
                shown[0] > 180 && shown[1] < 100 && shown[2] < 100, "\(variant.format): \(shown)")
        }
    }

    @Test func aSixteenBitPNGBecomesEightBit() throws {
        let values: [UInt16] = [50_000, 20_000, 10_000]
        let pixels = (0..<(64 * 48)).flatMap { _ in values }.flatMap { value in
            withUnsafeBytes(of: value) { Array($0) }
        }
        let png = try TestPhotos.vips.image(
            pixels: pixels, width: 64, height: 48, bands: 3, format: .ushort, interpretation: .rgb16
        ).encoded(as: .png, strip: false)
        #expect(try TestPhotos.vips.decode(png).format == .ushort)

        let photo = try PhotoPipeline.process(png, name: "dyp.png")
        try expectDecodes(photo)
        let expected = values.map { Int($0) >> 8 }
        for variant in photo.variants {
            let shown = try TestPhotos.pixel(TestPhotos.vips.decode(variant.bytes), x: 10, y: 10)
            // Lossy WebP is a few steps off on a flat colour; a wrong depth would be off by far
            // more.
            #expect(
                zip(shown, expected).allSatisfy { abs(Int($0) - $1) <= 8 },
                "\(variant.format): \(shown)")
        }
    }

    @Test func aGreyPhotoBecomesSRGB() throws {
        let grey = try TestPhotos.solid([90], interpretation: .blackAndWhite).encoded(
            as: .jpeg(quality: 90), strip: false)
        let photo = try PhotoPipeline.process(grey, name: "grå.jpg")
        try expectDecodes(photo)
        #expect(photo.placeholder == "#5a5a5a")
    }

    /// Transparent parts: kept in WebP, white in JPEG (which has no alpha).
    @Test func alphaIsKeptInWebPAndWhiteInJPEG() throws {
        let png = try TestPhotos.encoded(width: 400, height: 300, bands: 4, as: .png)
        let photo = try PhotoPipeline.process(png, name: "logo.png")
        #expect(photo.variants.map(\.width) == [360, 400])
        try expectDecodes(photo, alpha: true)
        let webp = try TestPhotos.vips.decode(
            try #require(photo.variants.first { $0.format == .webp }).bytes)
        let jpeg = try TestPhotos.vips.decode(
            try #require(photo.variants.first { $0.format == .jpeg }).bytes)
        #expect(try TestPhotos.pixel(webp, x: 20, y: 120)[3] == 0)
        #expect(try TestPhotos.pixel(webp, x: 300, y: 120)[3] == 255)
        #expect(try TestPhotos.pixel(jpeg, x: 20, y: 120).allSatisfy { $0 >= 250 })
        #expect(try !TestPhotos.pixel(jpeg, x: 300, y: 120).allSatisfy { $0 >= 250 })
    }

    @Test func anAnimatedGIFGivesItsFirstFrame() throws {
        let frames: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
        let pixels = frames.flatMap { colour in (0..<(60 * 40)).flatMap { _ in colour } }
        let gif = try TestPhotos.vips.image(
            pixels: pixels, width: 60, height: 120, bands: 3, format: .uchar, interpretation: .sRGB
        ).setting("page-height", to: 40).encoded(as: .gif, strip: false)
        #expect(try TestPhotos.vips.header(of: gif).pages == 3)

        let photo = try PhotoPipeline.process(gif, name: "animasjon.gif")
        #expect(photo.width == 60)
        #expect(photo.height == 40)
        #expect(photo.variants.map(\.width) == [60, 60])
        #expect(photo.variants.map(\.height) == [40, 40])
        try expectDecodes(photo)
        for variant in photo.variants {
            let shown = try TestPhotos.pixel(TestPhotos.vips.decode(variant.bytes), x: 30, y: 20)
            #expect(shown[0] > 200 && shown[1] < 60 && shown[2] < 60, "\(variant.format): \(shown)")
        }
        #expect(
            photo.placeholder.hasPrefix("#f") || photo.placeholder.hasPrefix("#e"),
            "\(photo.placeholder)")
    }

    @Test func thePlaceholderIsTheAverageColour() throws {
        let png = try TestPhotos.solid([200, 60, 40], width: 400, height: 300).encoded(
            as: .png, strip: false)
        #expect(try PhotoPipeline.process(png, name: "rød.png").placeholder == "#c83c28")
        // Half transparent over white: the average of white and blue.
        let half = try TestPhotos.vips.image(
            pixels: (0..<(40 * 20)).flatMap { (index: Int) -> [UInt8] in
                index % 40 < 20 ? [0, 0, 0, 0] : [0, 0, 255, 255]
            },
            width: 40, height: 20, bands: 4, format: .uchar, interpretation: .sRGB
        ).encoded(as: .png, strip: false)
        let placeholder = try PhotoPipeline.process(half, name: "halv.png").placeholder
        #expect(["#7f7fff", "#8080ff"].contains(placeholder), "\(placeholder)")
    }

    // MARK: Bad files

    func expectRefusal(
        _ bytes: [UInt8], name: String = "bilde.jpg",
        sourceLocation: SourceLocation = #_sourceLocation,
        _ check: (PhotoError.Reason) -> Bool
    ) {
        do {
            let photo = try PhotoPipeline.process(bytes, name: name)
            Issue.record("made \(photo.variants.count) variants", sourceLocation: sourceLocation)
        } catch {
            #expect(check(error.reason), "\(error.reason)", sourceLocation: sourceLocation)
            #expect(
                error.userMessage.contains("«\(name)»"), "\(error.userMessage)",
                sourceLocation: sourceLocation)
            #expect(error.exitStatus == .dataError, sourceLocation: sourceLocation)
        }
    }

    @Test func anEmptyFileIsRefused() {
        expectRefusal([], name: "tom.jpg") { $0 == .empty }
    }

    @Test func whatIsNotAnImageIsRefused() {
        expectRefusal(Array("Dette er ikke et bilde, bare tekst.\n".utf8), name: "notat.txt") {
            $0 == .notAnImage
        }
        var random = SplitMix(seed: 33)
        expectRefusal(
            (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }, name: "støy.bin"
        ) {
            $0 == .notAnImage
        }
        // Formats libvips could read with loaders that are blocked here (poppler, librsvg,
        // ImageMagick).
        let pdf = Array(
            "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
                .utf8)
        expectRefusal(pdf, name: "meny.pdf") { $0 == .notAnImage }
        let svg = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
                .utf8)
        expectRefusal(svg, name: "ikon.svg") { $0 == .notAnImage }
        let message = PhotoError(name: "notat.txt", reason: .notAnImage).userMessage
        #expect(message.contains("JPEG, PNG, GIF, WebP, HEIC/HEIF eller AVIF"))
    }

    @Test func aCutJPEGIsRefused() throws {
        let jpeg = try TestPhotos.encoded(width: 600, height: 400)
        expectRefusal(Array(jpeg.prefix(jpeg.count / 2)), name: "avkuttet.jpg") {
            if case .damaged = $0 { return true }
            return false
        }
    }

    @Test func aPNGWhoseHeaderLiesIsRefused() throws {
        let png = try TestPhotos.encoded(width: 64, height: 64, as: .png)
        let lying = TestPhotos.pngClaiming(width: 640, height: 640, from: png)
        #expect(try TestPhotos.vips.header(of: lying).width == 640)
        expectRefusal(lying, name: "løgn.png") {
            if case .damaged = $0 { return true }
            return false
        }
    }

    /// Refused from the header: a small file claiming 400 or 100 million pixels is never decoded.
    @Test func tooManyPixelsAreRefusedBeforeDecoding() throws {
        let png = try TestPhotos.encoded(width: 16, height: 16, as: .png)
        let bomb = TestPhotos.pngClaiming(width: 20_000, height: 20_000, from: png)
        #expect(bomb.count < 2_000)
        expectRefusal(bomb, name: "bombe.png") {
            $0
                == .tooManyPixels(
                    width: 20_000, height: 20_000, pages: 1, limit: PhotoPipeline.maximumPixels)
        }
        let jpeg = try TestPhotos.encoded(width: 16, height: 16)
        let huge = TestPhotos.jpegClaiming(width: 10_000, height: 10_000, from: jpeg)
        expectRefusal(huge, name: "100mp.jpg") {
            $0
                == .tooManyPixels(
                    width: 10_000, height: 10_000, pages: 1, limit: PhotoPipeline.maximumPixels)
        }
        let message = PhotoError(
            name: "100mp.jpg",
            reason: .tooManyPixels(
                width: 10_000, height: 10_000, pages: 1, limit: PhotoPipeline.maximumPixels)
        ).userMessage
        #expect(message.contains("10\u{A0}000 × 10\u{A0}000 piksler"), "\(message)")
        #expect(message.contains("grensen er 60 millioner piksler"), "\(message)")
    }

    /// The header read in Swift, without libvips (what `photo add` checks), says what libvips's
    /// does: the size of each format the build reads, turned by EXIF orientation or HEIF's
    /// rotation, and the frames.
    @Test func theHeaderIsReadWithoutLibvipsAsLibvipsReadsIt() throws {
        let jpeg = try TestPhotos.encoded(width: 300, height: 200)
        var files: [(String, [UInt8])] = [
            ("jpeg", jpeg), ("png", try TestPhotos.encoded(width: 31, height: 17, as: .png)),
            ("webp", try TestPhotos.encoded(width: 77, height: 41, as: .webp(quality: 60))),
            (
                "webp-alpha",
                try TestPhotos.encoded(width: 50, height: 30, bands: 4, as: .webp(quality: 60))
            ),
            ("gif", try TestPhotos.encoded(width: 40, height: 25, as: .gif)),
            ("jpeg-turned", TestPhotos.withPhoneMetadata(jpeg, orientation: 6)),
            ("jpeg-bomb", TestPhotos.jpegClaiming(width: 10_000, height: 9_000, from: jpeg)),
        ]
        let frames: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
        let pixels = frames.flatMap { colour in (0..<(60 * 40)).flatMap { _ in colour } }
        files.append(
            (
                "gif-animated",
                try TestPhotos.vips.image(
                    pixels: pixels, width: 60, height: 120, bands: 3, format: .uchar,
                    interpretation: .sRGB
                ).setting("page-height", to: 40).encoded(as: .gif, strip: false)
            ))
        for format: Vips.SaveFormat in [.heic(quality: 50)] {
            if let heic = try? TestPhotos.encoded(width: 96, height: 64, as: format) {
                files.append(("heic", heic))
            }
        }
        for (name, bytes) in files {
            let expected = try TestPhotos.vips.header(of: bytes)
            let format = try #require(
                PhotoFileFormat.sniff(Array(bytes.prefix(PhotoFileFormat.sniffLength))), "\(name)")
            let header = try #require(PhotoHeader.read(bytes, format: format), "\(name)")
            #expect(
                header.width == expected.width && header.height == expected.height,
                "\(name): \(header)")
            #expect(header.pages == expected.pages, "\(name): \(header)")
            let turned = expected.orientation >= 5 && format != .heic
            #expect(
                header.uprightWidth == (turned ? expected.height : expected.width),
                "\(name): \(header)")
        }
        // A start that says no size: left to libvips, which says why.
        #expect(PhotoHeader.read(Array(jpeg.prefix(20)), format: .jpeg) == nil)
        #expect(PhotoHeader.read([0x89, 0x50, 0x4E, 0x47], format: .png) == nil)
    }

    /// Refused from the header before libvips is opened, in the same words at `photo add` and in
    /// the build: a TIFF, and a photo too narrow for its height for any WebP to hold (WebP's limit
    /// is 16,383 pixels).
    @Test func whatTheBuildCannotPublishIsToldFromTheHeader() throws {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + [UInt8](repeating: 0, count: 60)
        expectRefusal(tiff, name: "skann.tiff") { $0 == .unsupportedFormat(name: "TIFF") }
        #expect(throws: PhotoError(name: "skann.tiff", reason: .unsupportedFormat(name: "TIFF"))) {
            try PhotoPipeline.check(tiff, name: "skann.tiff")
        }
        let tall = try TestPhotos.encoded(width: 100, height: 16_400, bands: 1, as: .png)
        expectRefusal(tall, name: "stripe.png") {
            $0 == .tooTall(width: 100, height: 16_400, shownWidth: 100)
        }
        // Wide enough to be shown 1080 wide: the shown height is what counts.
        #expect(throws: Never.self) {
            try PhotoPipeline.check(
                TestPhotos.pngClaiming(width: 1_500, height: 22_700, from: tall), name: "a.png")
        }
        let narrow = TestPhotos.pngClaiming(width: 1_500, height: 23_000, from: tall)
        #expect(
            throws: PhotoError(
                name: "b.png", reason: .tooTall(width: 1_500, height: 23_000, shownWidth: 1_080))
        ) {
            try PhotoPipeline.check(narrow, name: "b.png")
        }
        // A panorama is fine: it is shown wide.
        #expect(throws: Never.self) {
            try PhotoPipeline.check(
                TestPhotos.pngClaiming(width: 60_000, height: 100, from: tall), name: "c.png")
        }
        let message = PhotoError(
            name: "b.png", reason: .tooTall(width: 1_500, height: 23_000, shownWidth: 1_080)
        )
        .userMessage
        #expect(
            message
                == "Bildet «b.png» er for høyt og smalt: 1\u{A0}500 × 23\u{A0}000 piksler. Nettsidens bilder (WebP) kan "
                + "være høyst 16\u{A0}383 piksler høye, og i 1\u{A0}080 pikslers bredde ville dette blitt 16\u{A0}560. "
                + "Beskjær det eller del det opp før du legger det til.")
    }

    /// A HEIC that cannot be read says how to convert it; one that can (libheif with libde265, as
    /// Debian's libvips has) is processed like any photo.
    @Test func heicIsReadOrExplained() throws {
        var garbage = [UInt8](repeating: 0x42, count: 200)
        garbage.replaceSubrange(0..<12, with: [0, 0, 0, 24] + Array("ftypheic".utf8))
        expectRefusal(garbage, name: "IMG_0002.HEIC") {
            if case .heic = $0 { return true }
            return false
        }
        for detail in [nil, "heif: Unsupported file-type"] {
            let message = PhotoError(name: "IMG_0002.HEIC", reason: .heic(detail: detail))
                .userMessage
            #expect(
                message.contains(
                    "Konverter HEIC til JPEG først, for eksempel med «heif-convert bilde.heic bilde.jpg» "
                        + "(Debian: libheif-examples)"), "\(message)")
            #expect(
                message.contains(
                    detail == nil
                        ? "som libvips på denne maskinen ikke kan lese" : "(libvips: heif:"))
        }

        let heic: [UInt8]
        do {
            heic = try TestPhotos.vips.image(
                pixels: TestPhotos.pixels(width: 480, height: 360), width: 480, height: 360,
                bands: 3,
                format: .uchar, interpretation: .sRGB
            ).encoded(as: .heic(quality: 60), strip: false)
        } catch {
            print("libvips kan ikke skrive HEIC her (\(error)); bare meldingen er sjekket")
            return
        }
        #expect(PhotoPipeline.looksLikeHEIF(heic))
        if try TestPhotos.vips.loader(for: heic) == nil {
            expectRefusal(heic, name: "IMG_0003.HEIC") { $0 == .heic(detail: nil) }
        } else {
            let photo = try PhotoPipeline.process(heic, name: "IMG_0003.HEIC")
            #expect(photo.width == 480)
            #expect(photo.variants.map(\.width) == [360, 480, 480])
            try expectDecodes(photo)
        }
    }

    /// libvips 8.14.1 puts an EXIF chunk into every WebP it writes; the pipeline takes it out.
    @Test func webPMetadataChunksAreTakenOut() throws {
        let webp = try TestPhotos.solid([10, 200, 90]).encoded(as: .webp(quality: 75), strip: true)
        let stripped = try WebPMetadata.stripped(webp)
        func chunks(_ bytes: [UInt8]) -> [String] {
            var names: [String] = []
            var offset = 12
            while offset + 8 <= bytes.count {
                names.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
                let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
                offset += 8 + size + size % 2
            }
            return names
        }
        #expect(!chunks(stripped).contains("EXIF"), "\(chunks(stripped))")
        #expect(chunks(stripped).contains { $0.hasPrefix("VP8") })
        let riffSize = stripped[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize == stripped.count - 8)
        #expect(try WebPMetadata.stripped(stripped) == stripped)
        let shown = try TestPhotos.pixel(TestPhotos.vips.decode(stripped), x: 5, y: 5)
        #expect(zip(shown, [10, 200, 90]).allSatisfy { abs(Int($0) - $1) <= 6 }, "\(shown)")

        #expect(throws: WebPMetadata.Malformed.self) {
            try WebPMetadata.stripped(Array("RIFF".utf8))
        }
        // The image chunk cut off, or gone.
        #expect(throws: WebPMetadata.Malformed.self) {
            try WebPMetadata.stripped(Array(webp.prefix(30)))
        }
        #expect(throws: WebPMetadata.Malformed.self) {
            try WebPMetadata.stripped(Array(webp.prefix(40)))
        }
    }

    @Test func aMissingLibraryIsToldWithHowToInstallIt() {
        let error = PhotoError(name: "bilde.jpg", reason: .libraryMissing)
        #expect(
            error.userMessage
                == "Bildene kan ikke lages: sitegen trenger libvips (på Debian: sudo apt install libvips42)."
        )
        #expect(error.exitStatus == .unavailable)
    }
}
