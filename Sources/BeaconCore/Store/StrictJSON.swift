import BeaconSystem

/// The rules the owner's files (settings and store) are read by, in one
/// place: every field must be one this version knows, and the format version
/// must be the one it writes. A file that breaks a rule is reported, never
/// rewritten, so nothing the owner typed is dropped by the next save.
enum StrictJSON {
    /// What is wrong and where (`places.node/1.ratings[0].stars`).
    struct Problem: Error {
        var path: String
        var message: String
    }

    /// A value as a message shows what the file has: «text», a number, true, null, or a list or an object
    /// by its kind.
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

    static func requireKnownFields(_ json: JSONValue, path: String, known: [String]) throws(Problem) {
        guard case .object(let members) = json else { return }
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            let location = path.isEmpty ? unknown.key : path + "." + unknown.key
            throw Problem(path: location, message: "ukjent felt (kjente felt her: \(known.joined(separator: ", ")))")
        }
    }

    /// `format` must be the integer `current`; a larger one was written by a newer sitegen.
    static func requireFormat(_ json: JSONValue, current: Int) throws(Problem) {
        try requireFormat(json, readable: current...current)
    }

    /// `format` must be one of the integers `readable` (an older one is read as it was written).
    static func requireFormat(_ json: JSONValue, readable: ClosedRange<Int>) throws(Problem) {
        guard let format = json["format"] else { throw Problem(path: "format", message: "mangler formatversjon") }
        guard case .number(let number) = format, let version = Int(exactly: number) else {
            throw Problem(path: "format", message: "forventet et heltall")
        }
        guard readable.contains(version) else {
            throw Problem(
                path: "format",
                message:
                    "ukjent formatversjon \(JSONValue.format(number: number)) (denne versjonen av sitegen leser versjon \(readable.upperBound == readable.lowerBound ? "\(readable.upperBound)" : "\(readable.lowerBound) til \(readable.upperBound)"))"
            )
        }
    }
}
