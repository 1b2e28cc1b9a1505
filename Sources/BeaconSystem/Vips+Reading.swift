internal import CVipsCalls

/// Reading a file: which loader knows it, its header, and its pixels decoded (whole, or shrunk
/// while decoding).
extension Vips {
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
}
