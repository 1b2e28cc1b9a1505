import BeaconCore
import FoundationEssentials
import Templates

/// The owner's own category symbols (`"icon": "gelato.svg"` in the settings, the file in the site's
/// `assets/icons/`): checked before anything is rendered, and drawn by a rule added to the stylesheet, as
/// the built-in ones are (`.cat-icon--NAME` in beacon.css). Shown through a CSS mask, an SVG's scripts and
/// links never run, so the file needs no sanitising: only to be one.
extension AssetBundle {
    static let ownIconLimitBytes = 64 << 10

    /// The bundle with a rule for each own icon of `categories`; throws when a file is missing or no SVG.
    func withCategoryIcons(_ categories: [PlaceCategory]) throws(CategoryIconError) -> AssetBundle {
        var rules = ""
        var seen = Set<String>()
        for category in categories {
            guard case .site(let file) = category.icon, seen.insert(file).inserted else { continue }
            let path = "assets/" + category.icon.assetPath
            guard let bytes = files.first(where: { $0.path == path })?.bytes else {
                throw .missing(file: file, category: category.rawValue)
            }
            guard bytes.count <= AssetBundle.ownIconLimitBytes, CategoryIconError.looksLikeSVG(bytes) else {
                throw .notSVG(file: file, bytes: bytes.count, category: category.rawValue)
            }
            let url = category.icon.assetPath
            rules +=
                ".\(category.icon.className)::before { -webkit-mask-image: url(\(url)); mask-image: url(\(url)); }\n"
        }
        guard !rules.isEmpty, let index = files.firstIndex(where: { $0.path == SitePaths.stylesheet }) else {
            return self
        }
        var bundle = self
        bundle.files[index].bytes += Array(("\n/* The site's own category icons (assets/icons/). */\n" + rules).utf8)
        return bundle
    }
}

enum CategoryIconError: UserFacingError {
    case missing(file: String, category: String)
    case notSVG(file: String, bytes: Int, category: String)

    /// An SVG document: `<svg`, perhaps after an XML declaration, comments or a doctype.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        return head.contains("<svg")
    }

    var exitStatus: ExitStatus { .dataError }

    var userMessage: String {
        switch self {
        case .missing(let file, let category):
            "Kategorien «\(category)» har ikonet \(file), men assets/icons/\(file) finnes ikke i nettstedsmappen. "
                + "Legg SVG-filen der, eller velg et innebygd ikon (sitegen categories viser dem)."
        case .notSVG(let file, let bytes, let category):
            "Ikonet til kategorien «\(category)», assets/icons/\(file), er ikke en SVG-fil på høyst \(AssetBundle.ownIconLimitBytes >> 10) kB "
                + "(den er \(FileSystem.describe(bytes: bytes))). Et kategoriikon er en liten SVG, tegnet i svart "
                + "på gjennomsiktig bakgrunn."
        }
    }
}

extension AssetBundle {
    /// Rules drawing `categories`' symbols from data URLs, for the share file: one self-contained page that
    /// may load nothing (its Content-Security-Policy allows `data:` images only).
    func inlineCategoryIconRules(_ categories: [PlaceCategory]) -> String {
        var rules = ""
        var seen = Set<String>()
        for category in categories where seen.insert(category.icon.className).inserted {
            guard let bytes = files.first(where: { $0.path == "assets/" + category.icon.assetPath })?.bytes,
                bytes.count <= AssetBundle.ownIconLimitBytes, CategoryIconError.looksLikeSVG(bytes)
            else { continue }
            let url = "url(\"data:image/svg+xml;base64," + Data(bytes).base64EncodedString() + "\")"
            rules += ".\(category.icon.className)::before { -webkit-mask-image: \(url); mask-image: \(url); }\n"
        }
        return rules
    }
}
