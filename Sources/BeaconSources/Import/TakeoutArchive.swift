import BeaconModel
import BeaconSystem

/// A whole Google Takeout archive (`takeout-20261129T101500Z-001.zip`), given as it was
/// downloaded: its starred places (`Takeout/Maps (your places)/Saved Places.json`), its labelled
/// places and each saved list (`Takeout/Saved/Want to go.csv`), found by where Takeout puts them,
/// whatever the language of the folder names. Each is read as if given on its own; a list's
/// places carry the list's name (from its file name), as a My Maps folder's do.
enum TakeoutArchive {
    /// One file of the archive, read.
    struct Part {
        var name: String
        var content: ImportedFile
    }

    /// Whether `archive` may hold places as Takeout writes them (`read` then finds out).
    static func isTakeout(_ archive: ZipArchive) -> Bool {
        archive.entries.contains { kind(of: $0) != nil }
    }

    enum Kind {
        /// A JSON file: starred or labelled places, if Takeout's places it is.
        case json
        /// A CSV file: a saved list, if it is one (its name is the list's).
        case list(name: String)
    }

    /// What an entry may be. Takeout names its folders and files in the account's language, so
    /// they are told by content: a JSON or CSV file in a folder, read, is kept when it is places.
    static func kind(of entry: ZipArchive.Entry) -> Kind? {
        guard !entry.isDirectory else { return nil }
        let parts = entry.name.split(separator: "/").map(String.init)
        guard parts.count >= 2, let file = parts.last else { return nil }
        let lower = file.lowercased()
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".csv") { return .list(name: String(file.dropLast(4))) }
        return nil
    }

    /// Every places file of the archive, in the archive's order; `name` is the archive's name for
    /// messages («takeout.zip: Saved/Want to go.csv»). The archive's other files (a route, a
    /// profile, another service's data) are passed over; one of ours that breaks stops the import.
    static func read(_ archive: ZipArchive, name: String) throws(ImportError) -> [Part] {
        var parts: [Part] = []
        var budget = ZipArchive.maximumInflatedBytes
        for entry in archive.entries {
            guard let kind = kind(of: entry) else { continue }
            let shown =
                name + ": " + entry.name.split(separator: "/").suffix(2).joined(separator: "/")
            let bytes: [UInt8]
            do throws(ImportError.ZipProblem) {
                bytes = try archive.contents(of: entry, limit: budget)
            } catch {
                throw ImportError(fileName: name, reason: .zip(error))
            }
            budget -= bytes.count
            guard var content = try? ImportReader.read(bytes, fileName: shown),
                content.format == .takeoutSavedPlaces || content.format == .googleListCSV
            else { continue }
            if case .list(let listName) = kind {
                if content.title == nil { content.title = ImportText.title(listName) }
                for index in content.places.indices where content.places[index].list == nil {
                    content.places[index].list = content.title
                }
            }
            parts.append(Part(name: shown, content: content))
        }
        guard !parts.isEmpty else {
            throw ImportError(fileName: name, reason: .zip(.noKML))
        }
        // The places with positions first: a list's places (no positions) are found among them.
        return parts.filter { $0.content.format != .googleListCSV }
            + parts.filter { $0.content.format == .googleListCSV }
    }
}
