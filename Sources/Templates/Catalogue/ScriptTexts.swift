import BeaconModel
import BeaconSystem

/// `assets/beacon-text.js`: the page scripts' texts in each of the site's languages, from the
/// catalogues, so the scripts hold no language of their own. A page's script picks the texts of its
/// `<html lang>`:
///
///     window.BeaconText = { lang: "nn", home: "nn/", texts: {…}, categories: {…}, weekdays: […],
///                           cuisines: {indian: "indisk", …}, cuisineWords: {indian: "indian indisk", …},
///                           categoryTable: {restaurant: {singular, plural, icon, words, street?}, …},
///                           t(key, values), count(n, key), average(avg), starIcon(avg, className) }
///
/// `home` is the language's folder below the site root, for links built from the page data (which
/// every language shares).
package enum ScriptTexts {
    package static let path = "assets/beacon-text.js"

    /// The scripts' texts in one language: the catalogue's `script`, and the texts the pages use
    /// too (the card's marks, `Components.traitMarks`; the place map's name), taken from them so
    /// they are written once.
    static func texts(_ t: Strings) -> [(key: String, value: String)] {
        t.script + [
            ("mark.vegetarian", t.vegetarianMark),
            ("mark.vegetarianOnly", t.vegetarianOffer[.only]!),
            ("mark.vegan", t.veganMark), ("mark.veganOnly", t.veganOffer[.only]!),
            ("mark.wheelchair", t.wheelchairMark),
            // The small map of a place's page, named as the page names it (`DetailPage.placeMap`).
            ("map.placeLabel", t.mapOf("{name}")),
        ]
            + PlaceTraits.priceLevels.map {
                ("mark.price.\($0)", t.priceLevel + ": " + t.priceLevelOf($0))
            }
    }

    /// The file for a site in `languages`; `categories`: the guide's (an owner's own kinds join the
    /// presets).
    package static func file(
        languages: SiteLanguages, categories: [PlaceCategory] = PlaceCategory.defaults
    ) -> [UInt8] {
        let known = PlaceCategory.builtIn + categories.filter { !$0.isPreset }
        var entries: [(key: String, value: JSONValue)] = []
        for language in languages.all {
            let t = Strings.of(language)
            let names: [(key: String, value: JSONValue)] = known.map { category in
                (
                    category.rawValue,
                    .object([
                        ("one", .string(t.singular(category))),
                        ("other", .string(t.plural(category))),
                    ])
                )
            }
            entries.append(
                (
                    language.rawValue,
                    .object([
                        ("home", .string(languages.folder(of: language))),
                        ("decimal", .string(language.decimalSeparator)),
                        ("texts", .object(texts(t).map { ($0.key, .string($0.value)) })),
                        (
                            "cuisines",
                            .object(
                                Strings.cuisineNames[language]!.sorted { $0.key < $1.key }.map {
                                    ($0.key, .string($0.value))
                                })
                        ),
                        ("categories", .object(names)),
                        (
                            "weekdays",
                            .array(OpeningHours.weekdayNames(in: language).map { .string($0) })
                        ),
                    ])
                ))
        }
        var out =
            "// Beacon sitegen: the page scripts' texts (written by the build from its catalogues).\n'use strict';\n(() => {\n  const ALL = "
        out += JSONWriter(pretty: false).string(.object(entries))
        // What a search may type for each cuisine, in every language whatever the site's
        // (`CuisineNames`).
        let words = CuisineNames.rows.map {
            ($0.key, JSONValue.string(CuisineNames.searchWords($0.key)))
        }
        out += ";\n  const CUISINE_WORDS = " + JSONWriter(pretty: false).string(.object(words))
        // Every preset's key (then the owner's own kinds'), bokmål names, icon class and the other
        // words a search may find it by (`CategoryNames.searchWords`), in the preset table's order:
        // the page script's CATEGORY_KEYS and CATEGORIES (`beacon-query.js`), the same in every
        // language.
        let table = known.map { category -> (key: String, value: JSONValue) in
            let names = CategoryNames.names(category, in: .nb)
            return (
                category.rawValue,
                .object(
                    [
                        ("singular", .string(names.one)), ("plural", .string(names.other)),
                        ("icon", .string(category.icon.className)),
                        (
                            "words",
                            .array(
                                CategoryNames.searchWords(category).dropFirst(2).map { .string($0) }
                            )
                        ),
                    ])
            )
        }
        out += ";\n  const CATEGORY_TABLE = " + JSONWriter(pretty: false).string(.object(table))
        // The star's shape and how far it fills for each whole percent of its area (`StarFill`).
        let star: JSONValue = .object([
            ("path", .string(Components.starPath)),
            ("widths", .array(StarFill.widths.map { .number($0) })),
        ])
        out += ";\n  const STAR = " + JSONWriter(pretty: false).string(star)
        out +=
            ";\n  const MAIN = \(JSONWriter(pretty: false).string(.string(languages.main.rawValue)));\n"
        out += #"""
              const lang = (document.documentElement.getAttribute('lang') || MAIN).toLowerCase();
              const entry = ALL[lang] || ALL[MAIN];
              const texts = entry.texts;
              /** The text of `key`, its {slots} filled from `values`; the key itself when missing (a bug to see, not hide). */
              function t(key, values) {
                const text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
                return values ? text.replace(/\{(\w+)\}/g, (slot, name) => (name in values ? String(values[name]) : slot)) : text;
              }
              /** "12 steder" / "12 places": the number as the language writes it and the word that fits it. */
              function count(n, key) {
                const Query = window.BeaconQuery;
                const number = Query ? Query.integer(n, ALL[lang] ? lang : MAIN) : String(n);
                return number + ' ' + t(n === 1 ? key + '.one' : key + '.other');
              }
              /** «4,5» / «4.5»: an average (the page data's `avg`, three decimals) to one decimal, halves up (RatingSummary.averageTenths). */
              function average(avg) {
                const tenths = Math.floor((Math.round(Number(avg) * 1000) + 50) / 100);
                return Math.floor(tenths / 10) + entry.decimal + (tenths % 10);
              }
              /** How far a star is filled for `avg` of 5, between the table's whole percents (StarFill.hundredths). */
              function starWidth(avg) {
                const percent = Math.min(Math.max(Number(avg) || 0, 0), 5) * 20;
                const index = Math.min(Math.floor(percent), 99);
                const w = STAR.widths;
                return Math.round((w[index] + (w[index + 1] - w[index]) * (percent - index)) * 100) / 100;
              }
              /** The star filled by `avg`: the empty star, and the full one in a viewport as wide as the fill (Components.star). */
              function starIcon(avg, className) {
                const NS = 'http://www.w3.org/2000/svg';
                const make = (name, attributes) => {
                  const node = document.createElementNS(NS, name);
                  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
                  return node;
                };
                const icon = make('svg', { class: className, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
                const fill = make('svg', { class: 'star__fill', width: String(starWidth(avg)), height: '24' });
                fill.append(make('path', { class: 'star__shape', d: STAR.path }));
                icon.append(make('path', { class: 'star__shape', d: STAR.path }), fill);
                return icon;
              }
              window.BeaconText = Object.freeze({
                lang: ALL[lang] ? lang : MAIN, home: entry.home, texts, categories: entry.categories, weekdays: entry.weekdays,
                cuisines: entry.cuisines, cuisineWords: CUISINE_WORDS, categoryTable: CATEGORY_TABLE, t, count,
                average, starIcon,
              });
            })();

            """#
        return Array(out.utf8)
    }
}
