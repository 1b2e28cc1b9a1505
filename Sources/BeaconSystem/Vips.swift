internal import CVipsCalls
import Glibc

/// libvips, opened with dlopen the first time a photo is processed, not linked: linked, it and the
/// ~80 libraries it needs would load at every command's start, and every machine would need them,
/// for the guides that have photos. The one file of the photo pipeline that holds pointers: bytes
/// go in as arrays and come out as arrays, an image is a `Vips.Image` that lets go of its reference
/// when it is no longer used, and a call that fails throws libvips's own words.
// C function pointers into a library that stays loaded
@safe package struct Vips: @unchecked Sendable {
    /// libvips's enum numbers (its stable ABI: no libvips header is needed to build).
    package enum Interpretation: Int32 {
        case multiband = 0
        case blackAndWhite = 1
        case cmyk = 15
        case rgb = 17
        case sRGB = 22
        case rgb16 = 25
        case grey16 = 26
    }

    package enum BandFormat: Int32 {
        case uchar = 0
        case ushort = 2
    }

    typealias LogFunction =
        @convention(c) (
            UnsafePointer<CChar>?, UInt32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?
        ) -> Void
    /// GLib's G_LOG_LEVEL_WARNING.
    static let logLevelWarning: UInt32 = 1 << 4
    static let accessSequential: Int32 = 1
    static let sizeDown: Int32 = 2
    static let heifCompressionHEVC: Int32 = 1
    /// Past any image's side: a thumbnail bounded by this height is bounded by its width alone.
    static let unboundedHeight: Int32 = 10_000_000

    /// What went wrong in a call: the library is not there, or libvips's words for a failed
    /// operation.
    package enum Failure: Error, Equatable {
        case unavailable
        case failed(String)
    }

    /// The file formats the saver writes to memory.
    package enum SaveFormat {
        /// Progressive, with optimised Huffman tables (smaller, and drawn coarse-first while
        /// loading).
        case jpeg(quality: Int)
        /// `effort` 0–6: how hard the encoder searches (libvips's default is 4); the bytes differ
        /// little above 2.
        case webp(quality: Int, effort: Int = 4)
        case png
        case gif
        /// HEIC (HEVC inside HEIF), when this libvips has libheif with an encoder.
        case heic(quality: Int)
    }

    /// The loaders photos are read with; every other loader (ImageMagick, PDF, SVG, matrix files …)
    /// is blocked, so a file that is not a photo never reaches a large parser it does not need.
    static let allowedLoaders = [
        "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadNsgif",
        "VipsForeignLoadHeif",
    ]

    /// Loaded once per process (a Swift global is initialised once, thread-safely); `vips_init`
    /// runs here.
    package static let shared: Result<Vips, Failure> = load()

    // Plain functions, called directly.
    private let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let errorBufferCopy: @convention(c) () -> UnsafeMutablePointer<CChar>?
    private let getWidth: @convention(c) (UnsafeRawPointer?) -> Int32
    private let getHeight: @convention(c) (UnsafeRawPointer?) -> Int32
    private let getBands: @convention(c) (UnsafeRawPointer?) -> Int32
    private let getFormat: @convention(c) (UnsafeRawPointer?) -> Int32
    private let getInterpretation: @convention(c) (UnsafeRawPointer?) -> Int32
    private let getPages: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    private let getTypeOf: @convention(c) (UnsafeRawPointer?, UnsafePointer<CChar>?) -> UInt
    private let getInt:
        @convention(c) (UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) ->
            Int32
    private let setInt:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void
    private let findLoadBuffer: @convention(c) (UnsafeRawPointer?, Int) -> UnsafePointer<CChar>?
    private let newFromMemoryCopy:
        @convention(c) (UnsafeRawPointer?, Int, Int32, Int32, Int32, Int32) ->
            UnsafeMutableRawPointer?
    private let writeToMemory:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) ->
            UnsafeMutableRawPointer?
    private let copyMemory: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    private let arrayDoubleNew:
        @convention(c) (UnsafePointer<Double>?, Int32) -> UnsafeMutableRawPointer?
    private let areaUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    // Variadic functions, called through the trampolines in CVipsCalls.
    private let newFromBuffer: UnsafeMutableRawPointer
    private let thumbnailBuffer: UnsafeMutableRawPointer
    private let thumbnailImage: UnsafeMutableRawPointer
    private let copy: UnsafeMutableRawPointer
    private let flatten: UnsafeMutableRawPointer
    private let colourspace: UnsafeMutableRawPointer
    private let cast: UnsafeMutableRawPointer
    private let iccTransform: UnsafeMutableRawPointer
    private let jpegSave: UnsafeMutableRawPointer
    private let webpSave: UnsafeMutableRawPointer
    private let pngSave: UnsafeMutableRawPointer
    private let gifSave: UnsafeMutableRawPointer
    private let heifSave: UnsafeMutableRawPointer

    private static func load() -> Result<Vips, Failure> {
        guard let library = unsafe dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.unavailable)
        }
        func symbol<Function>(_ name: String, _ type: Function.Type) -> Function? {
            unsafe dlsym(library, name).map { unsafe unsafeBitCast($0, to: Function.self) }
        }
        typealias Image = UnsafeMutableRawPointer
        typealias ConstImage = UnsafeRawPointer
        guard
            let initialise = unsafe symbol(
                "vips_init", (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let concurrencySet = symbol(
                "vips_concurrency_set", (@convention(c) (Int32) -> Void).self),
            let cacheSetMax = symbol("vips_cache_set_max", (@convention(c) (Int32) -> Void).self),
            let blockSet = unsafe symbol(
                "vips_operation_block_set",
                (@convention(c) (UnsafePointer<CChar>?, Int32) -> Void).self),
            let objectUnref = unsafe symbol(
                "g_object_unref", (@convention(c) (Image?) -> Void).self),
            let free = unsafe symbol(
                "g_free", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let errorBufferCopy = unsafe symbol(
                "vips_error_buffer_copy", (@convention(c) () -> UnsafeMutablePointer<CChar>?).self),
            let getWidth = unsafe symbol(
                "vips_image_get_width", (@convention(c) (ConstImage?) -> Int32).self),
            let getHeight = unsafe symbol(
                "vips_image_get_height", (@convention(c) (ConstImage?) -> Int32).self),
            let getBands = unsafe symbol(
                "vips_image_get_bands", (@convention(c) (ConstImage?) -> Int32).self),
            let getFormat = unsafe symbol(
                "vips_image_get_format", (@convention(c) (ConstImage?) -> Int32).self),
            let getInterpretation = unsafe symbol(
                "vips_image_get_interpretation", (@convention(c) (ConstImage?) -> Int32).self),
            let getPages = unsafe symbol(
                "vips_image_get_n_pages", (@convention(c) (Image?) -> Int32).self),
            let getTypeOf = unsafe symbol(
                "vips_image_get_typeof",
                (@convention(c) (ConstImage?, UnsafePointer<CChar>?) -> UInt).self),
            let getInt = unsafe symbol(
                "vips_image_get_int",
                (@convention(c) (ConstImage?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?)
                    -> Int32).self),
            let setInt = unsafe symbol(
                "vips_image_set_int",
                (@convention(c) (Image?, UnsafePointer<CChar>?, Int32) -> Void).self),
            let findLoadBuffer = unsafe symbol(
                "vips_foreign_find_load_buffer",
                (@convention(c) (UnsafeRawPointer?, Int) -> UnsafePointer<CChar>?).self),
            let newFromMemoryCopy = unsafe symbol(
                "vips_image_new_from_memory_copy",
                (@convention(c) (UnsafeRawPointer?, Int, Int32, Int32, Int32, Int32) -> Image?).self
            ),
            let writeToMemory = unsafe symbol(
                "vips_image_write_to_memory",
                (@convention(c) (Image?, UnsafeMutablePointer<Int>?) -> UnsafeMutableRawPointer?)
                    .self),
            let copyMemory = unsafe symbol(
                "vips_image_copy_memory", (@convention(c) (Image?) -> Image?).self),
            let arrayDoubleNew = unsafe symbol(
                "vips_array_double_new",
                (@convention(c) (UnsafePointer<Double>?, Int32) -> UnsafeMutableRawPointer?).self),
            let areaUnref = unsafe symbol(
                "vips_area_unref", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let logSetHandler = unsafe symbol(
                "g_log_set_handler",
                (@convention(c) (
                    UnsafePointer<CChar>?, UInt32, LogFunction, UnsafeMutableRawPointer?
                ) -> UInt32).self),
            let newFromBuffer = unsafe dlsym(library, "vips_image_new_from_buffer"),
            let thumbnailBuffer = unsafe dlsym(library, "vips_thumbnail_buffer"),
            let thumbnailImage = unsafe dlsym(library, "vips_thumbnail_image"),
            let copy = unsafe dlsym(library, "vips_copy"),
            let flatten = unsafe dlsym(library, "vips_flatten"),
            let colourspace = unsafe dlsym(library, "vips_colourspace"),
            let cast = unsafe dlsym(library, "vips_cast"),
            let iccTransform = unsafe dlsym(library, "vips_icc_transform"),
            let jpegSave = unsafe dlsym(library, "vips_jpegsave_buffer"),
            let webpSave = unsafe dlsym(library, "vips_webpsave_buffer"),
            let pngSave = unsafe dlsym(library, "vips_pngsave_buffer"),
            let gifSave = unsafe dlsym(library, "vips_gifsave_buffer"),
            let heifSave = unsafe dlsym(library, "vips_heifsave_buffer")
        else {
            // A libvips older than 8.13 (no vips_operation_block_set) or not libvips at all.
            unsafe dlclose(library)
            return .failure(.unavailable)
        }
        guard unsafe initialise("sitegen") == 0 else { return .failure(.unavailable) }
        // libvips's warnings (a damaged file's "error in tile 0 x 0") would go to stderr past
        // sitegen's console; the failure they lead to is reported as a PhotoError, and the rest are
        // not the owner's.
        _ = unsafe logSetHandler("VIPS", logLevelWarning, { _, _, _, _ in }, nil)
        // One thread per photo: the build spreads photos over the cores (ParallelChunks), so
        // libvips's own thread pools would only contend with it. No operation cache: nothing is
        // computed twice, and a cached operation would hold on to an input buffer that has gone.
        concurrencySet(1)
        cacheSetMax(0)
        unsafe blockSet("VipsForeignLoad", 1)
        for loader in allowedLoaders { unsafe blockSet(loader, 0) }
        return unsafe .success(
            Vips(
                objectUnref: objectUnref, free: free, errorBufferCopy: errorBufferCopy,
                getWidth: getWidth,
                getHeight: getHeight, getBands: getBands, getFormat: getFormat,
                getInterpretation: getInterpretation, getPages: getPages, getTypeOf: getTypeOf,
                getInt: getInt,
                setInt: setInt,
                findLoadBuffer: findLoadBuffer, newFromMemoryCopy: newFromMemoryCopy,
                writeToMemory: writeToMemory,
                copyMemory: copyMemory, arrayDoubleNew: arrayDoubleNew, areaUnref: areaUnref,
                newFromBuffer: newFromBuffer, thumbnailBuffer: thumbnailBuffer,
                thumbnailImage: thumbnailImage,
                copy: copy, flatten: flatten, colourspace: colourspace, cast: cast,
                iccTransform: iccTransform,
                jpegSave: jpegSave, webpSave: webpSave, pngSave: pngSave, gifSave: gifSave,
                heifSave: heifSave))
    }

    /// libvips's words for the last failure (its error buffer, taken and cleared at once, so one
    /// failure's words are not read again with the next's).
    private func failure(_ operation: String) -> Failure {
        guard let text = unsafe errorBufferCopy() else { return .failed(operation) }
        defer { unsafe free(text) }
        let words = unsafe String(cString: text).split(whereSeparator: \.isNewline).joined(
            separator: "; ")
        return .failed(words.isEmpty ? operation : words)
    }

    // MARK: Reading

    /// The loader libvips would read these bytes with ("VipsForeignLoadJpegBuffer"), or nil when
    /// none of the allowed ones knows them.
    package func loader(for bytes: [UInt8]) -> String? {
        let name = unsafe bytes.withUnsafeBytes { buffer in
            unsafe findLoadBuffer(buffer.baseAddress, buffer.count).map {
                unsafe String(cString: $0)
            }
        }
        // libvips finds blocked loaders too (and then refuses to run them).
        guard let name, Self.allowedLoaders.contains(where: { name.hasPrefix($0) }) else {
            return nil
        }
        return name
    }

    /// What a file's header says, read without decoding its pixels.
    package struct Header: Equatable {
        package var width: Int
        package var height: Int
        /// Frames of an animation, pages of a document; 1 for a still image.
        package var pages: Int
        /// EXIF orientation, 1…8 (1 when there is none).
        package var orientation: Int
        /// Whether the file embeds an ICC profile its colours are to be read by.
        package var hasProfile: Bool
    }

    /// The header only: sequential access reads no pixels until they are asked for, and none are.
    package func header(of bytes: [UInt8]) throws(Failure) -> Header {
        let result: Result<Header, Failure> = unsafe bytes.withUnsafeBytes { buffer in
            guard
                let image = unsafe beacon_vips_image_new_from_buffer(
                    newFromBuffer, buffer.baseAddress, buffer.count, "", "access",
                    Self.accessSequential)
            else { return .failure(failure("vips_image_new_from_buffer")) }
            defer { unsafe objectUnref(image) }
            // Asked only when present: asking for a missing field leaves a message in libvips's
            // error buffer.
            var orientation: Int32 = 1
            if unsafe getTypeOf(image, "orientation") == 0
                || getInt(image, "orientation", &orientation) != 0
            {
                orientation = 1
            }
            return unsafe .success(
                Header(
                    width: Int(getWidth(image)), height: Int(getHeight(image)),
                    pages: max(1, Int(getPages(image))),
                    orientation: (1...8).contains(orientation) ? Int(orientation) : 1,
                    hasProfile: getTypeOf(image, "icc-profile-data") != 0))
        }
        return try result.get()
    }

    /// Decodes the whole first frame (random access), in memory: for looking at a result.
    func decode(_ bytes: [UInt8]) throws(Failure) -> Image {
        let result: Result<Image, Failure> = unsafe bytes.withUnsafeBytes { buffer in
            guard
                let image = unsafe beacon_vips_image_new_from_buffer(
                    newFromBuffer, buffer.baseAddress, buffer.count, "fail_on=error", nil, 0)
            else { return .failure(failure("vips_image_new_from_buffer")) }
            defer { unsafe objectUnref(image) }
            // Into memory before the bytes' pointer goes out of scope: libvips does not copy them.
            guard let copied = unsafe copyMemory(image) else {
                return .failure(failure("vips_image_copy_memory"))
            }
            return unsafe .success(Image(copied, library: self))
        }
        return try result.get()
    }

    /// A file shrunk to `width` (never enlarged; the height follows), decoded once and shrunk while
    /// it is decoded where the format allows (JPEG, WebP), turned upright from its EXIF orientation
    /// and, with an `exportProfile`, transformed to it from the embedded ICC profile (or the usual
    /// one for its colour space). Without, a CMYK image still comes out in sRGB, through libvips's
    /// CMYK profile. The loader stops at an error or a cut (`fail_on=error`). Returned in memory,
    /// so nothing refers to `bytes` afterwards.
    package func thumbnail(of bytes: [UInt8], width: Int, exportProfile: String?) throws(Failure)
        -> Image
    {
        // The last pair: with no profile its name is NULL, which ends libvips's list there.
        let profileOption: String? = exportProfile == nil ? nil : "export_profile"
        let result: Result<Image, Failure> = unsafe bytes.withUnsafeBytes { buffer in
            var out: UnsafeMutableRawPointer?
            guard
                unsafe beacon_vips_thumbnail_buffer(
                    thumbnailBuffer, buffer.baseAddress, buffer.count, &out, Int32(clamping: width),
                    "height",
                    Self.unboundedHeight, "size", Self.sizeDown, "option_string", "fail_on=error",
                    profileOption, exportProfile) == 0, let out = unsafe out
            else { return .failure(failure("vips_thumbnail_buffer")) }
            defer { unsafe objectUnref(out) }
            guard let copied = unsafe copyMemory(out) else {
                return .failure(failure("vips_image_copy_memory"))
            }
            return unsafe .success(Image(copied, library: self))
        }
        return try result.get()
    }

    // MARK: Images

    /// A libvips image, released (g_object_unref) when the last reference goes.
    @safe package final class Image {
        fileprivate let pointer: UnsafeMutableRawPointer
        fileprivate let library: Vips

        fileprivate init(_ pointer: UnsafeMutableRawPointer, library: Vips) {
            unsafe self.pointer = unsafe pointer
            self.library = library
        }

        deinit { unsafe library.objectUnref(pointer) }

        package var width: Int { unsafe Int(library.getWidth(pointer)) }
        package var height: Int { unsafe Int(library.getHeight(pointer)) }
        package var bands: Int { unsafe Int(library.getBands(pointer)) }
        package var format: BandFormat? { unsafe BandFormat(rawValue: library.getFormat(pointer)) }
        package var interpretation: Interpretation? {
            unsafe Interpretation(rawValue: library.getInterpretation(pointer))
        }

        /// The pixels, row by row, band by band (`format`'s size each, in the machine's byte
        /// order).
        package func pixels() throws(Failure) -> [UInt8] {
            var size = 0
            guard let memory = unsafe library.writeToMemory(pointer, &size) else {
                throw library.failure("vips_image_write_to_memory")
            }
            defer { unsafe library.free(memory) }
            return unsafe Array(UnsafeRawBufferPointer(start: memory, count: size))
        }

        /// The same pixels in a new image that carries no metadata at all: nothing of the
        /// original's EXIF, XMP, IPTC or ICC profile can reach a file saved from it, whatever the
        /// saver does with `strip` (Debian 12's libvips 8.14.1 writes EXIF and the profile into
        /// WebP despite it).
        package func withoutMetadata() throws(Failure) -> Image {
            guard let format else { throw .failed("ukjent pikselformat") }
            var size = 0
            guard let memory = unsafe library.writeToMemory(pointer, &size) else {
                throw library.failure("vips_image_write_to_memory")
            }
            defer { unsafe library.free(memory) }
            guard
                let made = unsafe library.newFromMemoryCopy(
                    memory, size, Int32(width), Int32(height), Int32(bands), format.rawValue)
            else { throw library.failure("vips_image_new_from_memory_copy") }
            return try unsafe Image(made, library: library).reading(
                as: interpretation ?? .multiband)
        }

        /// Shrunk to `width` (never enlarged), the height following. Computed at once into memory:
        /// libvips's images are recipes, and a recipe used twice (encoded, then shrunk again) would
        /// be worked twice.
        package func thumbnail(width: Int) throws(Failure) -> Image {
            let recipe = try unsafe library.make("vips_thumbnail_image") { out in
                unsafe beacon_vips_thumbnail_image(
                    library.thumbnailImage, pointer, out, Int32(clamping: width), "height",
                    Vips.unboundedHeight,
                    "size", Vips.sizeDown)
            }
            guard let computed = unsafe library.copyMemory(recipe.pointer) else {
                throw library.failure("vips_image_copy_memory")
            }
            return unsafe Image(computed, library: library)
        }

        /// Converted to `interpretation` (CMYK through libvips's CMYK profile; 16-bit to 8-bit for
        /// sRGB).
        package func converted(to interpretation: Interpretation) throws(Failure) -> Image {
            try unsafe library.make("vips_colourspace") { out in
                unsafe beacon_vips_image_int(
                    library.colourspace, pointer, out, interpretation.rawValue)
            }
        }

        /// The values cast to `format`.
        package func cast(to format: BandFormat) throws(Failure) -> Image {
            try unsafe library.make("vips_cast") { out in
                unsafe beacon_vips_image_int(library.cast, pointer, out, format.rawValue)
            }
        }

        /// Transformed to an ICC profile (a file, or libvips's built-in "srgb", "p3", "cmyk"),
        /// which the result then carries.
        func transformed(toProfile profile: String) throws(Failure) -> Image {
            try unsafe library.make("vips_icc_transform") { out in
                unsafe beacon_vips_image_string(library.iccTransform, pointer, out, profile)
            }
        }

        /// The alpha band composited onto `background` (one value per colour band) and dropped.
        package func flattened(onto background: [Double]) throws(Failure) -> Image {
            guard
                let array = unsafe background.withUnsafeBufferPointer({ values in
                    unsafe library.arrayDoubleNew(values.baseAddress, Int32(values.count))
                })
            else { throw library.failure("vips_array_double_new") }
            defer { unsafe library.areaUnref(array) }
            return try unsafe library.make("vips_flatten") { out in
                unsafe beacon_vips_image_pointer(library.flatten, pointer, out, "background", array)
            }
        }

        /// The same pixels, read as `interpretation`.
        func reading(as interpretation: Interpretation) throws(Failure) -> Image {
            try unsafe library.make("vips_copy") { out in
                unsafe beacon_vips_image_ints(
                    library.copy, pointer, out, "interpretation", interpretation.rawValue, nil, 0)
            }
        }

        /// A copy with an integer in its metadata (e.g. "page-height", which makes a tall image an
        /// animation's frames; "orientation").
        func setting(_ name: String, to value: Int) throws(Failure) -> Image {
            let copied = try unsafe library.make("vips_copy") { out in
                unsafe beacon_vips_image_ints(library.copy, pointer, out, nil, 0, nil, 0)
            }
            unsafe library.setInt(copied.pointer, name, Int32(clamping: value))
            return copied
        }

        /// Encoded as `format`; `strip` leaves out every piece of metadata (EXIF, XMP, IPTC, ICC).
        package func encoded(as format: SaveFormat, strip: Bool) throws(Failure) -> [UInt8] {
            let stripValue: Int32 = strip ? 1 : 0
            var memory: UnsafeMutableRawPointer?
            var length = 0
            let status: Int32
            let operation: String
            switch format {
            case .jpeg(let quality):
                operation = "vips_jpegsave_buffer"
                status = unsafe beacon_vips_save_buffer(
                    library.jpegSave, pointer, &memory, &length, "Q", Int32(clamping: quality),
                    "interlace", 1,
                    "optimize_coding", 1, "strip", stripValue)
            case .webp(let quality, let effort):
                operation = "vips_webpsave_buffer"
                status = unsafe beacon_vips_save_buffer(
                    library.webpSave, pointer, &memory, &length, "Q", Int32(clamping: quality),
                    "strip", stripValue,
                    "effort", Int32(clamping: effort), nil, 0)
            case .png:
                operation = "vips_pngsave_buffer"
                status = unsafe beacon_vips_save_buffer(
                    library.pngSave, pointer, &memory, &length, "strip", stripValue, nil, 0, nil, 0,
                    nil, 0)
            case .gif:
                operation = "vips_gifsave_buffer"
                status = unsafe beacon_vips_save_buffer(
                    library.gifSave, pointer, &memory, &length, "strip", stripValue, nil, 0, nil, 0,
                    nil, 0)
            case .heic(let quality):
                operation = "vips_heifsave_buffer"
                status = unsafe beacon_vips_save_buffer(
                    library.heifSave, pointer, &memory, &length, "Q", Int32(clamping: quality),
                    "compression",
                    Vips.heifCompressionHEVC, "strip", stripValue, nil, 0)
            }
            guard status == 0, let memory = unsafe memory else { throw library.failure(operation) }
            defer { unsafe library.free(memory) }
            return unsafe Array(UnsafeRawBufferPointer(start: memory, count: length))
        }
    }

    /// An image made from pixels (`format`'s size each, row by row, band by band), read as
    /// `interpretation`.
    func image(
        pixels: [UInt8], width: Int, height: Int, bands: Int, format: BandFormat,
        interpretation: Interpretation
    ) throws(Failure) -> Image {
        let made = unsafe pixels.withUnsafeBytes { buffer in
            unsafe newFromMemoryCopy(
                buffer.baseAddress, buffer.count, Int32(clamping: width), Int32(clamping: height),
                Int32(clamping: bands), format.rawValue)
        }
        guard let made = unsafe made else { throw failure("vips_image_new_from_memory_copy") }
        return try unsafe Image(made, library: self).reading(as: interpretation)
    }

    /// Runs an operation that makes one image, the result owned by an `Image`.
    private func make(
        _ operation: String, _ call: (UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    ) throws(Failure) -> Image {
        var out: UnsafeMutableRawPointer?
        guard unsafe call(&out) == 0, let out = unsafe out else { throw failure(operation) }
        return unsafe Image(out, library: self)
    }
}
