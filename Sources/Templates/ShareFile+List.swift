import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconText

/// One of the owner's lists as a share file (`sitegen share --list NAME`): the favorites' file with
/// the list's name as its title, its description as the lead, its places in the list's order and
/// numbered (with a map, as its pins are), each with the list's note on it.
extension ShareFile {
    /// `overview`: the list's still map, its pins in the list's order. `thumbnails`: the places'
    /// photos, taken in the list's order while the file stays under `sizeLimit`.
    package static func render(
        list: GuideList, guide: Guide, context: SiteContext, stylesheet: String,
        iconSVG: [UInt8], overview: ShareOverview? = nil, thumbnails: [PlaceID: Thumbnail] = [:]
    ) -> Rendered {
        render(
            subject(list, context: context), guide: guide, context: context,
            stylesheet: stylesheet, iconSVG: iconSVG, overview: overview, thumbnails: thumbnails)
    }

    /// Whether `text` names «Mine steder» in any of the pages' languages («my places»): the
    /// favorites are a list to the owner, so `share --list` with their name writes their file.
    package static func namesFavorites(_ text: String) -> Bool {
        let key = TextFolding.searchKey(text)
        return Language.allCases.contains { TextFolding.searchKey(Strings.of($0).myPlaces) == key }
    }

    static func subject(_ list: GuideList, context: SiteContext) -> Subject {
        let t = context.strings
        let description = list.description.flatMap { text in
            text.trimmingWhitespace().isEmpty ? nil : text
        }
        let summary =
            description.map(RichText.plainText).flatMap {
                TextHardening.clean($0, maximumLength: 300)
            } ?? t.shareListIntro
        let count = list.places.count
        return Subject(
            title: list.name + " – " + context.title, summary: summary, places: list.places,
            intro: { b in
                b.element("section", class: "page-intro") { b in
                    b.element("h1", text: list.name)
                    if let description {
                        b.element("div", class: "lead") {
                            $0.append(RichText.html(for: description))
                        }
                    } else {
                        b.element("p", class: "lead", text: t.shareListIntro)
                    }
                    b.element("p", class: "page-intro__summary", text: t.placeCount(count))
                }
                b.newline()
            },
            emptyText: t.shareListEmpty, mapLabel: t.shareListMap(list.name),
            alwaysNumbered: true, note: { list.notes[$0.id] })
    }
}
