import BeaconSystem

/// The owner's edits to the guide's places, as the store holds them: own places added, places from
/// the data corrected, noted or hidden. Applied where a base is made from places
/// (`GuideAssembler.base`), so the pages, the terminal commands and the exports all see the same
/// guide; only the entries that edit a place are looked at, so a guide without edits pays one empty
/// check.
package struct PlaceEdits {
    /// The store's entries that correct, note or hide a place of the data.
    private var changes: [PlaceID: GuideStore.Entry] = [:]
    /// The owner's own places as the guide shows them, in id order.
    package private(set) var ownPlaces: [Place] = []
    /// Own places of a kind the guide does not list (a bar in a guide of cafés): shown under
    /// «Andre steder» until the owner adds their kind, and reported, by their own kind.
    package private(set) var ownOutsideCategories: [Place] = []

    package init(store: GuideStore, settings: SiteSettings) {
        guard store.hasPlaceEdits else { return }
        for (id, entry) in store.entries.sorted(by: { $0.key < $1.key }) where entry.editsPlace {
            if let own = entry.own {
                var place = own.place(id: id, note: entry.note)
                place.category = place.category.resolved(in: settings.categories)
                if !settings.categories.contains(place.category), place.category != .other {
                    ownOutsideCategories.append(place)
                    place.category = .other
                }
                ownPlaces.append(place)
            } else {
                changes[id] = entry
            }
        }
    }

    package var isEmpty: Bool {
        changes.isEmpty && ownPlaces.isEmpty
    }

    /// The ids of places of the data the owner hides.
    package var hiddenIDs: [PlaceID] {
        changes.filter { $0.value.hidden != nil }.map(\.key).sorted()
    }

    /// `place` as the owner corrected and noted it; nil when it needs no change.
    package func edited(_ place: Place, categories: [PlaceCategory]) -> Place? {
        guard let entry = changes[place.id], entry.hidden == nil else { return nil }
        var edited = place
        if let correction = entry.correction {
            edited = correction.applied(to: edited)
            edited.category = edited.category.resolved(in: categories)
            // A correction to a kind the guide does not hold keeps the data's kind rather than lose
            // the place.
            if !categories.contains(edited.category) { edited.category = place.category }
        }
        if let note = entry.note { edited.ownerNote = note }
        return edited
    }

    /// Corrections, notes and hidden marks whose place the data (`isInData`) no longer has: kept in
    /// the store, and reported by the build so the owner can remove them or wait for the place to
    /// return.
    package func unmatched(isInData: (PlaceID) -> Bool) -> [(id: PlaceID, entry: GuideStore.Entry)]
    {
        changes.filter {
            !isInData($0.key) && ($0.value.correction != nil || $0.value.hidden != nil)
        }
        .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension GuideStore {
    /// `places` (the data's) as the owner edited them, hidden ones too (so `place unhide` and
    /// `rate` can name them), then the owner's own places: what the terminal commands resolve a
    /// PLACE among.
    package func editedPlaces(_ places: [Place], settings: SiteSettings) -> [Place] {
        let edits = PlaceEdits(store: self, settings: settings)
        guard !edits.isEmpty else { return places }
        var result = places.map { place in
            if entries[place.id]?.hidden != nil { return place }
            return edits.edited(place, categories: settings.categories) ?? place
        }
        result += edits.ownPlaces
        return result
    }

    /// Whether any entry adds, corrects, notes, hides or shows photos of a place.
    package var hasPlaceEdits: Bool { entries.values.contains { $0.editsPlace } }

    /// A hash of every edit to the guide's places, photos included (not of ratings and favorites):
    /// part of the key of the base a build keeps, so a base is never reused across a change to
    /// them.
    package var placeEditsDigest: String {
        var edits = GuideStore()
        for (id, entry) in entries where entry.editsPlace {
            edits.entries[id] = Entry(
                own: entry.own, correction: entry.correction, hidden: entry.hidden,
                note: entry.note,
                photos: entry.photos)
        }
        var hasher = ContentHasher()
        hasher.combine("beacon-place-edits-1")
        hasher.combine(edits.encodedBytes)
        return hasher.hex
    }

    /// The owner's own places, by id.
    package var ownPlaces: [(id: PlaceID, own: OwnPlace)] {
        entries.compactMap { id, entry in entry.own.map { (id, $0) } }.sorted { $0.id < $1.id }
    }

    /// Adds an own place and returns its id: `own/` and a hash of its name and position, so adding
    /// (or importing) the same place again finds the same id; another place that happens to hash
    /// alike gets the next free suffix.
    package mutating func addOwnPlace(_ own: OwnPlace, note: String? = nil) -> PlaceID {
        var hasher = FNV1a.hash(TextFolding.searchKey(own.name).utf8)
        hasher = FNV1a.hash(
            MachineNumber.decimal(own.coordinate.latitude, places: 5).utf8, startingAt: hasher)
        hasher = FNV1a.hash(
            MachineNumber.decimal(own.coordinate.longitude, places: 5).utf8, startingAt: hasher)
        let stem = "own/" + String(hasher, radix: 36)
        var id = PlaceID(rawValue: stem)
        var suffix = 2
        while let existing = entries[id], existing.own != nil || existing.snapshot != nil {
            if existing.own == own { return id }
            id = PlaceID(rawValue: "\(stem)-\(suffix)")
            suffix += 1
        }
        var entry = entries[id] ?? Entry()
        entry.own = own
        entry.note = note ?? entry.note
        entry.snapshot = PlaceSnapshot(own.place(id: id, note: nil))
        entries[id] = entry
        return id
    }

    /// Replaces an own place's details (the id stays, so its ratings and page stay).
    package mutating func updateOwnPlace(_ id: PlaceID, _ own: OwnPlace) {
        guard var entry = entries[id], entry.own != nil else { return }
        entry.own = own
        entry.snapshot = PlaceSnapshot(own.place(id: id, note: nil))
        entries[id] = entry
    }

    /// Removes an own place with its ratings and favorite mark; returns false when `id` is not one.
    @discardableResult
    package mutating func removeOwnPlace(_ id: PlaceID) -> Bool {
        guard entries[id]?.own != nil else { return false }
        entries[id] = nil
        return true
    }

    /// Merges `correction` into the place's (fields not given keep their earlier correction).
    package mutating func correct(_ place: Place, with correction: PlaceCorrection) {
        var entry = entries[place.id] ?? Entry()
        var merged = entry.correction ?? PlaceCorrection(correctedOn: correction.correctedOn)
        if let name = correction.name { merged.name = name }
        if let category = correction.category { merged.category = category }
        if let address = correction.address { merged.address = address }
        if let openingHours = correction.openingHours { merged.openingHours = openingHours }
        if let website = correction.website { merged.website = website }
        if let phone = correction.phone { merged.phone = phone }
        merged.correctedOn = correction.correctedOn
        entry.correction = merged
        if entry.snapshot == nil { entry.snapshot = PlaceSnapshot(place) }
        entries[place.id] = entry
    }

    /// Drops the owner's corrections of a place; returns false when there were none.
    @discardableResult
    package mutating func removeCorrection(_ id: PlaceID) -> Bool {
        guard var entry = entries[id], entry.correction != nil else { return false }
        entry.correction = nil
        entries[id] = entry.isEmpty ? nil : entry
        return true
    }

    /// Sets or clears (nil) the owner's note on a place.
    package mutating func setNote(_ note: String?, on place: Place) {
        var entry = entries[place.id] ?? Entry()
        entry.note = note
        if entry.snapshot == nil { entry.snapshot = PlaceSnapshot(place) }
        entries[place.id] = entry.isEmpty ? nil : entry
    }

    /// Returns false when it was already hidden.
    @discardableResult
    package mutating func hide(_ place: Place, _ mark: HiddenMark) -> Bool {
        var entry = entries[place.id] ?? Entry()
        let wasHidden = entry.hidden != nil
        // Hidden again: the first date stays, and a reason given now replaces the old one.
        entry.hidden = HiddenMark(
            since: entry.hidden?.since ?? mark.since, reason: mark.reason ?? entry.hidden?.reason)
        // Kept, so `place unhide` can name it while the guide leaves it out.
        entry.snapshot = PlaceSnapshot(place)
        entries[place.id] = entry
        return !wasHidden
    }

    /// Returns false when it was not hidden.
    @discardableResult
    package mutating func unhide(_ id: PlaceID) -> Bool {
        guard var entry = entries[id], entry.hidden != nil else { return false }
        entry.hidden = nil
        entries[id] = entry.isEmpty ? nil : entry
        return true
    }
}
