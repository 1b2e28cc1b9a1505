import BeaconMap
import BeaconModel
import BeaconSite
import Foundation

@testable import Templates

/// `TemplateFixtures`' guide with two of the owner's lists: «Søndagsfrokost» (the hotel, the café
/// and the restaurant in that order, Markdown and hostile notes, a place the guide does not have)
/// and «Regnvær» (the café, best rated first).
enum ListFixtures {
    static let missing = PlaceID(rawValue: "node/404")

    static var store: GuideStore {
        var store = TemplateFixtures.store
        store.lists = [
            SavedList(
                name: "Søndagsfrokost",
                description: "Der vi spiser frokost en søndag. *Kom tidlig.*",
                places: [
                    TemplateFixtures.hotel.id, missing, TemplateFixtures.cafe.id,
                    TemplateFixtures.restaurant.id,
                ],
                notes: [
                    TemplateFixtures.cafe.id: "Kom før ti. Surdeigsbrødet er *verdt* køen.",
                    TemplateFixtures.restaurant.id:
                        "Fisk på **fredag**.\n\n<script>alert(1)</script>",
                ]),
            SavedList(
                name: "Regnvær",
                places: [TemplateFixtures.restaurant.id, TemplateFixtures.cafe.id],
                order: .rating),
        ]
        return store
    }

    static var guide: Guide {
        var settings = SiteSettings.defaults
        settings.intro = "Steder rundt Oslo S."
        settings.languages = SiteLanguages([.nb, .nn, .en])
        return GuideAssembler.assemble(
            places: [
                TemplateFixtures.cafe, TemplateFixtures.restaurant, TemplateFixtures.hotel,
                TemplateFixtures.hostile,
            ], store: store, settings: settings,
            source: DataSourceInfo(kind: .sample, fetchedAt: TemplateFixtures.fetchedAt))
    }

    static func context(_ language: Language = .nb, guide: Guide = guide) -> SiteContext {
        SiteContext(
            settings: guide.settings, source: guide.source,
            intro: RichText.html(for: guide.settings.intro!),
            basemap: TemplateFixtures.basemap, hasMap: true, language: language,
            savedLists: guide.savedLists)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
