import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import SiteBuild
import Templates

/// `sitegen share`: the favorites, or one of the owner's lists (`--list`), as one self-contained
/// HTML file.
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
        usage:
            "sitegen share [--list NAVN] [--output FIL] [--lang SPRÅK] [--force] [--site MAPPE] [--quiet]",
        summary:
            "Skriver favorittene (Mine steder) eller en av listene dine som én HTML-fil du kan sende eller legge på en minnepinne.",
        details:
            "Filen har stilark og ikon innebygd, ingen skript og ingen forespørsler til andre verter; lenkene går til kart. "
            + "Med --list får filen listens navn som tittel, beskrivelsen, stedene i listens rekkefølge, nummerert, og notatene dine.",
        options: Options.declared
    )

    struct Options: CommandOptions {
        let list = Option<String?>(
            "--list", valueName: "NAVN",
            help:
                "del en av listene dine i stedet for favorittene (standardfil: listens navn, som sondagsfrokost.html)"
        )
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
        var listed: [any DeclaredOption] { [list, output, language, force, site, quiet] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let language = try InputParsing.language(arguments[\.language])
        let site = context.site
        // An unknown list is refused before anything else is read: the message names the lists.
        var listName: String?
        if let given = arguments[\.list], !ShareFile.namesFavorites(given) {
            let name = try GuideStore.listName(given)
            let store = try site.loadStore()
            guard let list = store.list(named: name) else {
                throw ListEditError.unknownList(name, known: store.lists.map(\.name))
            }
            listName = list.name
        }
        let known = try await KnownPlaces.load(context)
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
        let list = listName.flatMap { name in guide.savedLists.first { $0.name == name } }
        let places = list?.places ?? guide.favorites
        let rendered =
            list.map { list in
                ShareFile.render(
                    list: list, guide: guide, context: pageContext, stylesheet: stylesheet,
                    iconSVG: icon, overview: overview(places, guide, site),
                    thumbnails: thumbnails(places, known.store, site))
            }
            ?? ShareFile.render(
                guide, context: pageContext, stylesheet: stylesheet, iconSVG: icon,
                overview: overview(places, guide, site),
                thumbnails: thumbnails(places, known.store, site))
        let bytes = rendered.bytes
        let given =
            arguments[\.output]
            ?? site.root + "/"
            + (list.map { $0.slug + ".html" }
                ?? ShareCommand.defaultFileName(in: language ?? known.settings.languages.main))
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
        if let list {
            context.console.output(
                "Skrev «\(list.name)» med \(NorwegianFormat.count(list.places.count, singular: "sted", plural: "steder")) til \(path)."
            )
            if list.missingCount > 0 {
                context.console.error(
                    "Advarsel: \(NorwegianFormat.count(list.missingCount, singular: "sted", plural: "steder")) i listen "
                        + "finnes ikke i guiden nå og er utelatt.")
            }
        } else {
            context.console.output(
                "Skrev \(NorwegianFormat.count(guide.favorites.count, singular: "favoritt", plural: "favoritter")) til \(path)."
            )
        }
        if let notice = MarkdownNotice.take(guide) { context.console.error("Advarsel: " + notice) }
        if rendered.photosLeftOut > 0 {
            context.console.output(
                "\(NorwegianFormat.count(rendered.photosLeftOut, singular: "bilde", plural: "bilder")) er utelatt, "
                    + "så filen holder seg under \(ShareFile.sizeLimit / 1_000_000) MB.")
        }
        return .success
    }

    /// Each shared place's first photo, as the last build published it (its smallest WebP in
    /// `output/bilder/`, with the size and colour the build's cache knows); a photo the last build
    /// did not make is left out.
    func thumbnails(_ places: [GuidePlace], _ store: GuideStore, _ site: SiteFolder) -> [PlaceID:
        ShareFile.Thumbnail]
    {
        let shared = Set(places.map(\.id))
        let cache = PhotoCache(site: site)
        var thumbnails: [PlaceID: ShareFile.Thumbnail] = [:]
        for (id, photos) in store.placesWithPhotos where shared.contains(id) {
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

    /// The shared places' still map (their pins numbered in their order), over the basemap tiles
    /// the last build wrote into the site's output (our own basemap's city level); without them,
    /// the pins on plain ground.
    func overview(_ shared: [GuidePlace], _ guide: Guide, _ site: SiteFolder) -> ShareOverview? {
        let places = shared.map(\.place.coordinate)
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
