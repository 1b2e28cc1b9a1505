internal import CVipsCalls
import Glibc

/// libvips, opened with dlopen the first time a photo is processed, not linked: linked, it and the
/// ~80 libraries it needs would load at every command's start, and every machine would need them,
/// for the guides that have photos. The one part of the photo pipeline that holds pointers: bytes
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
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let errorBufferCopy: @convention(c) () -> UnsafeMutablePointer<CChar>?
    let getWidth: @convention(c) (UnsafeRawPointer?) -> Int32
    let getHeight: @convention(c) (UnsafeRawPointer?) -> Int32
    let getBands: @convention(c) (UnsafeRawPointer?) -> Int32
    let getFormat: @convention(c) (UnsafeRawPointer?) -> Int32
    let getInterpretation: @convention(c) (UnsafeRawPointer?) -> Int32
    let getPages: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    let getTypeOf: @convention(c) (UnsafeRawPointer?, UnsafePointer<CChar>?) -> UInt
    let getInt:
        @convention(c) (UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) ->
            Int32
    let setInt: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void
    let findLoadBuffer: @convention(c) (UnsafeRawPointer?, Int) -> UnsafePointer<CChar>?
    let newFromMemoryCopy:
        @convention(c) (UnsafeRawPointer?, Int, Int32, Int32, Int32, Int32) ->
            UnsafeMutableRawPointer?
    let writeToMemory:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) ->
            UnsafeMutableRawPointer?
    let copyMemory: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    let arrayDoubleNew: @convention(c) (UnsafePointer<Double>?, Int32) -> UnsafeMutableRawPointer?
    let areaUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    // Variadic functions, called through the trampolines in CVipsCalls.
    let newFromBuffer: UnsafeMutableRawPointer
    let thumbnailBuffer: UnsafeMutableRawPointer
    let thumbnailImage: UnsafeMutableRawPointer
    let copy: UnsafeMutableRawPointer
    let flatten: UnsafeMutableRawPointer
    let colourspace: UnsafeMutableRawPointer
    let cast: UnsafeMutableRawPointer
    let iccTransform: UnsafeMutableRawPointer
    let jpegSave: UnsafeMutableRawPointer
    let webpSave: UnsafeMutableRawPointer
    let pngSave: UnsafeMutableRawPointer
    let gifSave: UnsafeMutableRawPointer
    let heifSave: UnsafeMutableRawPointer

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
    func failure(_ operation: String) -> Failure {
        guard let text = unsafe errorBufferCopy() else { return .failed(operation) }
        defer { unsafe free(text) }
        let words = unsafe String(cString: text).split(whereSeparator: \.isNewline).joined(
            separator: "; ")
        return .failed(words.isEmpty ? operation : words)
    }
}
