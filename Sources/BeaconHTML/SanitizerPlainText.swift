import BeaconSystem

/// Collects the text a reader would see, for `HTMLSanitizer.plainText`: on one line, whitespace
/// collapsed, with a mark where one block (a paragraph, a list item, a line break) ends and the next
/// begins, so that the blocks do not run together. After a block that ends a sentence («bedre.»)
/// a space is mark enough; after one that does not («Torsk»), « · » stands between them:
/// «Ikke billig, men bedre. Torsk · Hjemmelaget remulade».
enum SanitizerPlainText {
    /// Elements that do not break a line: no mark is added around them.
    private static let inlineNames: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "font",
        "i",
        "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup",
        "time",
        "tt", "u", "var", "wbr",
    ]

    /// What may end a block for a space alone to part it from the next.
    private static let closingPunctuation: Set<Character> = [
        ".", "!", "?", "…", ":", ";", ",", "-", "–", "—", "·",
    ]

    /// The mark between two blocks.
    static let blockSeparator = " · "

    static func collect(_ nodes: [HTMLNode]) -> String {
        var collector = Collector()
        collector.append(nodes)
        return collector.text
    }

    private struct Collector {
        var text = ""
        var pendingSpace = false
        var pendingBlock = false

        mutating func append(_ nodes: [HTMLNode]) {
            for node in nodes {
                switch node.kind {
                case .text(let content):
                    add(SanitizerText.clean(content))
                case .element(let name):
                    guard SanitizerElementRule(name: name) != .drop else { continue }
                    let breaksLine = !SanitizerPlainText.inlineNames.contains(name)
                    if breaksLine { pendingBlock = true }
                    append(node.children)
                    if breaksLine { pendingBlock = true }
                case .ignored:
                    continue
                }
            }
        }

        private mutating func add(_ content: String) {
            for character in content {
                guard !character.isWhitespace else {
                    pendingSpace = true
                    continue
                }
                if let last = text.last {
                    if pendingBlock {
                        text +=
                            SanitizerPlainText.closingPunctuation.contains(last)
                            ? " " : SanitizerPlainText.blockSeparator
                    } else if pendingSpace {
                        text += " "
                    }
                }
                pendingSpace = false
                pendingBlock = false
                text.append(character)
            }
        }
    }
}
