/// A JSON document's bytes, kept while its parts are read on all cores: the features of a
/// FeatureCollection found without building any value (`FeatureSplitter`), then each one parsed on
/// its own. Immutable, so the cores share it.
package final class JSONDocument: Sendable {
    /// The bytes and a NUL after them (for `strtod`, as `JSONParser` needs).
    private let terminated: [UInt8]

    package init(_ bytes: consuming [UInt8]) {
        var terminated = consume bytes
        terminated.append(0)
        self.terminated = terminated
    }

    package var count: Int { terminated.count - 1 }

    /// The ranges of the top-level `features` array's elements and of everything else
    /// (`FeatureSplitter.featureRanges`); nil when the layout is unusual.
    package func featureRanges() -> (features: [Range<Int>], otherRanges: [Range<Int>])? {
        unsafe terminated.withUnsafeBufferPointer { buffer in
            unsafe FeatureSplitter.featureRanges(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The JSON value that is exactly `range` of the document.
    package func parse(_ range: Range<Int>) throws(JSONParseError) -> JSONValue {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= count, "a range outside the document")
        return try unsafe terminated.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try unsafe JSONParser.parse(buffer.baseAddress!, range: range)
        }
    }

    /// The whole document parsed, an error saying where it is not JSON.
    package func parseWhole() throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(bytes: terminated, count: count, strict: false)
    }
}
