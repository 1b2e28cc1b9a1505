import Foundation

@testable import BeaconCore

/// Paths of the repository, found from this file's location.
enum TestPaths {
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static var fixtures: String { repository + "/Tests/Fixtures" }
    static var sampleData: String { repository + "/Resources/sample-data" }
}

/// A fresh temporary folder, removed when the value is.
final class TemporaryFolder {
    let path: String

    init(_ name: String = "beacon-test") {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ text: String, to name: String) {
        let url = URL(fileURLWithPath: path + "/" + name)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }

    func read(_ name: String) -> String? {
        try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
}

extension Place {
    static func fixture(
        _ name: String, id: String = "node/1", category: PlaceCategory = .cafe,
        lat: Double = 59.9111, lon: Double = 10.7503, hours: String? = nil
    ) -> Place {
        Place(
            id: PlaceID(rawValue: id), name: name, category: category,
            coordinate: Coordinate(latitude: lat, longitude: lon),
            address: PostalAddress(street: "Storgata", houseNumber: "1", postcode: "0155", city: "Oslo"),
            openingHours: hours)
    }
}
