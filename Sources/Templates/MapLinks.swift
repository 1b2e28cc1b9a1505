import BeaconHTML
import BeaconModel
import BeaconText

/// Links to map apps. Links are not requests: they leave the page only when the reader follows
/// them.
enum MapLinks {
    /// `https://maps.apple.com/?ll=LAT,LON&q=NAME`, encoded.
    static func appleMaps(_ p: Place) -> String {
        "https://maps.apple.com/?ll=\(coordinatePair(p.coordinate))&q=\(SafeURL.queryValue(p.name))"
    }

    /// `https://maps.apple.com/?daddr=LAT,LON`: Apple Maps with the way there from where the reader
    /// is.
    static func appleMapsDirections(_ p: Place) -> String {
        "https://maps.apple.com/?daddr=\(coordinatePair(p.coordinate))"
    }

    /// Google Maps' documented search URL (Maps URLs, `search`: `query` is "a place name, address,
    /// or comma-separated latitude/longitude"): by name and address, so it opens the business and
    /// not a dropped pin. Without an address, by name and where it is: the part of town the data
    /// names («Cộng Cà Phê, Hoàn Kiếm, Hà Nội»), else the coordinates after the name; bare
    /// coordinates would open a dropped pin, a bare name could find a namesake elsewhere.
    static func googleMaps(_ p: Place) -> String {
        let whereItIs =
            p.address.singleLine ?? p.address.area
            ?? coordinatePair(p.coordinate)
        return
            "https://www.google.com/maps/search/?api=1&query=\(SafeURL.queryValue(p.name + ", " + whereItIs))"
    }

    static func coordinatePair(_ c: Coordinate, separator: String = ",") -> String {
        MachineNumber.decimal(c.latitude, places: 6) + separator
            + MachineNumber.decimal(c.longitude, places: 6)
    }

    /// "example.no/meny" for showing a URL: no scheme, no "www.", no trailing slash.
    static func displayURL(_ url: String) -> String {
        var text = Substring(url)
        for prefix in ["https://", "http://", "www."] where hasPrefixIgnoringASCIICase(text, prefix)
        {
            let rest = text.dropFirst(prefix.count)
            // A combining mark after the prefix makes its last character another: not the prefix.
            guard rest.utf8.count == text.utf8.count - prefix.utf8.count else { break }
            text = rest
        }
        if text.hasSuffix("/") { text.removeLast() }
        return TextHardening.truncate(String(text), to: 60)
    }

    /// `text.lowercased().hasPrefix(prefix)` for a lowercase ASCII `prefix`, without lowercasing
    /// all of `text`.
    private static func hasPrefixIgnoringASCIICase(_ text: Substring, _ prefix: String) -> Bool {
        var characters = text.utf8.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = characters.next() else { return false }
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            guard lowered == expected else { return false }
        }
        return true
    }
}
