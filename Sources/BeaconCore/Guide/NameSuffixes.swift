/// What tells apart places that share a name (a chain: nine «Nando's»): each gets a suffix from its own
/// address, shown after the name on cards, pages and pins («Nando's · Princes Street»). Worked out when
/// the guide's base is made, from the data alone, so it is the same on every page and in every language.
///
/// Per place, the first of these that no other place of the name shares: the street, the street and
/// house number, the postcode. When none is its own, the first it has (still honest, if not unique);
/// when it has none of them, nothing: a made-up distinction would be worse than none.
package enum NameSuffixes {
    /// The suffix of each of `count` places (`place(i)` gives the i-th's name and address), in that order;
    /// nil for a name no other place has, and for a place whose address holds nothing to tell it by.
    static func suffixes(count: Int, place: (Int) -> (name: String, address: PostalAddress)) -> [String?] {
        var suffixes = [String?](repeating: nil, count: count)
        var firstOfName: [String: Int] = [:]
        firstOfName.reserveCapacity(count)
        var groups: [Int: [Int]] = [:]  // by the index of the name's first place
        for index in 0..<count {
            let name = place(index).name
            if let first = firstOfName[name] {
                groups[first, default: [first]].append(index)
            } else {
                firstOfName[name] = index
            }
        }
        for members in groups.values {
            let ranked = members.map { candidates(place($0).address) }
            // How many of the name have each candidate, per rank: what is a place's own is counted once.
            var counts = [[String: Int]](repeating: [:], count: ranks)
            for own in ranked {
                for (rank, value) in own.enumerated() { if let value { counts[rank][value, default: 0] += 1 } }
            }
            for (position, member) in members.enumerated() {
                suffixes[member] = choose(ranked[position], counts: counts)
            }
        }
        return suffixes
    }

    static let ranks = 3

    /// Street, street and number, postcode (`ranks` of them): each nil when the address lacks it.
    static func candidates(_ address: PostalAddress) -> [String?] {
        let street = address.street
        let numbered = street.flatMap { street in address.houseNumber.map { street + " " + $0 } }
        return [street, numbered, address.postcode]
    }

    /// The first of `own` that no other place's candidate at that rank equals (`counts`: per rank, how many
    /// places of the name have each); else the first it has.
    static func choose(_ own: [String?], counts: [[String: Int]]) -> String? {
        for (rank, value) in own.enumerated() {
            if let value, counts[rank][value] == 1 { return value }
        }
        return own.lazy.compactMap { $0 }.first
    }

    /// «Nando's · Princes Street»: the name as every page shows it.
    package static func displayName(_ name: String, suffix: String?) -> String {
        suffix.map { name + separator + $0 } ?? name
    }

    /// Between the name and its suffix.
    package static let separator = " · "
}
