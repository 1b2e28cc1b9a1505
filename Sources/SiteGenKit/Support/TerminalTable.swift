/// Columns of text for the terminal, lined up by the cells a terminal draws rather than by
/// characters: a Chinese or Japanese name takes two cells a character, an accent none, so counting
/// characters pushed every column after «中文小馆» out of line.
enum TerminalTable {
    /// The rows under a rule after the first (the header), two spaces between columns; the last
    /// column is not padded.
    static func render(_ rows: [[String]]) -> [String] {
        guard let header = rows.first else { return [] }
        let cells = rows.map { $0.map(TerminalText.columns) }
        let widths = header.indices.map { column in cells.map { $0[column] }.max() ?? 0 }
        var lines = zip(rows, cells).map { row, cells in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - cells[column])
            }.joined(separator: "  ")
        }
        lines.insert(
            widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "), at: 1)
        return lines
    }
}
