/// Path arithmetic on strings, as `NSString`'s path methods did it: trailing
/// slashes ignored, `/` kept as the root. (FoundationEssentials has no `NSString`.)
package enum PathText {
    /// "/a/b.txt" → "b.txt"; "/a/b/" → "b"; "/" → "/".
    package static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" || trimmed.isEmpty { return trimmed }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// "/a/b" → "/a"; "/a" → "/"; "a" → "".
    package static func parent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        let head = withoutTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty ? "/" : head
    }

    /// "a/b.tar.gz" → "gz"; "a/.profile" → ""; "a/b" → "".
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else {
            return ""
        }
        return String(name[name.index(after: dot)...])
    }

    /// "a/b.json" → "a/b"; "a/.profile" → "a/.profile".
    package static func removingExtension(_ path: String) -> String {
        let ext = pathExtension(path)
        guard !ext.isEmpty else { return withoutTrailingSlashes(path) }
        let trimmed = withoutTrailingSlashes(path)
        let cut = trimmed.utf8.index(trimmed.utf8.endIndex, offsetBy: -(ext.utf8.count + 1))
        return String(trimmed[..<cut])
    }

    /// "a" + "b" → "a/b", with one slash between.
    package static func appending(_ component: String, to path: String) -> String {
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    /// "~/x" → the home folder + "/x", "~ola/x" → ola's + "/x"; anything else, or an unknown user,
    /// unchanged. `home` looks a home folder up, the current user's for nil (BeaconSystem's
    /// `HomeFolder.path`).
    package static func expandingTilde(_ path: String, home: (_ user: String?) -> String?) -> String
    {
        guard path.hasPrefix("~") else { return path }
        let afterTilde = path.dropFirst()
        let user = afterTilde.prefix { $0 != "/" }
        let rest = afterTilde.dropFirst(user.count)
        guard let found = home(user.isEmpty ? nil : String(user)), !found.isEmpty else {
            return path
        }
        return withoutTrailingSlashes(withoutTrailingSlashes(found) + rest)
    }

    static func withoutTrailingSlashes(_ path: String) -> String {
        var end = path.utf8.endIndex
        while end > path.utf8.index(after: path.utf8.startIndex),
            path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/")
        {
            end = path.utf8.index(before: end)
        }
        return path.isEmpty ? path : String(path[..<end])
    }
}
