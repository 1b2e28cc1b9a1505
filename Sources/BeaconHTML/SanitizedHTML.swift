import BeaconText
import FoundationEssentials

/// HTML that passed the sanitiser (`HTMLSanitizer`). Its initialiser is
/// internal to BeaconHTML, so no other code can label a string as safe.
package struct SanitizedHTML: Sendable, Equatable, CustomStringConvertible {
    package let html: String

    /// Internal to BeaconHTML: no other target can label a string as safe.
    init(trusted html: String) {
        self.html = html
    }

    static let empty = SanitizedHTML(trusted: "")
    package var isEmpty: Bool { html.isEmpty }
    package var description: String { html }
}

extension SanitizedHTML {
    /// Plain text as HTML: escaped, blank lines start new paragraphs. Used
    /// where formatting is not wanted, or when input is refused by the sanitiser.
    package static func escapingPlainText(_ text: String) -> SanitizedHTML {
        var b = HTMLBuffer(capacity: text.utf8.count + 16)
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.trimmingWhitespace() }.filter
        { !$0.isEmpty }
        for paragraph in paragraphs {
            b.element("p") { b in
                let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
                for (i, line) in lines.enumerated() {
                    if i > 0 { b.voidElement("br") }
                    b.text(String(line))
                }
            }
        }
        return SanitizedHTML(trusted: String(decoding: b.bytes, as: UTF8.self))
    }
}
