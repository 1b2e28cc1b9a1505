import BeaconSystem
import BeaconText
import FoundationEssentials

/// The folder a guide lives in (`--site DIR`, by default the folder one is
/// in; `sitegen init` makes one): settings, the owner's store, the owner's
/// own assets, the response cache and, by default, the output.
package struct SiteFolder: Sendable {
    package let root: String
    /// Applied to the settings and the store before they are written: a name or label that came
    /// from outside holding the API key is never kept, so a later build without the key cannot
    /// publish it.
    package var redactor: SecretRedactor

    package init(root: String, redactor: SecretRedactor = .none) {
        self.root = SiteFolder.absolute(root)
        self.redactor = redactor
    }

    package var settingsPath: String { root + "/" + SiteSettings.fileName }
    package var storePath: String { root + "/" + GuideStore.fileName }
    /// Serialises writers of the settings and the store.
    package var lockPath: String { root + "/.beacon.lock" }
    /// The owner's files that replace or add to the built-in assets (`sitegen assets eject`).
    package var assetsPath: String { root + "/assets" }
    package var cachePath: String { root + "/.beacon-cache" }
    /// The folder of the photos' originals.
    package var photosPath: String { root + "/" + PlacePhoto.folderName }
    package var defaultOutputPath: String { root + "/output" }

    /// The absolute path the kernel would use for `path` ("~" expanded,
    /// relative to the working directory, symlinks resolved as the kernel
    /// resolves them, a dangling one at the end to the target a write would
    /// create), so that a path is compared and written as what it is.
    /// (`NSString.standardizingPath` is not used: on Linux it resolved a
    /// relative symlink against the working directory, and `share --output
    /// link.html` wrote over a file of that name wherever the command ran.)
    package static func absolute(_ path: String) -> String {
        let expanded = PathText.expandingTilde(path, home: HomeFolder.path(ofUser:))
        let absolute =
            expanded.hasPrefix("/")
            ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return FileSystem.finalPath(absolute)
    }
}

/// Why the site's settings or store could not be used. The file is never
/// changed when reading it failed.
package enum SiteDataError: UserFacingError, Equatable {
    case folderMissing(path: String)
    case notAFolder(path: String)
    /// The file does not read as JSON: «skadet».
    case corrupt(path: String, detail: String)
    /// The store reads, but a value in it is wrong: the field and what is wrong with it.
    case invalidValue(path: String, detail: String)
    case unsupportedFormat(path: String, detail: String)
    case invalidSettings(path: String, problems: [String])
    /// Something in the site folder leads out of it (`SiteFolderContainment`).
    case leadsOutside(path: String, target: String, relative: String)
    case file(FileError)

    package var userMessage: String {
        switch self {
        case .folderMissing(let path):
            return "Fant ikke nettstedsmappen \(path). Oppgi en mappe som finnes med --site."
        case .notAFolder(let path):
            return
                "\(path) er en fil, ikke en mappe. Oppgi nettstedsmappen (den med beacon-settings.json) med --site."
        case .corrupt(let path, let detail):
            return
                "Filen \(path) er skadet og kan ikke leses (\(detail)). Filen er ikke endret: rett den, eller hent en tidligere versjon (for eksempel med git)."
        case .invalidValue(let path, let detail):
            return
                "Filen \(path) har en ugyldig verdi: \(detail). Filen er ikke endret: rett verdien, eller hent en "
                + "tidligere versjon (for eksempel med git)."
        case .unsupportedFormat(let path, let detail):
            return
                "Filen \(path) har et format denne versjonen av sitegen ikke kjenner: \(detail). Filen er ikke endret."
        case .invalidSettings(let path, let problems):
            return "Innstillingene i \(path) er ugyldige: " + problems.joined(separator: "; ")
                + ". Filen er ikke endret."
        case .leadsOutside(let path, let target, let relative):
            let named =
                relative == "output"
                ? ", eller oppgi mappen med --output hvis nettstedet skal skrives dit" : ""
            return
                "\(path) er en lenke ut av nettstedsmappen (til \(target)). sitegen bruker ingenting utenfor mappen som du ikke har "
                + "oppgitt selv på kommandolinjen, så en lenke i en klonet guide aldri publiserer eller endrer filer andre steder. "
                + "Kopier inn det som skal med og fjern lenken (rm \(ShellWord.path(path)))\(named)."
        case .file(let error):
            return error.userMessage
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .file(let error): error.exitStatus
        case .folderMissing, .notAFolder: .usage
        default: .dataError
        }
    }
}

