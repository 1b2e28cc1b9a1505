import Glibc

extension GuideBase {
    /// A place of the data whose feature was edited where it stands: the
    /// same id, position and category, so only its own pages show the edit.
    package struct EditedPlace: Sendable, Equatable {
        package var id: PlaceID
        package var oldSlug: String
        package var newSlug: String
    }

    /// What `MappedGuideBase.patch(with:memoKey:store:settings:)` did.
    package struct Patch: Sendable {
        /// Places that look different now (an edit that changed nothing visible is not here).
        package var edited: [EditedPlace]
        /// Features that gave no place, in the file's order, as `PlacesDecoder.decode` reports them.
        package var skipped: [PlacesDecoder.SkippedFeature]
    }
}

extension MappedGuideBase {
    /// Takes an edited places file's features into this base, the last
    /// build's (made with the same settings from the file before the edit,
    /// its memo the one `features` were decoded with), when every change is a
    /// place edited where it stands: a feature that now decodes to a place
    /// with the same id, coordinates and category as an entry, under a name
    /// whose slug no other place has. The base is then exactly the one
    /// `GuideAssembler.base` would make of the new file, at the cost of the
    /// edited places alone: a renamed place in a 100,000-place guide does not
    /// sort, slug, copy or even decode the other 99,999 (ids and slugs are
    /// compared as the archive's bytes).
    ///
    /// Nil, with the base untouched, when anything else changed: a place
    /// added, removed or moved, a category changed, a slug clash (now or in
    /// this base), or favorites outside the data that no longer fit `store`.
    /// On success each edited place is moved out of `features`.
    package mutating func patch(
        with features: inout PlacesDecoder.Features, memoKey: String, store: GuideStore,
        settings: SiteSettings
    ) -> GuideBase.Patch? {
        // The owner's edits are applied where a base is made; a patch takes the file's places as they are.
        guard inDataCount > 0, !slugsClashed, featureMemo?.key == memoKey, !store.hasPlaceEdits,
            fits(store, settings: settings)
        else {
            return nil
        }
        let unnamed = PathWords(settings.languages.main).unnamedPlace
        guard let entryOfID = entriesOfParsedPlaces(in: features),
            let matched = matchedInFileOrder(features, entryOfID: entryOfID),
            let newSlugs = newSlugs(
                of: matched.edits, in: features, language: settings.languages.main, unnamed: unnamed),
            var newSuffixes = newNameSuffixes(of: matched.edits, in: features, unnamed: unnamed)
        else { return nil }
        let (edits, skipped, memo) = matched

        var edited: [GuideBase.EditedPlace] = []
        for (feature, entry, old) in edits {
            guard case .parsed(let place) = features.outcomes[feature] else { continue }
            features.outcomes[feature] = .skipped(.noName)  // moved, not copied
            let slug = newSlugs[entry] ?? old.slug
            let suffix = newSuffixes.removeValue(forKey: entry) ?? old.nameSuffix
            if place != old.place || slug != old.slug || suffix != old.nameSuffix {
                edited.append(GuideBase.EditedPlace(id: place.id, oldSlug: old.slug, newSlug: slug))
            }
            replaced[entry] = GuideBase.Entry(
                place: place, distanceMetres: old.distanceMetres, slug: slug, nameSuffix: suffix)
        }
        // Places of an edited place's name, old or new, that read differently now: shown anew, not edited.
        for (entry, suffix) in newSuffixes.sorted(by: { $0.key < $1.key }) {
            var relabelled = self.entry(entry)
            relabelled.nameSuffix = suffix
            edited.append(
                GuideBase.EditedPlace(id: relabelled.place.id, oldSlug: relabelled.slug, newSlug: relabelled.slug))
            replaced[entry] = relabelled
        }
        featureMemo = FeatureMemo(key: memoKey, outcomes: memo)
        return GuideBase.Patch(edited: edited, skipped: skipped)
    }

