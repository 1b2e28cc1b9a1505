extension GuideBase {
    /// A place of the data whose feature was edited where it stands: the
    /// same id, position and category, so only its own pages show the edit.
    package struct EditedPlace: Sendable, Equatable {
        package var id: PlaceID
        package var oldSlug: String
        package var newSlug: String
    }

    /// What `patch(with:memoKey:)` did.
    package struct Patch: Sendable {
        /// Places that look different now (an edit that changed nothing visible is not here).
        package var edited: [EditedPlace]
        /// Features that gave no place, in the file's order, as `PlacesDecoder.decode` reports them.
        package var skipped: [PlacesDecoder.SkippedFeature]
    }

    /// Takes an edited places file's features into this base, the last
    /// build's (made with the same settings from the file before the edit,
    /// its memo the one `features` were decoded with), when every change is a
    /// place edited where it stands: a feature that now decodes to a place
    /// with the same id, coordinates and category as an entry, under a name
    /// whose slug no other place has. The base is then exactly the one
    /// `GuideAssembler.base` would make of the new file, at the cost of the
    /// edited places alone: a renamed place in a 100,000-place guide does not
    /// sort, slug or copy the other 99,999.
    ///
    /// Nil, with the base untouched, when anything else changed: a place
    /// added, removed or moved, a category changed, a slug clash (now or in
    /// this base), or favorites outside the data that no longer fit `store`.
    /// On success each edited place is moved out of `features`.
    package mutating func patch(with features: inout PlacesDecoder.Features, memoKey: String, store: GuideStore,
                                settings: SiteSettings) -> Patch? {
        guard inDataCount > 0, !slugsClashed, featureMemo?.key == memoKey, fits(store, settings: settings) else { return nil }
        let dataCount = inDataCount
        // The entry each parsed place stands for, by id (a place that is new to the base: no patch).
        // An edit keeps the feature's position in the file, so the memo's outcome there is tried first.
        let memoOutcomes = featureMemo!.outcomes
        let aligned = memoOutcomes.count == features.outcomes.count
        var entryOfID: [PlaceID: Int] = [:]
        var unresolved = 0
        entries.withUnsafeBufferPointer { entries in
            for (index, outcome) in features.outcomes.enumerated() {
                guard case .parsed(let place) = outcome else { continue }
                if aligned, case .entry(let entry) = memoOutcomes[index].outcome, entry < dataCount, entries[entry].place.id == place.id {
                    entryOfID[place.id] = entry
                } else if entryOfID[place.id] == nil {
                    entryOfID[place.id] = -1
                    unresolved += 1
                }
            }
            guard unresolved > 0 else { return }
            for entry in 0..<dataCount where entryOfID[entries[entry].place.id] == -1 {
                entryOfID[entries[entry].place.id] = entry
                unresolved -= 1
            }
        }
        guard unresolved == 0 else { return nil }

        // The file's order decides which of two features with one id counts, as in `PlacesDecoder.collect`.
        var taken = [Bool](repeating: false, count: dataCount)
        var takenCount = 0
        var edits: [(feature: Int, entry: Int)] = []
        var skipped: [PlacesDecoder.SkippedFeature] = []
        var memo: [(hash: UInt64, outcome: FeatureMemo.Outcome)] = []
        memo.reserveCapacity(features.outcomes.count)
        for (index, outcome) in features.outcomes.enumerated() {
            let hash = features.hashes[index]
            let entry: Int
            switch outcome {
            case .skipped(let reason):
                skipped.append(PlacesDecoder.SkippedFeature(index: index, reason: reason))
                if case .duplicate = reason { continue }
                memo.append((hash, .skipped(reason)))
                continue
            case .known(let known):
                guard known < dataCount else { return nil }
                entry = known
            case .parsed(let place):
                entry = entryOfID[place.id]!
                let old = entries[entry].place
                if !taken[entry] {
                    guard place.coordinate == old.coordinate, place.category == old.category else { return nil }
                    edits.append((index, entry))
                }
            }
            guard !taken[entry] else {
                skipped.append(PlacesDecoder.SkippedFeature(index: index, reason: .duplicate(entries[entry].place.id)))
                continue
            }
            taken[entry] = true
            takenCount += 1
            memo.append((hash, .entry(entry)))
        }
        guard takenCount == dataCount else { return nil }

        // The edited places' slugs: their own base slug, which no other place may have.
        var newSlugs: [Int: String] = [:]
        for (feature, entry) in edits {
            guard case .parsed(let place) = features.outcomes[feature] else { continue }
            let slug = SlugAssigner.baseSlug(id: place.id, name: place.name)
            if slug != entries[entry].slug { newSlugs[entry] = slug }
        }
        if !newSlugs.isEmpty {
            let wanted = Set(newSlugs.values)
            guard wanted.count == newSlugs.count else { return nil }
            let lengths = Set(wanted.map(\.utf8.count)) // a cheap test first: most slugs differ in length
            let clash = entries.withUnsafeBufferPointer { entries in
                entries.indices.contains { entry in
                    lengths.contains(entries[entry].slug.utf8.count) && newSlugs[entry] == nil && wanted.contains(entries[entry].slug)
                }
            }
            guard !clash else { return nil }
        }

        var edited: [EditedPlace] = []
        for (feature, entry) in edits {
            guard case .parsed(let place) = features.outcomes[feature] else { continue }
            features.outcomes[feature] = .skipped(.noName) // moved, not copied
            let slug = newSlugs[entry] ?? entries[entry].slug
            if place != entries[entry].place || slug != entries[entry].slug {
                edited.append(EditedPlace(id: place.id, oldSlug: entries[entry].slug, newSlug: slug))
            }
            entries[entry].place = place
            entries[entry].slug = slug
            archiveSource?.changed.insert(entry)
        }
        featureMemo = FeatureMemo(key: memoKey, outcomes: memo)
        return Patch(edited: edited, skipped: skipped)
    }
}
