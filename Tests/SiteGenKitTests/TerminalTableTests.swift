import Testing

@testable import SiteGenKit

/// Tables in the terminal line up by the cells a terminal draws: real data has names in Chinese,
/// Japanese and Korean (two cells a character), accents written as combining marks (none), emoji.
@Suite struct TerminalTableTests {
    @Test(arguments: [
        ("Dishoom", 7), ("中文小馆", 8), ("寿司 🍣", 7), ("Ресторан", 8), ("مطعم الشام", 10),
        ("Cafe\u{301} Ø", 6), ("한식당", 6), ("ｶﾌｪ", 3), ("ＡＢ", 4), ("☕", 2), ("❤️", 2), ("♥", 1),
        ("👩‍🍳", 2), ("a\u{1B}b", 8), ("", 0),
    ])
    func columnsAreTheCellsATerminalDraws(text: String, cells: Int) {
        #expect(TerminalText.columns(text) == cells, "\(text)")
    }

    @Test func columnsLineUpAfterWideNames() {
        let lines = TerminalTable.render([
            ["Navn", "Kategori"], ["中文小馆", "kinesisk"], ["Nando's", "kylling"],
        ])
        #expect(lines[1] == "────────  ────────")
        #expect(lines[2] == "中文小馆  kinesisk")
        #expect(lines[3] == "Nando's   kylling")
    }

    @Test func truncationCountsCells() {
        #expect(TerminalText.truncate("中文小馆中文小馆", toColumns: 9) == "中文小馆…")
        #expect(TerminalText.columns(TerminalText.truncate("中文小馆中文小馆", toColumns: 9)) == 9)
        #expect(
            TerminalText.truncate("The Witchery by the Castle", toColumns: 12) == "The Witcher…")
        #expect(TerminalText.truncate("Baba", toColumns: 4) == "Baba")
    }
}
