/// A language the published guide is written in. The terminal always speaks
/// bokmål; the pages speak each of the site's `languages`.
package enum Language: String, CaseIterable, Sendable, Hashable {
    /// Norwegian bokmål.
    case nb
    /// Norwegian nynorsk.
    case nn
    /// English.
    case en

    /// The language's own name, as its switcher link says it ("Bokmål", "Nynorsk", "English").
    package var ownName: String {
        switch self {
        case .nb: "Bokmål"
        case .nn: "Nynorsk"
        case .en: "English"
        }
    }

    /// `og:locale`: "nb_NO", "nn_NO", "en_GB".
    package var openGraphLocale: String {
        switch self {
        case .nb: "nb_NO"
        case .nn: "nn_NO"
        case .en: "en_GB"
        }
    }

    /// Whether the language writes a decimal comma and groups thousands with a space.
    var isNorwegian: Bool { self != .en }

    /// Parses a code from the settings ("nb", "nn", "en"; case ignored).
    package init?(code: String) {
        self.init(rawValue: code.lowercased())
    }
}

/// Which languages a site publishes, and where: the first at the site root,
/// each other one in a folder named by its code, with the same paths below it.
package struct SiteLanguages: Sendable, Hashable {
    /// Never empty, no repeats; the first is the main language.
    package let all: [Language]

    package init(_ languages: [Language]) {
        var seen = Set<Language>()
        let unique = languages.filter { seen.insert($0).inserted }
        all = unique.isEmpty ? [.nb] : unique
    }

    package static let bokmålOnly = SiteLanguages([.nb])

    package var main: Language { all[0] }

    /// "" for the main language, "nn/" for nynorsk when it is not the main one.
    package func folder(of language: Language) -> String {
        language == main ? "" : language.rawValue + "/"
    }
}
