import BeaconModel
import BeaconSystem

/// Turns the places of import files into changes to the store: each place is merged into a place
/// the guide already knows (within 50 m under a similar name: `PlaceMatching`), added as the
/// owner's own (never refused for want of a kind: one no kind fits goes under «Andre steder»), or
/// left out with the reason. Pure: the command reads the files, looks positions up
/// and writes the store once. Importing the same file again finds every place already there and
/// changes nothing.
package enum PlaceImporter {
    package struct Options: Sendable {
        /// `--category`: the kind of every place (else told by its OSM tags or folder, else
        /// «Andre steder»).
        package var category: PlaceCategory?
        /// `--as favorites`: every place also becomes a favorite.
        package var asFavorites = false
        /// The date a place is added on, when the file does not say when it was saved.
        package var today: CalendarDate
        /// `--list`: every place joins this list, whatever list or folder the file names.
        package var list: String?

        package init(
            category: PlaceCategory? = nil, asFavorites: Bool = false, today: CalendarDate,
            list: String? = nil
        ) {
            self.category = category
            self.asFavorites = asFavorites
            self.today = today
            self.list = list
        }
    }

    /// What became of one place of a file.
    package enum Outcome: Sendable, Equatable {
        /// A new own place, of this kind (one the guide may not list yet, or «Andre steder»).
        case added(PlaceID, category: PlaceCategory)
        /// A note or favorite mark added to a place the guide knows (`known`: its name there).
        case merged(into: PlaceID, known: String)
        /// The same place as one this import added a moment before (a file that lists it twice,
        /// or two files).
        case duplicate(of: PlaceID, known: String)
        /// The guide has it already, with everything the file says of it.
        case alreadyThere(PlaceID)
        case skipped(SkipReason)

        /// The place of the guide the outcome is about; nil for one left out.
        package var placeID: PlaceID? {
            switch self {
            case .added(let id, _), .merged(let id, _), .duplicate(let id, _),
                .alreadyThere(let id):
                id
            case .skipped: nil
            }
        }
    }

    package enum SkipReason: Sendable, Equatable {
        case noPosition
        case noName
        case badCoordinates
        case notAPoint(kind: String)
        case empty
    }

    /// One place of a file and what became of it, in the file's order.
    package struct Line: Sendable, Equatable {
        package var file: String
        package var name: String?
        package var outcome: Outcome
    }

    package struct Result: Sendable {
        package var store: GuideStore
        package var lines: [Line]
        /// How many places joined each list (by the list's name in the store).
        package var listed: [String: Int] = [:]
        /// How many places a full list (`SavedList.maximumPlaces`) had no room for.
        package var overflowed: [String: Int] = [:]
    }

    /// A file as read, with its name for the summary.
    package struct File: Sendable {
        package var name: String
        package var content: ImportedFile

        package init(name: String, content: ImportedFile) {
            self.name = name
            self.content = content
        }
    }

    /// `store` with the files' places merged in or added. `known`: the places the guide has (the
    /// last build's, as the owner edited them). `positions`: looked-up positions of places the
    /// files give none for, by file and place index; `tags`: the OpenStreetMap tags of the element
    /// found to stand for a place whose file names no kind (`OverpassKindLookup`).
    package static func run(
        _ files: [File], known: [Place], store: GuideStore, settings: SiteSettings,
        options: Options,
        positions: [FilePlace: Coordinate] = [:], tags: [FilePlace: [String: String]] = [:]
    ) -> Result {
        var store = store
        var lines: [Line] = []
        var listed: [String: Int] = [:]
        var overflowed: [String: Int] = [:]
        var matching = PlaceMatching(known)
        var addedNow = Set<PlaceID>()
        // The places this import added, by name (nil for a name added twice): a list without
        // positions (Takeout's CSVs) names places its archive's starred places give.
        var addedNames: [String: Place?] = [:]
        var byID: [PlaceID: Place] = [:]
        for place in known { byID[place.id] = place }
        // Names are folded only when some place comes without a position (they are matched by name
        // alone).
        var uniqueNames: [String: Place?] = [:]
        if files.contains(where: { $0.content.places.contains { $0.coordinate == nil } }) {
            for place in known {
                let key = PlaceMatching.nameKey(place.name)
                uniqueNames[key] = uniqueNames[key] == nil ? place : .some(nil)
            }
        }

        for (fileIndex, file) in files.enumerated() {
            var items: [(index: Int, line: Line, place: ImportedPlace?)] = []
            for skip in file.content.skipped {
                items.append(
                    (
                        skip.sourceIndex,
                        Line(file: file.name, name: skip.name, outcome: .skipped(reason(skip))), nil
                    ))
            }
            for (placeIndex, read) in file.content.places.enumerated() {
                var imported = read
                // A description that only repeats the position, name or address is no note.
                if let note = imported.noteHTML,
                    RepeatedNote.isRepeat(note, name: imported.name, address: imported.address)
                {
                    imported.noteHTML = nil
                }
                if imported.osmTags.isEmpty,
                    let found = tags[FilePlace(file: fileIndex, place: placeIndex)]
                {
                    imported.osmTags = found
                }
                let outcome = importOne(
                    imported,
                    position: imported.coordinate
                        ?? positions[FilePlace(file: fileIndex, place: placeIndex)],
                    file: file, store: &store, matching: &matching, addedNow: &addedNow,
                    addedNames: &addedNames, byID: byID, uniqueNames: uniqueNames,
                    settings: settings, options: options)
                // A saved list or a folder keeps its name: the place joins the list of that name
                // (or the one `--list` names), after the places it holds, which keep their order
                // and notes.
                if let list = options.list ?? imported.list, let id = outcome.placeID {
                    let before = store.list(named: list)
                    if store.addToList(named: list, id) {
                        listed[store.list(named: list)?.name ?? list, default: 0] += 1
                        // A Google list's note is the list's, as in Google Maps: it comes with the
                        // place the first time only, so a note the owner removed stays removed.
                        if let note = imported.noteHTML,
                            let index = store.lists.firstIndex(where: { $0.isNamed(list) })
                        {
                            store.lists[index].notes[id] = note
                        }
                    } else if let before, !before.places.contains(id) {
                        overflowed[before.name, default: 0] += 1
                    }
                }
                items.append(
                    (
                        imported.sourceIndex,
                        Line(file: file.name, name: imported.name, outcome: outcome), imported
                    ))
            }
            lines += items.sorted { $0.index < $1.index }.map(\.line)
        }
        return Result(store: store, lines: lines, listed: listed, overflowed: overflowed)
    }

    /// A place of one of the files: `file` is its index in the list, `place` in the file's places.
    package struct FilePlace: Hashable, Sendable {
        package var file: Int
        package var place: Int

        package init(file: Int, place: Int) {
            self.file = file
            self.place = place
        }
    }

    private static func importOne(
        _ imported: ImportedPlace, position: Coordinate?, file: File, store: inout GuideStore,
        matching: inout PlaceMatching, addedNow: inout Set<PlaceID>,
        addedNames: inout [String: Place?], byID: [PlaceID: Place],
        uniqueNames: [String: Place?], settings: SiteSettings, options: Options
    ) -> Outcome {
        // The same OpenStreetMap element as a place of the guide: that place, wherever the file
        // puts it.
        if let osmID = imported.osmID, let known = byID[PlaceID(rawValue: osmID)] {
            return merge(imported, into: known, store: &store, options: options)
        }
        guard let position else {
            // No position: only a name the guide knows once stands for a place.
            let key = PlaceMatching.nameKey(imported.name)
            if let known = uniqueNames[key] ?? nil {
                return merge(imported, into: known, store: &store, options: options)
            }
            if let added = addedNames[key] ?? nil {
                _ = merge(imported, into: added, store: &store, options: options)
                return .duplicate(of: added.id, known: added.name)
            }
            return .skipped(.noPosition)
        }
        if let known = matching.match(name: imported.name, at: position) {
            let outcome = merge(imported, into: known, store: &store, options: options)
            return addedNow.contains(known.id)
                ? .duplicate(of: known.id, known: known.name) : outcome
        }
        let category = category(of: imported, settings: settings, options: options)
        let own = OwnPlace(
            name: imported.name, category: category, coordinate: position,
            address: address(of: imported, guideCountry: settings.addressCountry),
            openingHours: imported.osmTags["opening_hours"].flatMap {
                TextHardening.clean($0, maximumLength: TextHardening.Limit.openingHours)
            },
            website: website(of: imported),
            phone: (imported.osmTags["phone"] ?? imported.osmTags["contact:phone"]).flatMap {
                TextHardening.clean($0, maximumLength: TextHardening.Limit.phone)
            },
            addedOn: imported.savedOn ?? options.today, importedFrom: file.name)
        let id = store.addOwnPlace(own, note: imported.noteHTML)
        if options.asFavorites { store.addFavorite(own.place(id: id, note: nil), on: own.addedOn) }
        matching.add(own.place(id: id, note: imported.noteHTML))
        addedNow.insert(id)
        let key = PlaceMatching.nameKey(own.name)
        addedNames[key] = addedNames[key] == nil ? own.place(id: id, note: nil) : .some(nil)
        return .added(id, category: category)
    }

    /// The note and favorite mark of `imported` added to `known`, when it lacks them.
    private static func merge(
        _ imported: ImportedPlace, into known: Place, store: inout GuideStore, options: Options
    ) -> Outcome {
        var changed = false
        if let note = imported.noteHTML, !note.trimmingWhitespace().isEmpty {
            let current = store.entries[known.id]?.note
            if current == nil {
                store.setNote(note, on: known)
                changed = true
            } else if let current, !current.contains(note) {
                // Two notes on one place (a file's and the owner's own): both kept, one paragraph
                // each.
                store.setNote(
                    TextHardening.truncate(
                        current + "\n\n" + note, to: TextHardening.Limit.comment), on: known)
                changed = true
            }
        }
        if options.asFavorites, !store.isFavorite(known.id) {
            store.addFavorite(known, on: imported.savedOn ?? options.today)
            changed = true
        }
        return changed ? .merged(into: known.id, known: known.name) : .alreadyThere(known.id)
    }

    /// The reader's address; one it made from the OSM tags, which seldom name the country, written
    /// the way of the guide's country (`SiteSettings.addressCountry`) as the guide's own places
    /// are.
    static func address(of imported: ImportedPlace, guideCountry: String?) -> String? {
        // A file without an address, and an element found for the place that has one (a Takeout
        // place looked up in OpenStreetMap).
        if imported.address == nil, !imported.osmTags.isEmpty {
            return ImportText.address(osmTags: imported.osmTags, guideCountry: guideCountry)
        }
        guard let line = imported.address, guideCountry != nil,
            line == ImportText.address(osmTags: imported.osmTags)
        else { return imported.address }
        return ImportText.address(osmTags: imported.osmTags, guideCountry: guideCountry) ?? line
    }

    /// `--category`, else the kind its OSM tags name, else its type, tag or folder's name as a kind
    /// («kafé», «Kafeer»): one of the guide's, else a preset the guide does not list yet (shown
    /// under «Andre steder» until the owner adds it); else «Andre steder».
    package static func category(
        of imported: ImportedPlace, settings: SiteSettings, options: Options
    )
        -> PlaceCategory
    {
        if let category = options.category { return category }
        let guides = settings.categories.filter(\.isFetched)
        for categories in [guides, PlaceCategory.presets.filter(\.isFetched)] {
            if let found = named(imported, among: categories) { return found }
        }
        return .other
    }

    /// The first of `categories` the place's OSM tags, then its type, tag or folder, name.
    private static func named(_ imported: ImportedPlace, among categories: [PlaceCategory])
        -> PlaceCategory?
    {
        if !imported.osmTags.isEmpty {
            var keys: [String] = []
            for tag in OSMCategoryTags.tagKeys {
                guard let value = imported.osmTags[tag] else { continue }
                for part in value.split(separator: ";") {
                    if let key = OSMCategoryTags.geoapifyKeys[tag + "=" + part.trimmingWhitespace()]
                    {
                        keys.append(key)
                    }
                }
            }
            let object = JSONValue.object(
                imported.osmTags.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            if let found = PlaceCategory.first(
                in: categories, matching: keys,
                alsoMatching: { category in category.definition.osmTags.contains { $0.isOn(object) }
                })
            {
                return found
            }
        }
        // A waypoint's type or a list's tag («kafé»), then the folder («Kafeer»).
        for word in [imported.kind, imported.list].compactMap({ $0 }) {
            if let named = PlaceCategory(userInput: word, in: categories),
                categories.contains(named)
            {
                return named
            }
        }
        return nil
    }

    /// The place's own website: its OSM tag, or the file's link unless that is only Google's page
    /// for it.
    static func website(of imported: ImportedPlace) -> String? {
        if let tagged = imported.osmTags["website"] ?? imported.osmTags["contact:website"] {
            return WebsiteAddress.normalized(tagged)
        }
        guard let url = imported.url, let normalized = WebsiteAddress.normalized(url) else {
            return nil
        }
        let lower = normalized.lowercased()
        let isGoogle = [
            "://maps.google.", "://www.google.", "://google.", "://goo.gl/", "://maps.app.goo.gl/",
        ]
        .contains { lower.contains($0) }
        return isGoogle ? nil : normalized
    }

    static func reason(_ skip: ImportSkip) -> SkipReason {
        switch skip.reason {
        case .noName: .noName
        case .notAPoint(let kind): .notAPoint(kind: kind)
        case .badCoordinates: .badCoordinates
        case .empty: .empty
        }
    }
}
