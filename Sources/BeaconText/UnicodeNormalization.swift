/// Canonical decomposition (NFD) and composition (NFC) without ICU. Search
/// folding and Norwegian collation strip accents from the decomposed form,
/// exactly as the page script does with `normalize('NFD')`.
package enum UnicodeNormalization {
    /// The canonical decomposition of `text` (Unicode's NFD).
    package static func decomposed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0xC0 }) { return text }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars { appendDecomposition(of: scalar, to: &scalars) }
        reorderCombiningMarks(&scalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// The canonical composition of `text` (Unicode's NFC), from the standard library.
    package static func composed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    static func appendDecomposition(of scalar: Unicode.Scalar, to scalars: inout [Unicode.Scalar]) {
        let value = scalar.value
        if value < 0xC0 {
            scalars.append(scalar)
        } else if (hangulFirst...hangulLast).contains(value) {
            let index = value - hangulFirst
            scalars.append(Unicode.Scalar(0x1100 + index / 588)!)
            scalars.append(Unicode.Scalar(0x1161 + (index % 588) / 28)!)
            if index % 28 != 0 { scalars.append(Unicode.Scalar(0x11A7 + index % 28)!) }
        } else if let parts = decompositions[value] {
            scalars.append(contentsOf: parts)
        } else {
            scalars.append(scalar)
        }
    }

    /// Unicode's canonical ordering: each run of combining marks sorted, stably, by combining
    /// class.
    static func reorderCombiningMarks(_ scalars: inout [Unicode.Scalar]) {
        var start = 0
        while start < scalars.count {
            guard scalars[start].properties.canonicalCombiningClass.rawValue != 0 else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, scalars[end].properties.canonicalCombiningClass.rawValue != 0
            { end += 1 }
            if end - start > 1 {
                let run = scalars[start..<end].enumerated().sorted {
                    let (a, b) = (
                        $0.element.properties.canonicalCombiningClass.rawValue,
                        $1.element.properties.canonicalCombiningClass.rawValue
                    )
                    return a != b ? a < b : $0.offset < $1.offset
                }
                scalars.replaceSubrange(start..<end, with: run.map(\.element))
            }
            start = end
        }
    }

    static let hangulFirst: UInt32 = 0xAC00
    static let hangulLast: UInt32 = 0xD7A3

    /// The table, read once from its compact text.
    static let decompositions: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(2_100)
        for line in decompositionText.split(separator: "\n") {
            for entry in line.split(separator: ";") {
                let fields = entry.split(separator: ":")
                guard fields.count == 2, let key = UInt32(fields[0], radix: 16) else { continue }
                table[key] = fields[1].split(separator: " ")
                    .compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            }
        }
        return table
    }()
}