    /// The entry each place parsed from `features` stands for, by id; nil when a place is new to the base.
    /// An edit keeps the feature's position in the file, so the memo's outcome there is tried first.
    private func entriesOfParsedPlaces(in features: PlacesDecoder.Features) -> [PlaceID: Int]? {
        let dataCount = inDataCount
        let memoOutcomes = featureMemo!.outcomes
        let aligned = memoOutcomes.count == features.outcomes.count
        var entryOfID: [PlaceID: Int] = [:]
        var unresolved: [PlaceID] = []
        for (index, outcome) in features.outcomes.enumerated() {
            guard case .parsed(let place) = outcome else { continue }
            if aligned, case .entry(let entry) = memoOutcomes[index].outcome, entry < dataCount,
                hasID(place.id, entry: entry)
            {
                entryOfID[place.id] = entry
            } else if entryOfID[place.id] == nil {
                entryOfID[place.id] = -1
                unresolved.append(place.id)
            }
        }
        if !unresolved.isEmpty {
            let wanted = PlaceIDTable(unresolved.map { ($0, ()) })
            for entry in 0..<dataCount {
                guard
                    let (id, _) = replaced[entry].map({ wanted.value(for: $0.place.id) })
                        ?? value(in: wanted, forEntry: entry), entryOfID[id] == -1
                else { continue }
                entryOfID[id] = entry
            }
            guard !entryOfID.values.contains(-1) else { return nil }
        }
        return entryOfID
    }

