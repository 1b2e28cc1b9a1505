import Foundation

/// The favorites as GPX 1.1 and KML 2.2, for Organic Maps, OsmAnd, Google My
/// Maps and Google Earth. Valid by construction: every text is XML-escaped and
/// stripped of characters XML 1.0 forbids.
package enum PlaceExports {
    package struct Waypoint: Sendable {
        package var place: Place
        var description: String
        /// An absolute link for the waypoint (its page with a base URL, else a map link).
        var link: String?

        package init(place: Place, description: String, link: String?) {
            self.place = place
            self.description = description
            self.link = link
        }
    }

    package static func gpx(_ waypoints: [Waypoint], name: String) -> [UInt8] {
        var out = XMLText()
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<gpx version=\"1.1\" creator=\"Beacon sitegen\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n")
        out.raw("<metadata><name>")
        out.text(name)
        out.raw("</name></metadata>\n")
        for waypoint in waypoints {
            let c = waypoint.place.coordinate
            out.raw("<wpt lat=\"")
            out.raw(MachineNumber.decimal(c.latitude, places: 7))
            out.raw("\" lon=\"")
            out.raw(MachineNumber.decimal(c.longitude, places: 7))
            out.raw("\"><name>")
            out.text(waypoint.place.name)
            out.raw("</name><desc>")
            out.text(waypoint.description)
            out.raw("</desc>")
            if let link = waypoint.link {
                out.raw("<link href=\"")
                out.text(link)
                out.raw("\"><text>")
                out.text(waypoint.place.name)
                out.raw("</text></link>")
            }
            out.raw("<type>")
            out.text(waypoint.place.category.singularName)
            out.raw("</type></wpt>\n")
        }
        out.raw("</gpx>\n")
        return out.bytes
    }

    package static func kml(_ waypoints: [Waypoint], name: String) -> [UInt8] {
        var out = XMLText()
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document><name>")
        out.text(name)
        out.raw("</name>\n")
        for waypoint in waypoints {
            let c = waypoint.place.coordinate
            out.raw("<Placemark><name>")
            out.text(waypoint.place.name)
            out.raw("</name><description>")
            out.text(waypoint.description + (waypoint.link.map { "\n" + $0 } ?? ""))
            out.raw("</description><Point><coordinates>")
            out.raw(MachineNumber.decimal(c.longitude, places: 7) + "," + MachineNumber.decimal(c.latitude, places: 7))
            out.raw("</coordinates></Point></Placemark>\n")
        }
        out.raw("</Document>\n</kml>\n")
        return out.bytes
    }
}

/// XML output where text is always escaped (`&`, `<`, `>`, quotes) and
/// characters XML 1.0 cannot hold are dropped.
struct XMLText {
    var bytes: [UInt8] = []

    /// Markup from our own code.
    mutating func raw(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    mutating func text(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": bytes.append(contentsOf: "&amp;".utf8)
            case "<": bytes.append(contentsOf: "&lt;".utf8)
            case ">": bytes.append(contentsOf: "&gt;".utf8)
            case "\"": bytes.append(contentsOf: "&quot;".utf8)
            case "'": bytes.append(contentsOf: "&apos;".utf8)
            default:
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
                if allowed { UTF8.encode(scalar) { bytes.append($0) } }
            }
        }
    }
}
