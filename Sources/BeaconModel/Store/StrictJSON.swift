import BeaconSystem
import FoundationEssentials

/// The rules the owner's files (settings and store) are read by, in one place.
/// `JSONParser.parseStrict` says whether the bytes are JSON at all (only a file that is not is
/// «skadet»; it also refuses a member given twice, which `JSONDecoder` would quietly read the first
/// of). Then `JSONDecoder` reads the types, whose `init(from:)` take their members through
/// `strictContainer` (Codable skips a member it does not know, and the next save would drop what
/// the owner wrote there) and the readers below. Whatever is refused becomes a `Problem` naming the
/// member as the file writes it (`places.node/1.ratings[2].stars`) and, for a wrong value, the
/// value the file has.
enum StrictJSON {
    struct Problem: Error {
        var path: String
        var message: String
    }

    /// What a type's `init(from:)` refuses at `codingPath`. `showsValue`: the message goes on with
    /// the file's value («(er «fem»)»), unless it names it itself. `knownKeys`: an unknown member,
    /// among these.
    struct Refusal: Error {
        var codingPath: [any CodingKey]
        var message: String
        var showsValue = true
        var knownKeys: [String]?

        init(at codingPath: [any CodingKey], _ message: String, showsValue: Bool = true) {
            (self.codingPath, self.message, self.showsValue) = (codingPath, message, showsValue)
        }
    }

    /// `Value` from `bytes`; `json`, the strict parse of them, gives the messages the file's value
    /// and its first unknown member.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], parsed json: JSONValue
    )
        throws(Problem) -> Value
    {
        let decoder = JSONDecoder()
        do {
            do {
                return try decoder.decode(type, from: Data(bytes))
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                // JSONDecoder refuses a whole text for a number no Double holds (`1e400`), which
                // the parse, like JSON readers generally, reads as infinity. Given as text that
                // reads back as infinity, it is refused by its member's own rule, with its path, as
                // it always was.
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
                var text: [UInt8] = []
                JSONWriter(pretty: false).write(infinitiesAsText(json), into: &text)
                return try decoder.decode(type, from: Data(text))
            }
        } catch {
            let refusal: Refusal
            switch error {
            case let error as Refusal: refusal = error
            case DecodingError.typeMismatch(let type, let context):
                let words =
                    type == String.self
                    ? "tekst"
                    : type == Double.self
                        ? "et tall" : type == Bool.self ? "true eller false" : "et objekt"
                refusal = Refusal(
                    at: context.codingPath, "forventet " + (type is [Any].Type ? "en liste" : words)
                )
            case DecodingError.keyNotFound(let key, let context):
                refusal = Refusal(at: context.codingPath + [key], "mangler", showsValue: false)
            case let error as DecodingError:
                refusal = Refusal(at: error.codingPath, "ugyldig verdi")
            default: refusal = Refusal(at: [], "\(error)", showsValue: false)
            }
            let value = member(at: refusal.codingPath, in: json)
            if let known = refusal.knownKeys, case .object(let members)? = value,
                let unknown = members.first(where: { !known.contains($0.key) })
            {
                throw Problem(
                    path: text(refusal.codingPath + [JSONKey(unknown.key)]),
                    message: "ukjent felt (kjente felt her: \(known.joined(separator: ", ")))")
            }
            let shownValue = refusal.showsValue ? value.map { " (er \(shown($0)))" } ?? "" : ""
            throw Problem(path: text(refusal.codingPath), message: refusal.message + shownValue)
        }
    }

    private static func infinitiesAsText(_ json: JSONValue) -> JSONValue {
        switch json {
        case .number(let number) where !number.isFinite:
            .string(number > 0 ? "Infinity" : "-Infinity")
        case .array(let items): .array(items.map(infinitiesAsText))
        case .object(let members): .object(members.map { ($0.key, infinitiesAsText($0.value)) })
        default: json
        }
    }

    /// A value as a message shows what the file has: «text», a number, true, null, or a list or an
    /// object by its kind.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "«\(TextHardening.clean(text, maximumLength: 60) ?? "")»"
        case .number(let number): JSONValue.format(number: number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array: "en liste"
        case .object: "et objekt"
        }
    }

    /// `places.node/1.ratings[2]`.
    static func text(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            text += key.intValue.map { "[\($0)]" } ?? (text.isEmpty ? "" : ".") + key.stringValue
        }
    }

    /// What the file has at `path`; nil where it has nothing.
    private static func member(at path: [any CodingKey], in json: JSONValue) -> JSONValue? {
        path.reduce(json) { value, key in
            if let index = key.intValue, let items = value?.arrayValue {
                items.indices.contains(index) ? items[index] : nil
            } else {
                value?[key.stringValue]
            }
        }
    }

    /// An error of the wrong kind at `path` is refused with `expected`, one of an element of it
    /// with `element`; one from deeper down is left for `decode` to say.
    fileprivate static func refusal(
        _ error: DecodingError, at path: [any CodingKey], _ expected: String, _ element: String?
    )
        -> any Error
    {
        let at = error.codingPath
        guard at.count <= path.count + 1 else { return error }
        return at.count > path.count
            ? Refusal(at: at, element ?? expected) : Refusal(at: path, expected)
    }
}

