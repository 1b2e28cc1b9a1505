/// A place's name in the languages a guide can be written in, where the data gives one besides the
/// name on its sign (OpenStreetMap's `name:en`, `name:nb`, `name:nn`, `name:no`; Geoapify's
/// `name_international`), and the language that name is in, when the data says. So the English
/// guide to Kyoto reads «The Museum of Kyoto» where the sign, and the data's `name`, say
/// «京都府京都文化博物館».
package struct PlaceNames: Sendable, Hashable {
    package var english: String? {
        get { box?.fields.english }
        set { change { $0.english = newValue } }
    }
    package var bokmål: String? {
        get { box?.fields.bokmål }
        set { change { $0.bokmål = newValue } }
    }
    package var nynorsk: String? {
        get { box?.fields.nynorsk }
        set { change { $0.nynorsk = newValue } }
    }
    /// `name:no`: Norwegian, without saying which written form.
    package var norwegian: String? {
        get { box?.fields.norwegian }
        set { change { $0.norwegian = newValue } }
    }
    /// The language of the place's own name ("ja"), a two- or three-letter code: the pages mark
    /// that name with it, so that it is read aloud and drawn (Japanese, not Chinese, glyphs) as
    /// that language.
    package var nameLanguage: String? {
        get { box?.fields.nameLanguage }
        set { change { $0.nameLanguage = newValue } }
    }

    private struct Fields: Sendable, Hashable {
        var english, bokmål, nynorsk, norwegian, nameLanguage: String?
    }

    /// The fields, shared and never changed in place: most places have none, and every place is
    /// copied several times in a build, so a place pays one pointer for its names, as for its
    /// address.
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box?

    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = box?.fields ?? Fields()
        edit(&fields)
        box = fields == Fields() ? nil : Box(fields)
    }

    package static let none = PlaceNames()

    package init(
        english: String? = nil, bokmål: String? = nil, nynorsk: String? = nil,
        norwegian: String? = nil,
        nameLanguage: String? = nil
    ) {
        let fields = Fields(
            english: english, bokmål: bokmål, nynorsk: nynorsk, norwegian: norwegian,
            nameLanguage: nameLanguage)
        box = fields == Fields() ? nil : Box(fields)
    }

    package static func == (lhs: PlaceNames, rhs: PlaceNames) -> Bool {
        lhs.box === rhs.box || lhs.box?.fields == rhs.box?.fields
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(box?.fields) }

    package var isEmpty: Bool { box == nil }

    /// The name pages in `language` show for a place called `name`: its name in that language when
    /// the data has one. A Norwegian page falls back on the English name only for a name in another
    /// script than ours, which its readers could not read (a Swedish or French name stays as it
    /// is).
    package func name(in language: Language, for name: String) -> String {
        switch language {
        case .en: return english ?? name
        case .nb: return bokmål ?? norwegian ?? readableInNorwegian(name)
        case .nn: return nynorsk ?? norwegian ?? bokmål ?? readableInNorwegian(name)
        }
    }

    /// `name`, then each other name a page shows for it, once: what search and the command line
    /// answer to.
    package func allShown(for name: String) -> [String] {
        var names = [name]
        guard !isEmpty else { return names }
        for language in Language.allCases {
            let shown = self.name(in: language, for: name)
            if !names.contains(shown) { names.append(shown) }
        }
        return names
    }

    private func readableInNorwegian(_ name: String) -> String {
        guard let english, !PlaceNames.isLatinScript(name) else { return name }
        return english
    }

    /// `nameLanguage`, unless it is the page's own language (no mark needed).
    package func nameLanguage(differingFrom language: Language) -> String? {
        guard let nameLanguage else { return nil }
        let pageLanguages: Set<String> = language == .en ? ["en"] : ["nb", "nn", "no"]
        return pageLanguages.contains(nameLanguage) ? nil : nameLanguage
    }

    /// Whether every letter of `text` is a Latin one (digits, spaces and punctuation count as
    /// none).
    static func isLatinScript(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0..<0x250, 0x1E00..<0x1F00, 0x2C60..<0x2C80, 0xA720..<0xA800, 0xFF01..<0xFF5F: true
            // Combining marks, general punctuation and symbols: they belong to no script of their
            // own.
            case 0x300..<0x370, 0x2000..<0x2C00: true
            default: !scalar.properties.isAlphabetic
            }
        }
    }

    /// Whether `code` can be a language's code as `name:xx` tags and `lang` attributes write it:
    /// two or three lower-case ASCII letters.
    package static func isLanguageCode(_ code: Substring) -> Bool {
        (2...3).contains(code.utf8.count)
            && code.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    // MARK: A compact form for the guide's archive

    /// The fields as `key=value` pairs joined by U+001F, which cleaned text never holds
    /// (`TextHardening`); nil for none, so most places cost the archive one missing string.
    package var archived: String? {
        guard !isEmpty else { return nil }
        let fields: [(String, String?)] = [
            ("en", english), ("nb", bokmål), ("nn", nynorsk), ("no", norwegian),
            ("lang", nameLanguage),
        ]
        return fields.compactMap { key, value in value.map { key + "=" + $0 } }.joined(
            separator: "\u{1F}")
    }

    /// The names from `archived`; nil when the text is not of that form.
    package init?(archived text: String) {
        self.init()
        for field in text.split(separator: "\u{1F}") {
            guard let equals = field.firstIndex(of: "=") else { return nil }
            let value = String(field[field.index(after: equals)...])
            switch field[..<equals] {
            case "en": english = value
            case "nb": bokmål = value
            case "nn": nynorsk = value
            case "no": norwegian = value
            case "lang": nameLanguage = value
            default: return nil
            }
        }
    }
}

extension Place {
    /// What the place's slug is made from: its name, or, when that has no letter a URL keeps
    /// («京都府京都文化博物館»), the name the first language's pages show, else the English one
    /// (`the-museum-of-kyoto-p4bddx`, not `place-p4bddx`).
    package func slugName(in language: Language, unnamed: String) -> String {
        guard !names.isEmpty, TextFolding.placeSlugStem(name, unnamed: unnamed) == unnamed else {
            return name
        }
        for other in [names.name(in: language, for: name), names.english].compactMap({ $0 })
        where TextFolding.placeSlugStem(other, unnamed: unnamed) != unnamed {
            return other
        }
        return name
    }
}
