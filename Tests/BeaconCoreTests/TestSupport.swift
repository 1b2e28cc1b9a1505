import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

/// Paths of the repository, found from this file's location.
enum TestPaths {
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(
                atPath: url.appendingPathComponent("Package.swift").path)
            {
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
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ text: String, to name: String) {
        let url = URL(fileURLWithPath: path + "/" + name)
        try! FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
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
            address: PostalAddress(
                street: "Storgata", houseNumber: "1", postcode: "0155", city: "Oslo"),
            openingHours: hours)
    }
}

/// The key of the category a one-point feature with `properties` (after its name) falls in among
/// `categories`, as a places file's decoder assigns it; nil when it falls in none.
func decodedCategory(_ properties: String, among categories: [PlaceCategory]) throws -> String? {
    let json = try JSONParser.parse(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"name":"X","#
            + properties + "}}")
    guard case .success(let place) = PlacesDecoder(categories: categories).decodeFeature(json)
    else { return nil }
    return place.category.rawValue
}

/// Settings `json` are refused as they are read, by the member's path (`detailPrefix`) and with a
/// message that mentions `mentions`, and the file is left as it was.
func expectSettingsRefused(
    _ json: String, detailPrefix: String, mentions: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = TemporaryFolder()
    folder.write(json, to: SiteSettings.fileName)
    do {
        _ = try SiteFolder(root: folder.path).loadSettings()
        Issue.record("expected invalid settings: \(json)", sourceLocation: sourceLocation)
    } catch {
        // Settings that read with a wrong value are invalid (naming the field), never «skadet».
        guard case .invalidSettings(_, let problems) = error, let detail = problems.first else {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(!error.userMessage.contains("skadet"), sourceLocation: sourceLocation)
        #expect(detail.hasPrefix(detailPrefix), "\(detail)", sourceLocation: sourceLocation)
        #expect(detail.contains(mentions), "\(detail)", sourceLocation: sourceLocation)
    }
    #expect(folder.read(SiteSettings.fileName) == json, sourceLocation: sourceLocation)
}
