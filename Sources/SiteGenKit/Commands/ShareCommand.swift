import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import SiteBuild
import Templates

/// `sitegen share`: the favorites as one self-contained HTML file.
struct ShareCommand: Command {
    static let defaultFileName = "mine-steder.html"

    /// The file's name when `--output` gives none: «Mine steder» in the language it is written in,
    /// since it is what the friend it is sent to sees first.
    static func defaultFileName(in language: Language) -> String {
        switch language {
        case .nb: defaultFileName
        case .nn: "mine-stader.html"
        case .en: "my-places.html"
        }
    }

    let spec = CommandSpec(
        name: "share",
        usage: "sitegen share [--output FIL] [--lang SPRÅK] [--force] [--site MAPPE] [--quiet]",
        summary:
            "Skriver favorittene (Mine steder) som én HTML-fil du kan sende eller legge på en minnepinne.",
        details:
            "Filen har stilark og ikon innebygd, ingen skript og ingen forespørsler til andre verter; lenkene går til kart.",
        options: Options.declared
    )

    struct Options: CommandOptions {
        let output = Option<String?>(
            "--output", valueName: "FIL",
            help:
                "hvor filen skrives (standard: \(ShareCommand.defaultFileName) i nettstedsmappen; mine-stader.html på nynorsk, my-places.html på engelsk)"
        )
        let language = Option<String?>(
            "--lang", valueName: "SPRÅK",
            help:
                "språket filen skrives på: nb (bokmål), nn (nynorsk) eller en (engelsk); standard: nettstedets første språk"
        )
        let force = Option(
            flag: "--force",
            help:
                "skriv over en fil som ikke er en tidligere delingsfil (aldri sitegens egne: lageret, "
                + "innstillingene, photos/, mellomlageret eller nettstedet)")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] { [output, language, force, site, quiet] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let language = try InputParsing.language(arguments[\.language])
        let known = try await KnownPlaces.load(context)
        let site = context.site
        let assets = try AssetBundle.load(siteAssets: site.assetsPath).fitted(
            to: known.settings.categories)
        func file(_ name: String) throws -> [UInt8] {
            guard let file = assets.files.first(where: { $0.path == "assets/" + name }) else {
                throw AssetBundle.AssetError.builtInFileMissing(name)
            }
            return file.bytes
        }
        // The site's own stylesheet follows the built-in one here too.
        var stylesheet = String(decoding: try file("beacon.css"), as: UTF8.self)
        if assets.hasCustomStylesheet {
            stylesheet +=
                "\n" + String(decoding: try file(AssetBundle.customStylesheet), as: UTF8.self)
        }
        let icon = try file("beacon-icon.svg")
        let guide = known.guide
        let pageContext = SiteContext(
            settings: known.settings, source: guide.source, intro: nil, language: language)
        let rendered = ShareFile.render(
            guide, context: pageContext, stylesheet: stylesheet, iconSVG: icon,
            overview: overview(guide, site),
            thumbnails: thumbnails(guide, known.store, site))
        let bytes = rendered.bytes
        let given =
            arguments[\.output]
            ?? site.root + "/"
            + ShareCommand.defaultFileName(in: language ?? known.settings.languages.main)
        if arguments[\.output] == nil { try site.checkInside(given) }
        let path = SiteFolder.absolute(given)
        let marker = Array(ShareFile.generatorMarker.description.utf8)
        try OwnedFileGuard(
            site: site, kind: "delingsfil", isOurs: { head in head.firstRange(of: marker) != nil }
        )
        .check(path, given: given, force: arguments[\.force])
        try FileSystem.createDirectory(PathText.parent(path))
        try FileSystem.writeAtomically(
            SecretRedactor.fromEnvironment(context.environment).redact(bytes), to: path)
        context.console.output(
            "Skrev \(NorwegianFormat.count(guide.favorites.count, singular: "favoritt", plural: "favoritter")) til \(path)."
        )
        if let notice = MarkdownNotice.take(guide) { context.console.error("Advarsel: " + notice) }
        if rendered.photosLeftOut > 0 {
            context.console.output(
                "\(NorwegianFormat.count(rendered.photosLeftOut, singular: "bilde", plural: "bilder")) er utelatt, "
                    + "så filen holder seg under \(ShareFile.sizeLimit / 1_000_000) MB.")
        }
        return .success
    }

    /// Each favorite's first photo, as the last build published it (its smallest WebP in
    /// `output/bilder/`, with the size and colour the build's cache knows); a photo the last build
    /// did not make is left out.
    func thumbnails(_ guide: Guide, _ store: GuideStore, _ site: SiteFolder) -> [PlaceID: ShareFile
        .Thumbnail]
    {
        let favorites = Set(guide.favorites.map(\.id))
        let cache = PhotoCache(site: site)
        var thumbnails: [PlaceID: ShareFile.Thumbnail] = [:]
        for (id, photos) in store.placesWithPhotos where favorites.contains(id) {
            guard let first = photos.first else { continue }
            let stem = PhotoProcessing.stem(of: first.file)
            guard let entry = cache.entry(for: stem),
                let smallest = entry.variants.first(where: { $0.format == .webp }),
                let bytes = FileSystem.readCacheFile(
                    site.defaultOutputPath + "/" + PhotoProcessing.folder
                        + "/\(stem)-\(smallest.width).webp",
                    limit: 1 << 20)
            else { continue }
            thumbnails[id] = ShareFile.Thumbnail(
                bytes: bytes, width: smallest.width, height: smallest.height,
                placeholder: entry.placeholder)
        }
        return thumbnails
    }

    /// The favorites' still map, over the basemap tiles the last build wrote into the site's output
    /// (our own basemap's city level); without them, the pins on plain ground.
    func overview(_ guide: Guide, _ site: SiteFolder) -> ShareOverview? {
        let places = guide.favorites.map(\.place.coordinate)
        let tiles = ShareOverview.tilePaths(for: places).compactMap {
            tile -> (TileCoordinate, [UInt8])? in
            let path =
                site.defaultOutputPath + "/"
                + PublishedTile.path(
                    VectorTiles.pathTemplate, zoom: tile.zoom, x: tile.x, y: tile.y)
            return FileSystem.readCacheFile(path, limit: 8 << 20).map { (tile, $0) }
        }
        return ShareOverview.make(places: places, tiles: tiles, center: guide.settings.center)
    }
}
