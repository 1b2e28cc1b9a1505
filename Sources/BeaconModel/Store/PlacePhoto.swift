/// One of the owner's photos of a place (`sitegen photo add`), as the store keeps it: the original
/// lies in the site folder's `photos/`, named by a hash of its content, so the same picture added
/// twice, or for two places, is one file, and the store names it without a path the owner could
/// make point elsewhere.
package struct PlacePhoto: Sendable, Hashable, Codable {
    /// "photos/<32 hex>.<ext>", relative to the site folder (`isValidFile`).
    package var file: String
    /// What the photo shows, for those who cannot see it; the pages say «Bilde av NAVN» without it.
    package var alt: String?
    /// Who took it, when it is someone else («Foto: Kari Nordmann»).
    package var credit: String?

    package init(file: String, alt: String? = nil, credit: String? = nil) {
        self.file = file
        self.alt = alt
        self.credit = credit
    }

    /// The site folder's folder of originals.
    package static let folderName = "photos"
    /// More would make a place's page a gallery the guide is not meant to be, and the store a long
    /// file.
    package static let maximumPerPlace = 50

    package enum Limit {
        package static let alt = 300
        package static let credit = 120
    }

    /// The extensions a stored name can have. `photo add` gives the one its content says
    /// (`PhotoFileFormat.fileExtension`), never the one it was named with; `tif` is read too.
    package static let fileExtensions: Set<String> = [
        "jpg", "png", "webp", "gif", "heic", "heif", "tif", "tiff", "avif",
    ]

    /// Whether `file` is a name `photo add` gives: `photos/`, 32 lowercase hex digits, a dot and a
    /// known extension. Nothing else can be in the store, so no name leads out of `photos/` (no
    /// `..`, no second slash) and a build never reads anything the store's text could choose.
    package static func isValidFile(_ file: String) -> Bool {
        let bytes = Array(file.utf8)
        let prefix = Array((folderName + "/").utf8)
        let hexEnd = prefix.count + 32
        guard bytes.count > hexEnd + 1, bytes.starts(with: prefix),
            bytes[hexEnd] == UInt8(ascii: ".")
        else {
            return false
        }
        let isHex = bytes[prefix.count..<hexEnd].allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
        let fileExtension = String(decoding: bytes[(hexEnd + 1)...], as: UTF8.self)
        return isHex && fileExtensions.contains(fileExtension)
    }
}

/// `{"file", "alt"?, "credit"?}`.
extension PlacePhoto {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: ["file", "alt", "credit"])
        self.init(
            file: try container.strict(
                "file", as: String.self,
                expected:
                    "forventet et filnavn slik «sitegen photo add» lager det: «photos/», 32 heksadesimale sifre "
                    + "(0–9, a–f) og en filendelse (jpg, png, webp, gif, heic, heif, tif, tiff eller avif)",
                { Self.isValidFile($0) ? $0 : nil }),
            alt: try container.text("alt", limit: Limit.alt),
            credit: try container.text("credit", limit: Limit.credit))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(file, forKey: "file")
        try container.encodeIfPresent(alt, forKey: "alt")
        try container.encodeIfPresent(credit, forKey: "credit")
    }

    /// A place's photos (`key` of `container`): at most `maximumPerPlace`, each original once.
    static func list(in container: KeyedDecodingContainer<JSONKey>, at key: JSONKey) throws
        -> [PlacePhoto]
    {
        let photos =
            try container.strictIfPresent(
                key, as: [PlacePhoto].self, expected: "forventet en liste") ?? []
        guard photos.count <= maximumPerPlace else {
            throw StrictJSON.Refusal(
                at: container.codingPath + [key],
                "for mange bilder (\(photos.count), grensen er \(maximumPerPlace))",
                showsValue: false)
        }
        for (index, photo) in photos.enumerated()
        where photos[..<index].contains(where: { $0.file == photo.file }) {
            throw StrictJSON.Refusal(
                at: container.codingPath + [key, JSONKey(intValue: index), JSONKey("file")],
                "bildet står allerede tidligere i lista", showsValue: false)
        }
        return photos
    }
}
