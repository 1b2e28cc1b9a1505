import BeaconModel
import BeaconSystem

/// Why an import file could not be read. The message names the file and says what it seemed to be,
/// since the owner fixes these (exports again, unpacks, saves as UTF-8), not the tool. A place that
/// cannot be read is not an error: it is an `ImportSkip`.
package struct ImportError: UserFacingError, Equatable {
    package enum Reason: Error, Sendable, Equatable {
        /// No bytes, or only whitespace.
        case empty
        /// Over `ImportReader.maximumFileBytes`.
        case tooLarge(bytes: Int, limit: Int)
        /// None of the formats read; what it seemed to be instead, when that shows ("et
        /// PNG-bilde").
        case unrecognised(seemsToBe: String?)
        /// JSON or CSV saved as UTF-16 (a byte order mark says so); XML in UTF-16 is read.
        case utf16
        /// The first byte that is not UTF-8, after `offset` bytes that are (in XML, only when it
        /// declares no other encoding).
        case invalidUTF8(offset: Int, byte: UInt8)
        /// Recognised, but its syntax breaks (cut off, most often): `what` is the format's name,
        /// `detail` where.
        case malformed(what: String, detail: String)
        /// Whole, but nested deeper than the reader goes (`JSONParser.maximumDepth`,
        /// `ImportXML.maximumDepth`): not a file cut off, and no export of places.
        case nestedTooDeep(what: String, detail: String)
        /// An XML file whose DOCTYPE declares entities or other markup (an XML bomb, or at best
        /// needless).
        case declaresEntities
        /// A KMZ that is not a zip we read, or whose KML cannot be taken out.
        case zip(ZipProblem)
        /// A CSV row with more columns than `limit` (row counted from 1).
        case tooManyColumns(row: Int, limit: Int)
        /// A CSV field longer than `limit` bytes (row counted from 1).
        case fieldTooLong(row: Int, limit: Int)
        /// Overpass API stopped with an error; the answer is incomplete. Its own words, cleaned.
        case overpassError(String)
    }

    /// What is wrong with a KMZ's zip.
    package enum ZipProblem: Error, Sendable, Equatable {
        /// No end-of-central-directory record where a zip has one, or the directory points outside
        /// the file.
        case damaged(String)
        case zip64
        case spanned
        /// No `.kml` entry at all.
        case noKML
        case encrypted(entry: String)
        case unsupportedMethod(entry: String, method: Int)
        /// The entry would inflate past `limit` bytes (a zip bomb, or simply too much).
        case inflatedTooLarge(entry: String, limit: Int)
        /// The deflated data is corrupt or its checksum does not match.
        case corrupt(entry: String, detail: String)
    }

    /// The file's name as the owner gave it, for the message.
    package var fileName: String
    package var reason: Reason

    package init(fileName: String, reason: Reason) {
        self.fileName = fileName
        self.reason = reason
    }

    /// The formats `sitegen import` reads, for every message that says a file is none of them.
    static let formatsRead =
        "Google Takeout, Google Maps-liste som CSV, KML/KMZ, GPX, GeoJSON, Overpass JSON, OpenStreetMap-XML"

    package var userMessage: String {
        let file = "«\(TextHardening.clean(fileName, maximumLength: 200) ?? "(uten navn)")»"
        let again = "Filen kan være avkuttet; last den ned eller eksporter den på nytt."
        switch reason {
        case .empty:
            return "\(file) er tom. Forventet en av \(ImportError.formatsRead)."
        case .tooLarge(let bytes, let limit):
            return "\(file) er for stor (\(FileSystem.describe(bytes: bytes)), grensen er "
                + "\(FileSystem.describe(bytes: limit))). Del den opp, eller eksporter færre steder om gangen."
        case .unrecognised(let seemsToBe):
            return "\(file) er ikke i et format sitegen kan importere (\(ImportError.formatsRead))"
                + (seemsToBe.map { "; den ser ut som \($0)" } ?? "") + "."
        case .utf16:
            return "\(file) er lagret som UTF-16. Lagre den som UTF-8 og prøv igjen."
        case .invalidUTF8(let offset, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "\(file) er ikke gyldig UTF-8: byte 0x\(hex.count == 1 ? "0" : "")\(hex) etter "
                + "\(NorwegianFormat.integer(offset)) byte. Lagre filen som UTF-8 og prøv igjen."
        case .malformed(let what, let detail):
            return "\(file) ser ut som \(what), men kan ikke leses (\(detail)). \(again)"
        case .nestedTooDeep(let what, let detail):
            return
                "\(file) ser ut som \(what), men kan ikke leses (\(detail)). Ingen eksport av steder er nøstet "
                + "så dypt; sjekk at det er riktig fil."
        case .declaresEntities:
            return
                "\(file) erklærer egne entiteter i en DOCTYPE (<!DOCTYPE … [ … ]>). Slike erklæringer trengs "
                + "aldri i KML, GPX eller OpenStreetMap-XML og kan blåse opp filen (en «XML-bombe»), så den leses ikke."
        case .zip(let problem):
            return "\(file) er en zip-fil (KMZ), men " + ImportError.describe(problem)
        case .tooManyColumns(let row, let limit):
            return
                "\(file) ser ut som en Google Maps-liste (CSV), men rad \(NorwegianFormat.integer(row)) har "
                + "flere enn \(NorwegianFormat.integer(limit)) kolonner. Det er ikke en liste fra Google Maps."
        case .fieldTooLong(let row, let limit):
            return
                "\(file) ser ut som en Google Maps-liste (CSV), men et felt i rad \(NorwegianFormat.integer(row)) "
                + "er lengre enn \(FileSystem.describe(bytes: limit)). Det er ikke en liste fra Google Maps."
        case .overpassError(let text):
            return
                "\(file) er et svar fra Overpass API som stoppet med en feil: «\(text)». Svaret er "
                + "ufullstendig og importeres ikke. Kjør spørringen på nytt, gjerne for et mindre område."
        }
    }

    private static func describe(_ problem: ZipProblem) -> String {
        func entry(_ name: String) -> String {
            "«\(TextHardening.clean(name, maximumLength: 100) ?? "?")»"
        }
        switch problem {
        case .damaged(let detail):
            return
                "den kan ikke leses (\(detail)). Filen kan være avkuttet; last den ned eller eksporter den på nytt."
        case .zip64:
            return
                "den er i ZIP64-formatet, som ikke leses her. En KMZ fra Google My Maps er det aldri; "
                + "pakk den ut og importer doc.kml."
        case .spanned:
            return
                "den er delt over flere filer. Sett den sammen, eller pakk den ut og importer doc.kml."
        case .noKML:
            return
                "den har verken en KML-fil (doc.kml, som en KMZ fra My Maps) eller steder slik Google Takeout "
                + "legger dem («Saved Places.json», listene under «Saved»)."
        case .encrypted(let name):
            return
                "\(entry(name)) i den er kryptert. Pakk den ut med passordet og importer KML-filen."
        case .unsupportedMethod(let name, let method):
            return
                "\(entry(name)) i den er komprimert med en metode som ikke leses her (nr. \(method)). "
                + "Pakk den ut og importer KML-filen."
        case .inflatedTooLarge(let name, let limit):
            return
                "\(entry(name)) i den blir større enn \(FileSystem.describe(bytes: limit)) utpakket, grensen "
                + "for én import. Filen leses ikke (den kan være en «zip-bombe»)."
        case .corrupt(let name, let detail):
            return
                "\(entry(name)) i den er ødelagt (\(detail)). Filen kan være avkuttet; last den ned på nytt."
        }
    }

    package var exitStatus: ExitStatus { .dataError }
}
