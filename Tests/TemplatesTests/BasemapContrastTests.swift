import Foundation
import Testing

/// Our own basemap's night colours (`--basemap-*` in `beacon.css`'s dark block, which
/// `beacon-basemap.js` reads when it draws): every street stands out from every ground it
/// crosses by a WCAG contrast ratio of at least 1.5:1, so the streets read at city zoom.
@Suite struct BasemapContrastTests {
    static let streets = [
        "path", "service", "minor", "tertiary", "secondary", "primary", "motorway",
    ]
    /// The grounds a street crosses: the plain land, built-up areas, green areas. (Water is crossed
    /// by bridges; a pedestrian area is paving, a street's own surface.)
    static let grounds = [
        "land", "residential", "commercial", "industrial", "park", "forest", "cemetery",
    ]
    static let least = 1.5

    /// The `--basemap-NAME: #RRGGBB` colours of the stylesheet's dark basemap block.
    static func darkColours() throws -> [String: String] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/assets/beacon.css").path
        let css = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(
            css.range(
                of: "@media (prefers-color-scheme: dark) {\n  :root {\n    --basemap-land:"))
        let block = css[start.lowerBound...].prefix { $0 != "}" }
        var colours: [String: String] = [:]
        for line in block.split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":")
            guard parts.count == 2, parts[0].hasPrefix("--basemap-") else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: ";"))
            colours[String(parts[0].dropFirst("--basemap-".count))] = value
        }
        return colours
    }

    /// WCAG 2's relative luminance of `#RRGGBB`.
    static func luminance(_ hex: String) throws -> Double {
        let digits = Array(hex.dropFirst())
        try #require(hex.hasPrefix("#") && digits.count == 6, "\(hex)")
        let channels = try stride(from: 0, to: 6, by: 2).map { i -> Double in
            let value = try #require(UInt8(String(digits[i..<i + 2]), radix: 16), "\(hex)")
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    static func contrast(_ a: String, _ b: String) throws -> Double {
        let (x, y) = (try luminance(a), try luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func theFormulaIsWCAGs() throws {
        #expect(abs(try Self.contrast("#000000", "#FFFFFF") - 21) < 1e-9)
        #expect(abs(try Self.contrast("#777777", "#FFFFFF") - 4.48) < 0.01)
    }

    @Test func everyStreetStandsOutFromEveryGroundInTheDark() throws {
        let colours = try Self.darkColours()
        for street in Self.streets {
            let streetColour = try #require(colours[street], "no dark colour for \(street)")
            for ground in Self.grounds {
                let groundColour = try #require(colours[ground], "no dark colour for \(ground)")
                let ratio = try Self.contrast(streetColour, groundColour)
                #expect(
                    ratio >= Self.least,
                    "\(street) \(streetColour) on \(ground) \(groundColour): \(ratio)")
            }
        }
    }
}
