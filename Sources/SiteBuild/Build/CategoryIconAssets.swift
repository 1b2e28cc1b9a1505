import BeaconModel
import BeaconSystem
import FoundationEssentials
import Templates

/// The category symbols as the stylesheet draws them: a rule per symbol (`.cat-icon--bar`), its SVG
/// as a data URL. A mask image is fetched in CORS mode, so a file URL would leave a guide opened
/// from disk (`file://`) without symbols; inlined, they also cost no request each. The built-in
/// SVGs (`assets/icons/`, which the site's own folder may replace) and the owner's own (`"icon":
/// "gelato.svg"`, the file in the site's `assets/icons/`, checked first) are inlined alike, and
/// none is published as a file: shown through a mask, an SVG's scripts and links never run, but
/// opened at its own address on the site's origin they would (an icon found on the web may carry
/// `<script>` or `onload`).
extension AssetBundle {
    static let ownIconLimitBytes = 64 << 10
    static let iconFolder = "assets/icons/"

    /// The bundle fitted to the guide's `categories`: a rule for every built-in symbol and each own
    /// one added to the stylesheet, every file of `assets/icons/` (now in it) and the link-preview
    /// images of presets the guide does not hold left out of the output; throws when an own icon's
    /// file is missing or no SVG.
    package func fitted(to categories: [PlaceCategory]) throws(CategoryIconError) -> AssetBundle {
        var icons = CategoryIcon.builtInNames.map(CategoryIcon.builtIn)
        for category in categories {
            guard case .site(let file) = category.icon, !icons.contains(category.icon) else {
                continue
            }
            let path = "assets/" + category.icon.assetPath
            guard let bytes = files.first(where: { $0.path == path })?.bytes else {
                throw .missing(file: file, category: category.rawValue)
            }
            guard bytes.count <= AssetBundle.ownIconLimitBytes,
                CategoryIconError.looksLikeSVG(bytes)
            else {
                throw .notSVG(file: file, bytes: bytes.count, category: category.rawValue)
            }
            icons.append(category.icon)
        }
        var symbols: [(className: String, svg: AssetFile.Source)] = []
        for icon in icons {
            guard let svg = files.first(where: { $0.path == "assets/" + icon.assetPath })?.source
            else { continue }
            symbols.append((icon.className, svg))
        }
        var bundle = self
        var unused = Set<String>()
        for preset in PlaceCategory.builtIn where !categories.contains(preset) {
            unused.insert(SitePaths.shareImage(for: preset))
        }
        bundle.files.removeAll {
            unused.contains($0.path) || $0.path.hasPrefix(AssetBundle.iconFolder)
        }
        if let index = bundle.files.firstIndex(where: { $0.path == SitePaths.stylesheet }) {
            bundle.files[index].source = .withSymbolRules(
                bundle.files[index].source, symbols: symbols)
        }
        return bundle
    }
}

package enum CategoryIconError: UserFacingError {
    case missing(file: String, category: String)
    case notSVG(file: String, bytes: Int, category: String)

    /// An SVG document: `<svg`, perhaps after an XML declaration, comments or a doctype.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        return head.contains("<svg")
    }

    package var exitStatus: ExitStatus { .dataError }

    package var userMessage: String {
        switch self {
        case .missing(let file, let category):
            "Kategorien «\(category)» har ikonet \(file), men assets/icons/\(file) finnes ikke i nettstedsmappen. "
                + "Legg SVG-filen der, eller velg et innebygd ikon (sitegen categories viser dem)."
        case .notSVG(let file, let bytes, let category):
            "Ikonet til kategorien «\(category)», assets/icons/\(file), er ikke en SVG-fil på høyst "
                + "\(AssetBundle.ownIconLimitBytes >> 10) kB (den er \(FileSystem.describe(bytes: bytes))). "
                + "Et kategoriikon er en liten SVG, tegnet i svart på gjennomsiktig bakgrunn."
        }
    }
}
