import BeaconSystem
import BuiltInFiles
import FoundationEssentials

/// A file of the site's static assets: its path in `output/` and where its bytes come from.
///
/// Files compiled into `sitegen` are named, not held: most builds write none of them (a rebuild
/// renders only the pages a change touches), and inflating them all cost more than a small
/// rebuild's pages. The build's key hashes a built-in file by its name, since the binary's identity
/// stands for its bytes.
package struct AssetFile: Sendable {
    package var path: String
    var source: Source

    indirect enum Source: Sendable {
        /// Read from the site's folder or the map library's: hashed by its bytes.
        case bytes([UInt8])
        /// A built-in file by its name (`assets/beacon.css`), with a minified library's source-map
        /// line dropped.
        case builtIn(String, withoutSourceMapComment: Bool = false)
        /// A stylesheet with a rule per category symbol after it, each drawing its SVG
        /// (`CategoryIconAssets`).
        case withSymbolRules(Source, symbols: [(className: String, svg: Source)])
    }

    init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    init(path: String, bytes: [UInt8]) {
        self.init(path: path, source: .bytes(bytes))
    }

    /// The file's contents (a built-in one inflated now).
    package var bytes: [UInt8] { source.bytes }
}

extension AssetFile.Source {
    package var bytes: [UInt8] {
        switch self {
        case .bytes(let bytes):
            return bytes
        case .builtIn(let name, let withoutSourceMapComment):
            // The names come from `BuiltInFiles.names`, so a missing one is a broken binary.
            guard let bytes = BuiltInFiles.bytes(name) else {
                fatalError("no built-in file \(name)")
            }
            return withoutSourceMapComment ? MapLibrary.withoutSourceMapComment(bytes) : bytes
        case .withSymbolRules(let sheet, let symbols):
            var rules = "\n/* The category symbols (assets/icons/), inlined by the build. */\n"
            for symbol in symbols {
                let url =
                    "url(\"data:image/svg+xml;base64,"
                    + Data(symbol.svg.bytes).base64EncodedString() + "\")"
                rules +=
                    ".\(symbol.className)::before { -webkit-mask-image: \(url); mask-image: \(url); }\n"
            }
            return sheet.bytes + Array(rules.utf8)
        }
    }
}

extension ContentHasher {
    /// A file's path and what stands for its bytes: its bytes when read from disk, its name when
    /// built in.
    mutating func combine(_ file: AssetFile) {
        combine(file.path)
        combine(file.source)
    }

    mutating func combine(_ source: AssetFile.Source) {
        switch source {
        case .bytes(let bytes):
            combine("bytes")
            combine(bytes)
        case .builtIn(let name, let withoutSourceMapComment):
            combine(withoutSourceMapComment ? "built-in library" : "built-in")
            combine(name)
        case .withSymbolRules(let sheet, let symbols):
            combine("with symbol rules")
            combine(sheet)
            combine(UInt64(symbols.count))
            for symbol in symbols {
                combine(symbol.className)
                combine(symbol.svg)
            }
        }
    }
}
