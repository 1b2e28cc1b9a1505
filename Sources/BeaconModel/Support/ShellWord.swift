/// Paths and words in the commands the tool prints for a person to paste into a shell: as they are
/// when the shell takes them so, else in single quotes; a relative path that starts with `-` gets
/// `./`, so `cd` and the rest read it as a name, not an option (`cd -` would go to the previous
/// folder).
package enum ShellWord {
    /// `text` in single quotes, a quote inside written as `'\''`.
    package static func quoted(_ text: String) -> String {
        "'"
            + text.split(separator: "'", omittingEmptySubsequences: false).joined(
                separator: #"'\''"#) + "'"
    }

    /// `text` as it is when every character is one the shell leaves alone (letters, digits, `-_./`,
    /// and `~` after the first), else quoted.
    package static func word(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.enumerated().allSatisfy { index, character in
                character.isLetter || character.isNumber || "-_./".contains(character)
                    || (character == "~" && index > 0)
            }
        return plain ? text : quoted(text)
    }

    /// `path` as a word, with `./` before a relative path that starts with `-`.
    package static func path(_ path: String) -> String {
        word(path.hasPrefix("-") ? "./" + path : path)
    }
}
