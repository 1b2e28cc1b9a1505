import BeaconModel
import Glibc

/// Whether a places file's places lie around the guide's centre. The API and the sample answer
/// within the radius by construction; a file can hold places anywhere (an Edinburgh export built
/// with the centre in Skopje), and the pages, `sitegen search` and the radius filter measure from
/// the centre. The owner hears of it at the build, with a centre that would fit when none of the
/// places do.
package enum GuideReach {
    package static func warning(places: ArraySlice<GuidePlace>, settings: SiteSettings) -> String? {
        let radius = Double(settings.radiusKm) * 1000
        // One pass over the distances (a rebuild's places may be still in the kept archive: no
        // place is decoded).
        var beyond = 0
        var nearest = Double.infinity
        var farthest = 0.0
        for place in places {
            if place.distanceMetres > radius { beyond += 1 }
            nearest = min(nearest, place.distanceMetres)
            farthest = max(farthest, place.distanceMetres)
        }
        guard beyond > 0 else { return nil }
        let centre =
            settings.centerLabel.map { "\(settings.radiusKm) km fra \($0)" }
            ?? "\(settings.radiusKm) km fra senteret"
        guard beyond == places.count else {
            return
                "\(NorwegianFormat.integer(beyond)) av \(NorwegianFormat.integer(places.count)) steder i stedsfilen ligger lenger enn "
                + "\(centre) (det fjerneste \(NorwegianFormat.distance(metres: farthest)) unna). "
                + "Øk radiusen («sitegen radius 10») eller flytt senteret hvis de skal regnes med."
        }
        let middle = middle(of: places.map(\.coordinate))
        return
            "Ingen av de \(NorwegianFormat.integer(places.count)) stedene i stedsfilen ligger innen \(centre) "
            + "(det nærmeste er \(NorwegianFormat.distance(metres: nearest)) unna), "
            + "men sidene og «sitegen search» måler avstand fra senteret. Flytt det dit stedene er, for eksempel midt i dem: "
            + "«sitegen center set \(MachineNumber.decimal(middle.latitude, places: 4)) \(MachineNumber.decimal(middle.longitude, places: 4))»."
    }

    /// The middle of `coordinates`: the mean of their positions on the unit sphere (right across
    /// the 180th meridian too).
    static func middle(of coordinates: [Coordinate]) -> Coordinate {
        var x = 0.0
        var y = 0.0
        var z = 0.0
        for c in coordinates {
            let lat = c.latitude * .pi / 180
            let lon = c.longitude * .pi / 180
            x += cos(lat) * cos(lon)
            y += cos(lat) * sin(lon)
            z += sin(lat)
        }
        let lon = atan2(y, x)
        let lat = atan2(z, (x * x + y * y).squareRoot())
        return Coordinate(latitude: lat * 180 / .pi, longitude: lon * 180 / .pi)
    }
}
