/// A relative path of the published site as it is written into a URL. Every byte outside RFC 3986's
/// unreserved characters (`A–Z a–z 0–9 - . _ ~`) is percent-encoded, `/` between segments kept: a
/// file the owner named `a#b.png`, `100%.css`, `hvorfor?.txt` or `kart æ.png` is then fetched as
/// that file, not cut at `#` or `?` or read as an escape. The service worker's precache list goes
/// through here: one address that does not exist fails a worker's whole install.
package enum URLPath {
    package static func encoded(_ path: String) -> String { percentEncoded(path, keeping: "/") }

    /// `text` with every byte percent-encoded except the unreserved ones and those in `kept`
    /// (ASCII).
    package static func percentEncoded(_ text: String, keeping kept: String = "") -> String {
        let keptBytes = Array(kept.utf8)
        return percentEncoded(text) { isUnreserved($0) || keptBytes.contains($0) }
    }

    /// `text` with every byte for which `keeps` is false percent-encoded (upper-case hex digits).
    package static func percentEncoded(_ text: String, keepingBytes keeps: (UInt8) -> Bool)
        -> String
    {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keeps(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result +=
                    "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
            }
        }
        return result
    }

    /// `text` with its percent escapes decoded; nil when an escape is malformed or the bytes are
    /// not UTF-8.
    package static func decoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue),
                let low = iterator.next().flatMap(hexValue)
            else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The value of one hexadecimal digit; nil for any other byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
