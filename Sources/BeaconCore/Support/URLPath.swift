/// A relative path of the published site as it is written into a URL. Every byte outside RFC 3986's
/// unreserved characters (`A–Z a–z 0–9 - . _ ~`) is percent-encoded, `/` between segments kept: a file
/// the owner named `a#b.png`, `100%.css`, `hvorfor?.txt` or `kart æ.png` is then fetched as that file,
/// not cut at `#` or `?` or read as an escape. The service worker's precache list goes through here: one
/// address that does not exist fails a worker's whole install.
package enum URLPath {
    package static func encoded(_ path: String) -> String {
        var result = ""
        result.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
            }
        }
        return result
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
