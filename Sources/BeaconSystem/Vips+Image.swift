internal import CVipsCalls

extension Vips {
    /// A libvips image, released (g_object_unref) when the last reference goes.
    @safe package final class Image {
        fileprivate let pointer: UnsafeMutableRawPointer
        fileprivate let library: Vips

        init(_ pointer: UnsafeMutableRawPointer, library: Vips) {
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
