/// The word a mistyped command or option most likely meant, as git and cargo suggest it: `biuld` is
/// `build`, `--qiet` is `--quiet`. Only a near miss is suggested, so a word that is simply wrong
/// gets no guess.
enum ClosestWord {
    /// The nearest of `words` to `typed` by edits (a letter added, removed, changed, or two
    /// swapped), ignoring case, when it is at most two edits away and fewer than half of `typed`'s
    /// letters; nil when none is, or when two are equally near.
    static func to(_ typed: String, among words: [String]) -> String? {
        let typed = Array(typed.lowercased())
        let scored = words.map { (word: $0, distance: distance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
            best.distance <= 2, best.distance * 2 < typed.count,
            scored.filter({ $0.distance == best.distance }).count == 1
        else { return nil }
        return best.word
    }

    /// The optimal string alignment distance (Levenshtein with adjacent swaps).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
