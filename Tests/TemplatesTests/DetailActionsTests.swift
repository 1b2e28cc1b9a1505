import BeaconModel
import Foundation
import Testing

@testable import Templates

/// The detail page helps a reader act: one row under the name (directions, call, website: only what
/// the data allows), the map apps in the facts, Google Maps by name and address, the steam's pause
/// on the symbol, and a star whose fill tells 4 from 5.
@Suite struct DetailActionsTests {
    let context = TemplateFixtures.context

    func page(_ place: Place) -> String {
        TemplateFixtures.text(DetailPage.render(TemplateFixtures.place(place), context: context))
    }

    /// The row of actions: `<div class="actions">…</div>`.
    func actions(_ page: String) -> String {
        guard let start = page.range(of: "<div class=\"actions\">"),
            let end = page.range(of: "</div>", range: start.upperBound..<page.endIndex)
        else { return "" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test func theRowHasWhatTheDataAllows() {
        let cafe = actions(page(TemplateFixtures.cafe))
        #expect(cafe.contains("href=\"https://maps.apple.com/?daddr=59.922979,10.756179\""))
        #expect(
            cafe.contains(">Veibeskrivelse</a>") && cafe.contains(">Ring</a>")
                && cafe.contains(">Nettside</a>"))
        #expect(
            cafe.contains("href=\"tel:+4740004062\"")
                && cafe.contains("href=\"https://timwendelboe.no/\""))
        #expect(cafe.components(separatedBy: "<a ").count == 4)
        // «Del», last: hidden until the share script shows it; its status line follows the row.
        #expect(cafe.contains("id=\"share-page\" hidden>") && cafe.hasSuffix(">Del</button></div>"))
        #expect(
            page(TemplateFixtures.cafe).contains(
                "</div><p class=\"share-bar__status\" id=\"share-status\""))
        // No phone, no website: directions alone.
        let restaurant = actions(page(TemplateFixtures.restaurant))
        #expect(
            restaurant.contains(">Veibeskrivelse</a>") && !restaurant.contains("Ring")
                && !restaurant.contains("Nettside"))
        // The map apps are links in the facts, not buttons in the row.
        let full = page(TemplateFixtures.cafe)
        #expect(full.contains("<dt>Kart</dt><dd><ul class=\"map-links\">"))
        #expect(!cafe.contains("Google Maps") && full.contains(">Åpne i Apple Maps</a>"))
    }

    @Test func googleMapsSearchesTheNameAndAddress() {
        #expect(
            MapLinks.googleMaps(TemplateFixtures.cafe)
                == "https://www.google.com/maps/search/?api=1&query=Tim%20Wendelboe%2C%20Gr%C3%BCners%20gate%201%2C%200552%20Oslo"
        )
        // Without an address, the name and where it is: bare coordinates open a dropped pin, a name
        // alone could find a namesake in another town.
        #expect(
            MapLinks.googleMaps(TemplateFixtures.farFavorite)
                == "https://www.google.com/maps/search/?api=1&query=Frognerseteren%20Restaurant%2C%2059.9776%2C10.6796"
        )
        // The part of town the data names, where it names one.
        var banhMi = TemplateFixtures.farFavorite
        banhMi.name = "Bánh Mì 25"
        banhMi.address = PostalAddress(city: "Hà Nội", area: "Hàng Bạc, Hà Nội")
        #expect(
            MapLinks.googleMaps(banhMi)
                == "https://www.google.com/maps/search/?api=1&query=B%C3%A1nh%20M%C3%AC%2025%2C%20H%C3%A0ng%20B%E1%BA%A1c%2C%20H%C3%A0%20N%E1%BB%99i"
        )
        // Hostile text is encoded, never raw.
        let hostile = MapLinks.googleMaps(TemplateFixtures.hostile)
        #expect(!hostile.contains("<") && !hostile.contains("\"") && !hostile.contains(" "))
    }

    @Test func theSteamsPauseIsOnTheSymbol() {
        let cafe = page(TemplateFixtures.cafe)
        let hero = cafe.range(of: "<div class=\"hero hero--steam\">")!
        let name = cafe.range(of: "<h1")!
        let pause = cafe.range(of: "<p class=\"pause-control\">")!
        #expect(hero.lowerBound < pause.lowerBound && pause.lowerBound < name.lowerBound)
        #expect(cafe.contains("<span class=\"visually-hidden\">Stopp dampen</span>"))
        #expect(!page(TemplateFixtures.restaurant).contains("pause-control"))
    }

    @Test func theStarIsFilledByItsShareOfTheArea() {
        let total = StarFill.area(leftOf: 100)
        let left = StarFill.corners.map(\.x).min()!
        let right = StarFill.corners.map(\.x).max()!
        // Whole stars, halves and the averages of three ratings (4,333… fills 86,7 % of the area).
        for average in [1, 2, 3, 4, 5, 4.5, 2.5, 13.0 / 3, 11.0 / 3, 4.6] {
            let share = StarFill.area(leftOf: StarFill.width(average: average)) / total
            #expect(abs(share - average / 5) < 0.003, "\(average) stars: \(share)")
        }
        // 4,5 is not 4 and not 5: the fill tells them apart.
        #expect(StarFill.width(average: 4) < StarFill.width(average: 4.5))
        #expect(StarFill.width(average: 4.5) < StarFill.width(average: 5))
        // By width, 4 of 5 would have filled 95 % of the star: now a fifth of it stays empty.
        #expect(StarFill.area(leftOf: left + 0.8 * (right - left)) / total > 0.94)
        #expect(StarFill.width(average: 5) == right && StarFill.width(average: 0) == left)
        // The corners are the path's.
        #expect(Components.starPath.hasPrefix("M12 2.2l2.95 6.3 6.85.8"))
        #expect(Self.corners(ofPath: Components.starPath).count == StarFill.corners.count)
        let traced = Self.corners(ofPath: Components.starPath)
        #expect(traced.count == StarFill.corners.count)
        for (point, corner) in zip(traced, StarFill.corners) {
            #expect(
                abs(point.0 - corner.x) < 1e-9 && abs(point.1 - corner.y) < 1e-9,
                "\(point) ≠ \(corner)")
        }
    }

    /// The corners of a path of `M`, `L`, `l` and `z` (SVG's number syntax: `6.85.8` is 6.85 and
    /// .8).
    static func corners(ofPath path: String) -> [(Double, Double)] {
        var tokens: [String] = []
        var number = ""
        func flush() {
            if !number.isEmpty { tokens.append(number) }
            number = ""
        }
        for character in path {
            switch character {
            case "M", "L", "l", "z":
                flush()
                tokens.append(String(character))
            case " ", ",": flush()
            case "-":
                flush()
                number = "-"
            case ".":
                if number.contains(".") { flush() }
                number.append(".")
            default: number.append(character)
            }
        }
        flush()
        var corners: [(Double, Double)] = []
        var command = "M"
        var x = 0.0
        var y = 0.0
        var index = 0
        while index < tokens.count {
            if let letter = tokens[index].first, letter.isLetter {
                command = tokens[index]
                index += 1
                continue
            }
            let a = Double(tokens[index])!
            let b = Double(tokens[index + 1])!
            index += 2
            (x, y) = command == "l" ? (x + a, y + b) : (a, b)
            corners.append((x, y))
        }
        return corners
    }
}
