import BeaconModel
import BeaconText

/// A Google Maps saved list as CSV, as Takeout's «Saved» folder holds one per list: a header
/// `Title,Note,URL` (newer exports add `Tags` and `Comment`, and any further column is read past),
/// sometimes after a line with the list's name, and a row per place. There are no positions: the
/// caller looks the places up. Rows with every field empty (newer exports write one after the
/// header) are no items at all.
enum GoogleListCSVReader {
    /// Header names, lower-cased, in English and as a Norwegian export may write them.
    private static let titleColumns: Set = ["title", "tittel"]
    private static let noteColumns: Set = ["note", "notat"]
    private static let urlColumns: Set = ["url"]
    private static let tagsColumns: Set = ["tags", "etiketter"]
    private static let commentColumns: Set = ["comment", "kommentar"]

    /// Whether the first record (or the second, after a one-field line) is a header with a title
    /// and a URL column. Decides by content alone; a file that breaks the CSV rules early is no
    /// list.
    static func isGoogleList(_ bytes: [UInt8]) -> Bool {
        var records = CSVRecords(bytes)
        guard let first = try? records.next() else { return false }
        if isHeader(first) { return true }
        guard first.count == 1, let second = try? records.next() else { return false }
        return isHeader(second)
    }

    private static func isHeader(_ fields: [String]) -> Bool {
        let names = Set(fields.map { $0.trimmingWhitespace().lowercased() })
        return !names.isDisjoint(with: titleColumns) && !names.isDisjoint(with: urlColumns)
    }

    package static func read(_ bytes: [UInt8]) throws(CSVRecords.Failure) -> ImportedFile {
        var records = CSVRecords(bytes)
        var file = ImportedFile(format: .googleListCSV)
        guard var header = try records.next() else { return file }
        if !isHeader(header) {
            file.title = ImportText.title(header.first)
            guard let next = try records.next() else { return file }
            header = next
        }
        let names = header.map { $0.trimmingWhitespace().lowercased() }
        func column(_ accepted: Set<String>) -> Int? { names.firstIndex { accepted.contains($0) } }
        let title = column(titleColumns)
        let note = column(noteColumns)
        let url = column(urlColumns)
        let tags = column(tagsColumns)
        let comment = column(commentColumns)
        var index = 0
        while let record = try records.next() {
            guard record.contains(where: { !$0.trimmingWhitespace().isEmpty }) else { continue }
            defer { index += 1 }
            func field(_ column: Int?) -> String? {
                guard let column, column < record.count else { return nil }
                return record[column]
            }
            let link = field(url)
            guard let name = ImportText.name(field(title)) ?? ImportText.nameInGoogleMapsURL(link)
            else {
                file.skipped.append(ImportSkip(name: nil, sourceIndex: index, reason: .noName))
                continue
            }
            file.places.append(
                ImportedPlace(
                    name: name,
                    noteHTML: ImportText.noteHTML(
                        plain: ImportText.joined(field(note), field(comment))),
                    url: ImportText.webAddress(link), list: file.title,
                    kind: TextHardening.clean(field(tags), maximumLength: TextHardening.Limit.name),
                    sourceIndex: index))
        }
        return file
    }
}
