import BeaconModel

/// One place as an import file describes it, before it is matched with the guide.
/// Every text is cleaned as it is read (`TextHardening`), so the merge can trust its lengths.
package struct ImportedPlace: Sendable, Equatable {
    /// Never empty; at most `TextHardening.Limit.name` characters.
    package var name: String
    /// Nil when the file gives none (a Google list CSV, Takeout's `[0,0]`, a placemark without
    /// geometry): the caller may look the place up.
    package var coordinate: Coordinate?
    /// One line (`TextHardening.Limit.address`).
    package var address: String?
    /// The owner's note as HTML, at most `TextHardening.Limit.comment` characters: a KML
    /// description as it is written (it goes through the sanitiser later), plain text escaped into
    /// paragraphs (`ImportText.noteHTML`).
    package var noteHTML: String?
    /// A Google Maps address or a website: http(s) only, with a host.
    package var url: String?
    /// The folder (KML) or list the place was saved in.
    package var list: String?
    /// The day the place was saved, as the file writes it (Takeout's `Published`/`date`, GPX
    /// `<time>`), in UTC.
    package var savedOn: CalendarDate?
    /// OpenStreetMap tags (Overpass JSON, GeoJSON with OSM-style properties) or a KML placemark's
    /// ExtendedData.
    package var osmTags: [String: String]
    /// "node/123", "way/45", "relation/6" when the file names the OpenStreetMap element.
    package var osmID: String?
    /// What the file calls the place's kind (a GPX waypoint's `<type>`, the CSV's `Tags`), for the
    /// caller to suggest a category from; nil when it says nothing.
    package var kind: String?
    /// The place's position among the file's items (0-based, skipped ones counted), for a stable
    /// order.
    package var sourceIndex: Int

    package init(
        name: String, coordinate: Coordinate? = nil, address: String? = nil,
        noteHTML: String? = nil,
        url: String? = nil, list: String? = nil, savedOn: CalendarDate? = nil,
        osmTags: [String: String] = [:],
        osmID: String? = nil, kind: String? = nil, sourceIndex: Int
    ) {
        self.name = name
        self.coordinate = coordinate
        self.address = address
        self.noteHTML = noteHTML
        self.url = url
        self.list = list
        self.savedOn = savedOn
        self.osmTags = osmTags
        self.osmID = osmID
        self.kind = kind
        self.sourceIndex = sourceIndex
    }
}

/// Something in the file that did not become a place, with the reason (listed in the import
/// summary).
package struct ImportSkip: Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        /// Nothing to call the place by (no name, title or business name, nor one in its Google
        /// Maps address).
        case noName
        /// A line, an area, a track or a route: `kind` names it in Norwegian ("linje", "flate",
        /// "spor", "rute", "flere punkter" for a GeoJSON MultiPoint, "flere geometrier", "modell"
        /// for a KML 3D model).
        case notAPoint(kind: String)
        /// A position given but not one on Earth: out of range, not a number.
        case badCoordinates
        /// Neither a name nor a position (an empty placemark or feature).
        case empty
    }

    package var name: String?
    package var sourceIndex: Int
    package var reason: Reason

    package init(name: String?, sourceIndex: Int, reason: Reason) {
        self.name = name
        self.sourceIndex = sourceIndex
        self.reason = reason
    }
}

/// What one import file holds.
package struct ImportedFile: Sendable, Equatable {
    package var format: ImportFormat
    /// The document's or list's name when the file has one (`TextHardening.Limit.title`).
    package var title: String?
    /// In the file's order. Empty is not an error: the caller says the file held no places.
    package var places: [ImportedPlace]
    package var skipped: [ImportSkip]

    package init(
        format: ImportFormat, title: String? = nil, places: [ImportedPlace] = [],
        skipped: [ImportSkip] = []
    ) {
        self.format = format
        self.title = title
        self.places = places
        self.skipped = skipped
    }
}
