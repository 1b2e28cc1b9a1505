import BeaconHTML
import BeaconModel
import FoundationEssentials

/// The favorites as GPX 1.1 and KML 2.2, for Organic Maps, OsmAnd, Google My Maps and Google Earth.
/// Valid by construction: every text is XML-escaped and stripped of characters XML 1.0 forbids.
///
/// Viewers read some of these texts as HTML once the XML is decoded: Google Earth shows a KML
/// `<description>` as HTML in its balloon (and runs script there), and names or GPX descriptions go
/// into HTML in many web viewers. So the KML description is HTML built here, every text in it
/// escaped (`KMLDescription`), and every other text has `<` and `>` written as character references
/// (`inert`), which a text viewer shows as they are and an HTML viewer as `<` and `>`, never as
/// tags. (`&` stays as it is: it can start no tag, and "Kaffe & kake" must not become "Kaffe &amp;
/// kake" in a viewer that shows text.) The GeoJSON exports are data that this tool reads back
/// without loss, so their strings stay as they are; a viewer must escape them as any JSON string.
package enum PlaceExports {
    package struct Waypoint: Sendable {
        package var place: Place
        var description: String
        /// An absolute link for the waypoint (its page with a base URL, else a map link).
        var link: String?
        /// A list's note on the place (plain text), written before the description.
        var note: String?

        package init(place: Place, description: String, link: String?, note: String? = nil) {
            self.place = place
            self.description = description
            self.link = link
            self.note = note
        }

        /// The GPX description: the note, a blank line (a paragraph to an importer), the rest.
        var text: String {
            guard let note, !note.isEmpty else { return description }
            return description.isEmpty ? note : note + "\n\n" + description
        }
    }

    /// `categoryName`: the category as the file's language names it (the catalogues').
    /// `description`: the file's own (a list's, plain text), in its metadata.
    package static func gpx(
        _ waypoints: [Waypoint], name: String, description: String? = nil,
        categoryName: (PlaceCategory) -> String
    ) -> [UInt8] {
        var out = XMLText()
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw(
            "<gpx version=\"1.1\" creator=\"Beacon sitegen\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        )
        out.raw("<metadata><name>")
        out.text(inert(name))
        out.raw("</name>")
        if let description {
            out.raw("<desc>")
            out.text(inert(description))
            out.raw("</desc>")
        }
        out.raw("</metadata>\n")
        for waypoint in waypoints {
            let c = waypoint.place.coordinate
            out.raw("<wpt lat=\"")
            out.raw(MachineNumber.decimal(c.latitude, places: 7))
            out.raw("\" lon=\"")
            out.raw(MachineNumber.decimal(c.longitude, places: 7))
            out.raw("\"><name>")
            out.text(inert(waypoint.place.name))
            out.raw("</name><desc>")
            out.text(inert(waypoint.text))
            out.raw("</desc>")
            if let link = waypoint.link {
                out.raw("<link href=\"")
                out.text(link)
                out.raw("\"><text>")
                out.text(inert(waypoint.place.name))
                out.raw("</text></link>")
            }
            out.raw("<type>")
            out.text(inert(categoryName(waypoint.place.category)))
            out.raw("</type></wpt>\n")
        }
        out.raw("</gpx>\n")
        return out.bytes
    }

    /// `folder`: the name of one Folder holding the placemarks (a list: My Maps makes it a layer,
    /// Organic Maps and `sitegen import` a list of that name). `description`: the document's (and
    /// the folder's), plain text.
    package static func kml(
        _ waypoints: [Waypoint], name: String, description: String? = nil, folder: String? = nil
    ) -> [UInt8] {
        var out = XMLText()
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document>")
        func heading(_ name: String) {
            out.raw("<name>")
            out.text(inert(name))
            out.raw("</name>")
            if let description {
                var html = HTMLBuffer(capacity: description.utf8.count + 16)
                html.text(description)
                out.raw("<description>")
                out.text(html.fragment.string)
                out.raw("</description>")
            }
            out.raw("\n")
        }
        heading(name)
        if let folder {
            out.raw("<Folder>")
            heading(folder)
        }
        for waypoint in waypoints {
            let c = waypoint.place.coordinate
            out.raw("<Placemark><name>")
            out.text(inert(waypoint.place.name))
            out.raw("</name><description>")
            out.text(kmlDescription(waypoint))
            out.raw("</description><Point><coordinates>")
            out.raw(
                MachineNumber.decimal(c.longitude, places: 7) + ","
                    + MachineNumber.decimal(c.latitude, places: 7))
            out.raw("</coordinates></Point></Placemark>\n")
        }
        if folder != nil { out.raw("</Folder>\n") }
        out.raw("</Document>\n</kml>\n")
        return out.bytes
    }

    /// `text` with `<` and `>` as character references: inert in a viewer that reads it as HTML.
    static func inert(_ text: String) -> String {
        guard text.contains(where: { $0 == "<" || $0 == ">" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A KML description as the HTML Google Earth shows: the text escaped, and the link (an address
    /// of ours: the place's page, or a map link) as a link.
    static func kmlDescription(_ waypoint: Waypoint) -> String {
        var html = HTMLBuffer(
            capacity: waypoint.description.utf8.count + (waypoint.note?.utf8.count ?? 0) + 128)
        if let note = waypoint.note, !note.isEmpty { html.element("p", text: note) }
        html.text(waypoint.description)
        if let link = waypoint.link {
            html.voidElement("br")
            html.element("a", ["href": link], text: link)
        }
        return html.fragment.string
    }
}

/// XML output where text is always escaped (`&`, `<`, `>`, quotes) and
/// characters XML 1.0 cannot hold are dropped.
struct XMLText {
    package var bytes: [UInt8] = []

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
                let allowed =
                    v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
                    || (0xE000...0xFFFD).contains(v)
                    || (0x10000...0x10FFFF).contains(v)
                if allowed { UTF8.encode(scalar) { bytes.append($0) } }
            }
        }
    }
}
