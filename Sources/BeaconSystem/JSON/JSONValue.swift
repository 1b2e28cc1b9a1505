import BeaconText
import FoundationEssentials

/// A parsed JSON value. Objects keep their members in document order as an
/// array of pairs: lookups are over a handful of keys, and keeping order makes
/// re-encoding stable.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member named `key` of an object; nil for anything else.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// A string, or a number or bool written as text: real Geoapify data puts
    /// numbers where strings are expected (`addr:housenumber: 12`).
    package var looseString: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return JSONValue.format(number: n)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// A number, or a string that holds one.
    package var looseDouble: Double? {
        switch self {
        case .number(let n): return n
        case .string(let s): return Double(s.trimmingSpaces())
        default: return nil
        }
    }

    /// Integral doubles print without a fraction ("12", not "12.0").
    package static func format(number n: Double) -> String {
        if let integer = Int64(exactly: n), abs(n) < 1e15 { return String(integer) }
        return String(n)
    }
}