    /// Features and entries matched in the file's order, which decides which of two features with one id
    /// counts (as in `PlacesDecoder.collect`): the places edited where they stand, the skipped features and
    /// the new memo. Nil when a place moved, changed category, or an entry has no feature left.
    private func matchedInFileOrder(_ features: PlacesDecoder.Features, entryOfID: [PlaceID: Int]) -> (
        edits: [(feature: Int, entry: Int, old: GuideBase.Entry)], skipped: [PlacesDecoder.SkippedFeature],
        memo: [(hash: UInt64, outcome: FeatureMemo.Outcome)]
    )? {
        let dataCount = inDataCount
        var taken = [Bool](repeating: false, count: dataCount)
        var takenCount = 0
        var edits: [(feature: Int, entry: Int, old: GuideBase.Entry)] = []
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
                if !taken[entry] {
                    let old = self.entry(entry)
                    guard place.coordinate == old.place.coordinate, place.category == old.place.category else {
                        return nil
                    }
                    edits.append((index, entry, old))
                }
            }
            guard !taken[entry] else {
                skipped.append(PlacesDecoder.SkippedFeature(index: index, reason: .duplicate(id(of: entry))))
                continue
            }
            taken[entry] = true
            takenCount += 1
            memo.append((hash, .entry(entry)))
        }
        guard takenCount == dataCount else { return nil }
        return (edits, skipped, memo)
    }

    /// The edited places' new slugs by entry (their own base slug, where it changed); nil when one of them
    /// is another place's.
    private func newSlugs(
        of edits: [(feature: Int, entry: Int, old: GuideBase.Entry)], in features: PlacesDecoder.Features,
        language: Language, unnamed: String
    ) -> [Int: String]? {
        var newSlugs: [Int: String] = [:]
        for (feature, entry, old) in edits {
            guard case .parsed(let place) = features.outcomes[feature] else { continue }
            let slug = SlugAssigner.baseSlug(
                id: place.id, name: place.slugName(in: language, unnamed: unnamed), unnamed: unnamed)
            if slug != old.slug { newSlugs[entry] = slug }
        }
        if !newSlugs.isEmpty {
            let wanted = Set(newSlugs.values)
            guard wanted.count == newSlugs.count, !slugTaken(wanted, exceptBy: Set(newSlugs.keys)) else { return nil }
        }
        return newSlugs
    }

    /// The name suffixes (`NameSuffixes`) the edits change, by entry (the edited places' own among them):
    /// worked out again for every place of a name that an edited place had or has now. One name gives one
    /// slug stem, and in a base without clashes every slug is its stem and a 6-character hash, so those
    /// places are found from their slugs' bytes and only they are decoded (a stem two names share only
    /// brings in a few more). Nil when a favorite outside the data would change (those are not patched).
    private func newNameSuffixes(
        of edits: [(feature: Int, entry: Int, old: GuideBase.Entry)], in features: PlacesDecoder.Features,
        unnamed: String
    ) -> [Int: String?]? {
        var stems = Set<String>()
        var editedPlaces: [Int: Place] = [:]
        for (feature, entry, old) in edits {
            guard case .parsed(let place) = features.outcomes[feature] else { continue }
            editedPlaces[entry] = place
            guard place.name != old.place.name || place.address != old.place.address else { continue }
            let oldStem = TextFolding.placeSlugStem(old.place.name, unnamed: unnamed)
            let newStem = TextFolding.placeSlugStem(place.name, unnamed: unnamed)
            // A name without a letter a URL keeps: the slugs of the places of that name come from their other
            // names (`Place.slugName`), so their stems do not find them all. Such an edit is not patched.
            guard oldStem != unnamed, newStem != unnamed else { return nil }
            stems.insert(oldStem)
            stems.insert(newStem)
        }
        guard !stems.isEmpty else { return [:] }
        let hashLength = 7  // "-" and the id's 6-character hash
        let wanted = stems.map { Array($0.utf8) }
        let lengths = Set(wanted.map { $0.count + hashLength })
        let held = replacedFlags()
        var members: [(entry: Int, current: GuideBase.Entry)] = []
        for entry in outlines.indices {
            let sharesStem: Bool
            if held[entry], let replacedEntry = replaced[entry] {
                let stem = Array(replacedEntry.slug.utf8).dropLast(hashLength)
                sharesStem = wanted.contains { stem.elementsEqual($0) }
            } else {
                // Most slugs differ in length from the few stems: told so from the outline alone.
                guard lengths.contains(Int(outlines[entry].slugLength)) else { continue }
                let slug = archivedSlug(entry)
                let stem = slug.lowerBound..<max(slug.lowerBound, slug.upperBound - hashLength)
                sharesStem = wanted.contains { archive.file.bytes(stem, equal: $0) }
            }
            if sharesStem { members.append((entry, self.entry(entry))) }
        }
        // Every place of those names is here (a name with a letter a URL keeps is its slug's stem), so each
        // name's group is whole. A place whose slug came from another name of it (`Place.slugName`) is of
        // another name: left out, its group is not here.
        members.removeAll { member in
            let place = editedPlaces[member.entry] ?? member.current.place
            return !stems.contains(TextFolding.placeSlugStem(place.name, unnamed: unnamed))
        }
        let places = members.map { editedPlaces[$0.entry] ?? $0.current.place }
        let suffixes = NameSuffixes.suffixes(count: places.count) { (places[$0].name, places[$0].address) }
        var changed: [Int: String?] = [:]
        for (member, suffix) in zip(members, suffixes) where suffix != member.current.nameSuffix {
            guard member.entry < inDataCount else { return nil }
            changed[member.entry] = suffix
        }
        return changed
    }

    /// Whether this base is still the one `store` would give (`GuideBase.fits`), the store's favorites
    /// found among the data's places by their id bytes.
    func fits(_ store: GuideStore, settings: SiteSettings) -> Bool {
        let favorites = store.favoriteIDs
        if favorites.isEmpty { return outside.isEmpty }
        let table = PlaceIDTable(favorites.map { ($0, ()) })
        var inData = Set<PlaceID>()
        for (_, entry) in replaced {
            if let (id, _) = table.value(for: entry.place.id) { inData.insert(id) }
        }
        let held = replacedFlags()
        for entry in 0..<inDataCount where !held[entry] {
            if let (id, _) = value(in: table, forEntry: entry) { inData.insert(id) }
        }
        return GuideBase.fits(outside: outside, store: store, settings: settings, favoritesInData: inData)
    }

    private func hasID(_ id: PlaceID, entry: Int) -> Bool {
        if let held = replaced[entry] { return held.place.id == id }
        return archive.file.bytes(archive.idRange(at: outlines[entry].offset), equal: id.rawValue.utf8)
    }

    private func id(of entry: Int) -> PlaceID {
        replaced[entry]?.place.id ?? PlaceID(rawValue: archive.file.string(archive.idRange(at: outlines[entry].offset)))
    }

    /// Whether an entry other than `exceptBy` has one of `slugs` (compared as the archive's bytes; most differ in length).
    private func slugTaken(_ slugs: Set<String>, exceptBy: Set<Int>) -> Bool {
        let wanted = slugs.map { Array($0.utf8) }
        let lengths = wanted.map(\.count)
        if replaced.contains(where: { !exceptBy.contains($0.key) && slugs.contains($0.value.slug) }) { return true }
        let held = replacedFlags()
        return outlines.indices.contains { entry in
            // Most slugs differ in length from the few wanted: told so from the outline alone.
            guard lengths.contains(Int(outlines[entry].slugLength)), !held[entry], !exceptBy.contains(entry) else {
                return false
            }
            let slug = archivedSlug(entry)
            return wanted.contains { archive.file.bytes(slug, equal: $0) }
        }
    }
}
