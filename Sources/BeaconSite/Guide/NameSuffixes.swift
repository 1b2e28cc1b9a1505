import BeaconModel
import BeaconSystem

/// What tells apart places that share a name (a chain: nine «Nando's»): each gets a suffix from its
/// own address, shown after the name on cards, pages and pins («Nando's · Princes Street»). Worked
/// out when the guide's base is made, from the data alone, so it is the same on every page and in
/// every language.
///
/// Per place, the first of these that no other place of the name shares: the street, the street and
/// house number, the postcode. When none is its own, the first it has (still honest, if not
/// unique); when it has none of them, nothing: a made-up distinction would be worse than none.
package enum NameSuffixes {
    /// The suffix of each of `count` places (`place(i)` gives the i-th's name and address), in that
    /// order; nil for a name no other place has, and for a place whose address holds nothing to
    /// tell it by. The names are hashed on all cores and only places whose name's hash another has
    /// are looked at again (most names are their own), each such group on its own, on all cores
    /// (done one place at a time, it added a tenth to a 100,000-place full build).
    static func suffixes(
        count: Int, place: @Sendable (Int) -> (name: String, address: PostalAddress)
    ) -> [String?] {
        let hashes = ParallelChunks.map(count: count, chunkSize: 4_096) {
            FNV1a.hash(place($0).name.utf8)
        }
        var firstOfHash: [UInt64: Int] = [:]
        firstOfHash.reserveCapacity(count)
        var groups: [Int: [Int]] = [:]  // by the index of the hash's first place
        for index in 0..<count {
            if let first = firstOfHash.updateValue(index, forKey: hashes[index]) {
                firstOfHash[hashes[index]] = first
                groups[first, default: [first]].append(index)
            }
        }
        let shared = Array(groups.values)
        let chosen = ParallelChunks.map(count: shared.count, chunkSize: 64) {
            group -> [(Int, String?)] in
            let members = shared[group].map { (index: $0, place: place($0)) }
            // The same hash, not always the same name: each name apart (mostly it is one name).
            let first = members[0].place.name
            let names: [[(index: Int, place: (name: String, address: PostalAddress))]] =
                members.allSatisfy { $0.place.name == first }
                ? [members] : Array(Dictionary(grouping: members, by: \.place.name).values)
            var chosen: [(Int, String?)] = []
            for members in names where members.count > 1 {
                let ranked = members.map { candidates($0.place.address) }
                // How many of the name have each candidate, per rank.
                var counts = [[Candidate: Int]](repeating: [:], count: ranks)
                for rank in 0..<ranks { counts[rank].reserveCapacity(members.count) }
                for own in ranked {
                    for (rank, value) in own.enumerated() {
                        if let value { counts[rank][value, default: 0] += 1 }
                    }
                }
                for (member, own) in zip(members, ranked) {
                    chosen.append((member.index, choose(own, counts: counts)))
                }
            }
            return chosen
        }
        var suffixes = [String?](repeating: nil, count: count)
        for group in chosen { for (member, suffix) in group { suffixes[member] = suffix } }
        return suffixes
    }

    static let ranks = 3

    /// A candidate as its parts, so none is joined into a string unless it is chosen.
    struct Candidate: Hashable {
        var text: String
        var number: String?
        /// Where the number goes: after the street in most of Europe, before it in Britain and
        /// others.
        var numberFirst = false

        var shown: String { number.map { numberFirst ? $0 + " " + text : text + " " + $0 } ?? text }
    }

    /// Street, street and number, postcode (`ranks` of them): each nil when the address lacks it.
    static func candidates(_ address: PostalAddress) -> [Candidate?] {
        let street = address.street
        return [
            street.map { Candidate(text: $0) },
            street.flatMap { street in
                address.houseNumber.map {
                    Candidate(text: street, number: $0, numberFirst: address.numberComesFirst)
                }
            },
            address.postcode.map { Candidate(text: $0) },
        ]
    }

    /// The first of `own` that no other place's candidate at that rank equals (`counts`: per rank,
    /// how many places of the name have each); else the first it has.
    static func choose(_ own: [Candidate?], counts: [[Candidate: Int]]) -> String? {
        for (rank, value) in own.enumerated() {
            if let value, counts[rank][value] == 1 { return value.shown }
        }
        return own.lazy.compactMap { $0 }.first?.shown
    }

    /// «Nando's · Princes Street»: the name as every page shows it.
    package static func displayName(_ name: String, suffix: String?) -> String {
        suffix.map { name + separator + $0 } ?? name
    }

    /// Between the name and its suffix.
    package static let separator = " · "
}