extension Decoder {
    /// The object this decoder is at, every member of which must be one of `known`; `expected` when
    /// it is none. Members are named by text, not by a `CodingKeys` enum per type: each enum costs
    /// the binary kilobytes.
    func strictContainer(known: [String], expected: String = "forventet et objekt") throws
        -> KeyedDecodingContainer<
            JSONKey
        >
    {
        guard let members = try? container(keyedBy: JSONKey.self) else {
            throw StrictJSON.Refusal(at: codingPath, expected)
        }
        if members.allKeys.contains(where: { !known.contains($0.stringValue) }) {
            var refusal = StrictJSON.Refusal(at: codingPath, "ukjent felt")
            refusal.knownKeys = known
            throw refusal
        }
        return members
    }

    /// The value this decoder is at, as a `Raw`, refused as `strictIfPresent` refuses a member.
    func strictValue<Raw: Decodable>(_ type: Raw.Type, expected: String) throws -> Raw {
        do { return try Raw(from: self) } catch let error as DecodingError {
            throw StrictJSON.refusal(error, at: codingPath, expected, nil)
        }
    }
}

extension KeyedDecodingContainer<JSONKey> {
    /// The member `key` read as a `Raw` and made a value by `read`; nil when it is missing or null.
    /// A member of another kind, or one `read` turns down (nil), is refused with `expected`, an
    /// element of it of the wrong kind with `element`.
    func strictIfPresent<Raw: Decodable, Value>(
        _ key: Key, as type: Raw.Type, expected: String, element: String? = nil,
        _ read: (Raw) throws -> Value?
    ) throws -> Value? {
        let raw: Raw?
        do { raw = try decodeIfPresent(type, forKey: key) } catch let error as DecodingError {
            throw StrictJSON.refusal(error, at: codingPath + [key], expected, element)
        }
        guard let raw else { return nil }
        guard let value = try read(raw) else {
            throw StrictJSON.Refusal(at: codingPath + [key], expected)
        }
        return value
    }

    /// `strictIfPresent` for a member that must be there and not null.
    func strict<Raw: Decodable, Value>(
        _ key: Key, as type: Raw.Type, expected: String, _ read: (Raw) throws -> Value?
    ) throws -> Value {
        guard let value = try strictIfPresent(key, as: type, expected: expected, read) else {
            throw StrictJSON.Refusal(at: codingPath + [key], expected)
        }
        return value
    }

    func strictIfPresent<Raw: Decodable>(_ key: Key, as type: Raw.Type, expected: String) throws
        -> Raw?
    {
        try strictIfPresent(key, as: type, expected: expected) { $0 }
    }

    func strict<Raw: Decodable>(_ key: Key, as type: Raw.Type, expected: String) throws -> Raw {
        try strict(key, as: type, expected: expected) { $0 }
    }