extension SiteFolder {
    /// The folder exists, and none of its fixed parts leads out of it.
    package func checkExists() throws(SiteDataError) {
        guard FileSystem.isDirectory(root) else {
            throw FileSystem.fileExists(root) ? .notAFolder(path: root) : .folderMissing(path: root)
        }
        try checkFixedPartsInside()
    }

    /// The saved settings, or the defaults when there is no settings file yet.
    package func loadSettings() throws(SiteDataError) -> SiteSettings {
        guard
            let settings = try readOwnerFile(
                settingsPath, SiteSettings.self, invalid: Self.invalidSettings)
        else { return .defaults }
        let problems = settings.problems()
        guard problems.isEmpty else {
            throw .invalidSettings(path: settingsPath, problems: problems)
        }
        return settings
    }

    /// Writes the settings file with the defaults when it is missing; returns
    /// whether it did. Under the site lock, so a `sitegen radius` running at
    /// the same moment is never overwritten.
    @discardableResult
    package func createSettingsIfMissing() throws -> Bool {
        guard !FileSystem.fileExists(settingsPath) else { return false }
        return try FileLock.withLock(at: lockPath) {
            guard !FileSystem.fileExists(settingsPath) else { return false }
            try saveSettings(.defaults)
            return true
        }
    }

    func saveSettings(_ settings: SiteSettings) throws(SiteDataError) {
        let problems = settings.problems()
        guard problems.isEmpty else {
            throw .invalidSettings(path: settingsPath, problems: problems)
        }
        try writeOwnerFile(settings.encodedBytes, to: settingsPath)
    }

    /// Reads the settings, lets `change` modify them and saves the result, all
    /// under the site lock. Nothing is written when reading or `change` fails.
    package func updateSettings<T>(_ change: (inout SiteSettings) throws -> T) throws -> T {
        try update(load: loadSettings, save: saveSettings, change)
    }

    /// The owner's store; empty when there is no store file yet.
    package func loadStore() throws(SiteDataError) -> GuideStore {
        try readOwnerFile(storePath, GuideStore.self, invalid: Self.invalidStore) ?? GuideStore()
    }

    /// Where a store of format 1 is copied before it is first rewritten in a newer one.
    package var storeBackupPath: String { storeBackupPath(format: 1) }

    /// Where a store of `format` is copied before a change first needs a newer one.
    package func storeBackupPath(format: Int) -> String { storePath + ".format-\(format).bak" }

    /// Writes the store in the format it needs (`GuideStore.format`). A file in an older format is
    /// copied beside it first (`beacon-store.json.format-1.bak`, `.format-2.bak`, never
    /// overwritten), so an older sitegen's file survives the upgrade.
    package func saveStore(_ store: GuideStore) throws(SiteDataError) {
        for format in 1..<GuideStore.currentFormat {
            try checkInside(storeBackupPath(format: format))
        }
        do {
            if let old = try FileSystem.readIfExists(storePath),
                let json = try? JSONParser.parse(bytes: old),
                case .number(let number)? = json["format"], let format = Int(exactly: number),
                format >= 1, format < store.format,
                !FileSystem.fileExists(storeBackupPath(format: format))
            {
                try FileSystem.writeAtomically(old, to: storeBackupPath(format: format))
            }
        } catch { throw .file(error) }
        try writeOwnerFile(store.encodedBytes, to: storePath)
    }

