import FoundationEssentials
import Glibc

/// A WGS 84 position. Validated on construction from user input; decoded
/// values are checked by `isValid`.
package struct Coordinate: Sendable, Hashable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Oslo S: the default centre, where the sample data lies.
    package static let osloS = Coordinate(latitude: 59.9111, longitude: 10.7503)

    package var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Mean Earth radius (IUGG), metres.
    package static let earthRadiusMetres = 6_371_008.8

    /// Great-circle distance in metres (haversine; accurate to well under a metre at city scale).
    package func distance(to other: Coordinate) -> Double {
        let toRadians = Double.pi / 180
        let phi1 = latitude * toRadians
        let phi2 = other.latitude * toRadians
        let dPhi = (other.latitude - latitude) * toRadians
        let dLambda = (other.longitude - longitude) * toRadians
        let h =
            sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2)
            * sin(dLambda / 2)
        return 2 * Coordinate.earthRadiusMetres * asin(min(1, h.squareRoot()))
    }

}