    /// A text as the owner wrote it (the settings' texts are checked by `SiteSettings.problems`).
    func string(_ key: Key) throws -> String? {
        try strictIfPresent(key, as: String.self, expected: "forventet tekst")
    }

    /// A whole number (`5` or `5.0`: JSON does not tell them apart) of fewer than ten digits.
    func integer(_ key: Key) throws -> Int? {
        try strictIfPresent(key, as: Double.self, expected: "forventet et heltall") {
            Int(exactly: $0).flatMap { abs($0) < 1_000_000_000 ? $0 : nil }
        }
    }

    /// A day as the store writes it (`2026-11-21`), read as text: a decoder of its own for each of
    /// thousands of ratings would cost more than the day.
    func dateIfPresent(_ key: Key) throws -> CalendarDate? {
        try strictIfPresent(
            key, as: String.self, expected: CalendarDate.expected, CalendarDate.init(iso:))
    }

    func date(_ key: Key) throws -> CalendarDate {
        try strict(key, as: String.self, expected: CalendarDate.expected, CalendarDate.init(iso:))
    }

    /// A category by its key (`PlaceCategory(storedKey:)`).
    func category(_ key: Key) throws -> PlaceCategory {
        try strict(
            key, as: String.self, expected: PlaceCategory.expected, PlaceCategory.init(storedKey:))
    }

    func categoryIfPresent(_ key: Key) throws -> PlaceCategory? {
        try strictIfPresent(
            key, as: String.self, expected: PlaceCategory.expected, PlaceCategory.init(storedKey:))
    }

    /// A text cleaned as every text from outside is (`TextHardening`). `keepsEmpty`: an empty text
    /// stays (a correction's clears the data's value) rather than being refused.
    func text(_ key: Key, limit: Int, keepsEmpty: Bool = false) throws -> String? {
        guard let text = try string(key) else { return nil }
        if keepsEmpty, text.isEmpty { return "" }
        guard let clean = TextHardening.clean(text, maximumLength: limit) else {
            throw StrictJSON.Refusal(
                at: codingPath + [key], "forventet tekst som ikke er tom", showsValue: false)
        }
        return clean
    }

    /// `lat` and `lon` beside each other, a position on the Earth.
    func coordinate(lat: Key, lon: Key) throws -> Coordinate {
        let coordinate = Coordinate(
            latitude: (try? decode(Double.self, forKey: lat)) ?? .nan,
            longitude: (try? decode(Double.self, forKey: lon)) ?? .nan)
        guard coordinate.isValid else {
            throw StrictJSON.Refusal(
                at: codingPath, "forventet gyldige koordinater (lat, lon)", showsValue: false)
        }
        return coordinate
    }

    /// The file's `format`: one of `readable` (an older one is read as it was written; a larger one
    /// was written by a newer sitegen, and is said so).
    func format(_ key: Key, readable: ClosedRange<Int>) throws -> Int {
        guard contains(key) else {
            throw StrictJSON.Refusal(
                at: codingPath + [key], "mangler formatversjon", showsValue: false)
        }
        let version = try strict(key, as: Double.self, expected: "forventet et heltall") {
            Int(exactly: $0)
        }
        guard readable.contains(version) else {
            let versions =
                readable.count == 1
                ? "\(readable.lowerBound)" : "\(readable.lowerBound) til \(readable.upperBound)"
            throw StrictJSON.Refusal(
                at: codingPath + [key],
                "ukjent formatversjon \(version) (denne versjonen av sitegen leser versjon \(versions))",
                showsValue: false)
        }
        return version
    }
}

/// A member's name or an element's index, as paths and the owner's files name them.
struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(_ name: String) { stringValue = name }
    init(stringLiteral name: String) { stringValue = name }
    init(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
}

extension DecodingError {
    fileprivate var codingPath: [any CodingKey] {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            context.codingPath
        case .keyNotFound(let key, let context): context.codingPath + [key]
        @unknown default: []
        }
    }
}