    /// Read, change, write the store under the site lock: twenty processes
    /// rating at once leave twenty ratings. Nothing is written when reading
    /// (a corrupt file) or `change` fails.
    package func updateStore<T>(_ change: (inout GuideStore) throws -> T) throws -> T {
        try update(load: loadStore, save: saveStore, change)
    }

    /// `updateStore`, but the file is written only when `change` changed what it holds (an import
    /// run twice leaves the store as it was, time stamp and all).
    package func updateStoreIfChanged<T>(_ change: (inout GuideStore) throws -> T) throws -> T {
        try FileLock.withLock(at: lockPath) {
            var store = try loadStore()
            let before = store.encodedBytes
            let result = try change(&store)
            if store.encodedBytes != before { try saveStore(store) }
            return result
        }
    }

    /// Load, change and save one of the owner's files under the site lock.
    private func update<Value, T>(
        load: () throws -> Value, save: (Value) throws -> Void, _ change: (inout Value) throws -> T
    ) throws -> T {
        try FileLock.withLock(at: lockPath) {
            var value = try load()
            let result = try change(&value)
            try save(value)
            return result
        }
    }

    /// One of the owner's files, read by the strict rules (`StrictJSON`); nil when it does not
    /// exist. A file that breaks a rule is reported with its path and where, and left as it is.
    private func readOwnerFile<Value: Decodable>(
        _ path: String, _ type: Value.Type, invalid: (String, String) -> SiteDataError
    ) throws(SiteDataError) -> Value? {
        try checkInside(path)
        let bytes: [UInt8]?
        do { bytes = try FileSystem.readIfExists(path) } catch { throw .file(error) }
        guard let bytes else { return nil }
        return try SiteFolder.parseOwnerFile(bytes, path: path, type, invalid: invalid)
    }

    /// A wrong value in settings that read: said as the settings' other rules are
    /// (`SiteSettings.problems`).
    private static func invalidSettings(path: String, detail: String) -> SiteDataError {
        .invalidSettings(path: path, problems: [detail])
    }

    private static func invalidStore(path: String, detail: String) -> SiteDataError {
        .invalidValue(path: path, detail: detail)
    }

    /// Settings file bytes read by the same rules as a site's own (`sitegen init --sample` checks
    /// its starter so).
    package static func parseSettings(_ bytes: [UInt8], path: String) throws(SiteDataError)
        -> SiteSettings
    {
        let settings = try parseOwnerFile(
            bytes, path: path, SiteSettings.self, invalid: invalidSettings)
        let problems = settings.problems()
        guard problems.isEmpty else { throw .invalidSettings(path: path, problems: problems) }
        return settings
    }

    /// Store file bytes read by the same rules as a site's own.
    package static func parseStore(_ bytes: [UInt8], path: String) throws(SiteDataError)
        -> GuideStore
    {
        try parseOwnerFile(bytes, path: path, GuideStore.self, invalid: invalidStore)
    }

    /// Only bytes that do not read as JSON are «skadet» (damaged); a file that reads with a wrong
    /// value in it is `invalid`, which names the field.
    private static func parseOwnerFile<Value: Decodable>(
        _ bytes: [UInt8], path: String, _ type: Value.Type,
        invalid: (String, String) -> SiteDataError
    ) throws(SiteDataError) -> Value {
        let json: JSONValue
        do { json = try JSONParser.parseStrict(bytes: bytes) } catch {
            throw .corrupt(path: path, detail: "ugyldig JSON, \(error.localizedDescription)")
        }
        do {
            return try StrictJSON.decode(type, from: bytes, parsed: json)
        } catch {
            if error.path == "format", error.message.hasPrefix("ukjent") {
                throw .unsupportedFormat(path: path, detail: error.message)
            }
            throw invalid(
                path, error.path.isEmpty ? error.message : "\(error.path): \(error.message)")
        }
    }

    private func writeOwnerFile(_ bytes: [UInt8], to path: String) throws(SiteDataError) {
        try checkInside(path)
        do { try FileSystem.writeAtomically(redactor.redact(bytes), to: path) } catch {
            throw .file(error)
        }
    }
}
