/// What each feature of a places file gave the last build, by a hash of the
/// feature's bytes, so that parsing an edited file again decodes only the
/// features that changed: the rest are the places the guide's base already
/// holds. A renamed place in a 100,000-place file is one feature to parse,
/// not 100,000.
///
/// Kept with the base (`GuideBaseArchive`) and valid only for the decoder
/// that made it (`key`: the binary and the default category).
package struct FeatureMemo: Sendable, Equatable {
    /// What a feature gave: the base's entry at an index, or a reason to skip it.
    package enum Outcome: Sendable, Equatable {
        case entry(Int)
        case skipped(PlacesDecoder.SkippedFeature.Reason)
    }

    /// Names the decoder the outcomes hold for.
    package var key: String
    /// Per remembered feature: the hash of its bytes and what it gave. A
    /// feature skipped as a duplicate is not remembered (what it gives
    /// depends on the features before it).
    package var outcomes: [(hash: UInt64, outcome: Outcome)]

    package init(key: String, outcomes: [(hash: UInt64, outcome: Outcome)]) {
        self.key = key
        self.outcomes = outcomes
    }

    package static func == (a: FeatureMemo, b: FeatureMemo) -> Bool {
        a.key == b.key && a.outcomes.count == b.outcomes.count
            && zip(a.outcomes, b.outcomes).allSatisfy { $0.hash == $1.hash && $0.outcome == $1.outcome }
    }

    /// The memo of a file just decoded (`trace`) whose places became the
    /// base's entries in `order` (entry i is the decoder's place `order[i]`).
    package static func make(key: String, trace: PlacesDecoder.Trace, order: [Int]) -> FeatureMemo {
        let hashes = trace.featureHashes
        var outcomes = [Outcome?](repeating: nil, count: hashes.count)
        // Places past the decoder's (the owner's own, appended by `GuideAssembler`) have no feature.
        for (entry, placeIndex) in order.enumerated() where placeIndex < trace.placeFeatures.count {
            outcomes[trace.placeFeatures[placeIndex]] = .entry(entry)
        }
        for skipped in trace.skipped {
            if case .duplicate = skipped.reason { continue }
            outcomes[skipped.index] = .skipped(skipped.reason)
        }
        var remembered: [(hash: UInt64, outcome: Outcome)] = []
        remembered.reserveCapacity(hashes.count)
        for (hash, outcome) in zip(hashes, outcomes) {
            guard let outcome else { continue }
            remembered.append((hash, outcome))
        }
        return FeatureMemo(key: key, outcomes: remembered)
    }

}

/// A memo with the base its entries index: answers, for a feature's hash,
/// what the feature gives without parsing it.
package struct FeatureReuse: Sendable {
    /// The memo's features in the file's order.
    private let remembered: [(hash: UInt64, outcome: FeatureMemo.Outcome)]
    /// The place of the base's entry at an index.
    private let entryPlace: @Sendable (Int) -> Place

    /// Nil when the memo was made by another decoder (`key`) or does not fit the base.
    package init?(memo: FeatureMemo, base: GuideBase, key: String) {
        self.init(memo: memo, inDataCount: base.inDataCount, key: key) { base.entries[$0].place }
    }

    /// The same for a base opened in place: a place is decoded when asked for.
    package init?(memo: FeatureMemo, base: MappedGuideBase, key: String) {
        self.init(memo: memo, inDataCount: base.inDataCount, key: key) { base.entry($0).place }
    }

    private init?(memo: FeatureMemo, inDataCount: Int, key: String, entryPlace: @escaping @Sendable (Int) -> Place) {
        guard memo.key == key else { return nil }
        for (_, outcome) in memo.outcomes {
            if case .entry(let index) = outcome, !(0..<inDataCount).contains(index) { return nil }
        }
        remembered = memo.outcomes
        self.entryPlace = entryPlace
    }

    /// Up to this many features not found at their own position are parsed rather than looked up
    /// (`byHash` would cost more: at 100,000 features, milliseconds).
    static let fewMisses = 64

    var rememberedCount: Int { remembered.count }

    /// What the memo's feature at `position` gave, when it has this hash.
    func outcome(hash: UInt64, at position: Int) -> FeatureMemo.Outcome? {
        position < remembered.count && remembered[position].hash == hash ? remembered[position].outcome : nil
    }

    /// What each remembered feature gave, by hash (the first of equal ones).
    func byHash() -> [UInt64: FeatureMemo.Outcome] {
        var outcomes: [UInt64: FeatureMemo.Outcome] = [:]
        outcomes.reserveCapacity(remembered.count)
        for (hash, outcome) in remembered where outcomes[hash] == nil { outcomes[hash] = outcome }
        return outcomes
    }

    /// The place of the base's entry `index` (an `Outcome.entry`).
    package func place(entry index: Int) -> Place { entryPlace(index) }
}
