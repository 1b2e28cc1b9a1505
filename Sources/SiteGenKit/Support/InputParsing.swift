import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials

/// Bad input on the command line: a clear message, exit status 64, nothing written.
struct InvalidInput: UserFacingError {
    var message: String
    var userMessage: String { message + " Ingenting er endret." }
    var exitStatus: ExitStatus { .usage }
}

/// Turns command-line text into validated values, with Norwegian messages.
enum InputParsing {
    /// `--lang nb|nn|en`; nil when not given (the site's main language).
    static func language(_ text: String?) throws(InvalidInput) -> Language? {
        guard let text else { return nil }
        guard let language = Language(code: text.trimmingSpaces()) else {
            let shown = TextHardening.clean(text, maximumLength: 20) ?? ""
            throw InvalidInput(
                message:
                    "Ukjent språk «\(shown)». Bruk nb (bokmål), nn (nynorsk) eller en (engelsk).")
        }
        return language
    }

    static func stars(_ text: String) throws -> Int {
        guard let value = Int(text.trimmingSpaces()), Rating.allowedStars.contains(value) else {
            throw InvalidInput(
                message: "Antall stjerner må være et helt tall fra 1 til 5 (fikk «\(text)»).")
        }
        return value
    }

    static func radius(_ text: String) throws -> Int {
        guard let value = Int(text.trimmingSpaces()), SiteSettings.radiusRange.contains(value)
        else {
            throw InvalidInput(
                message: "Radius må være et helt antall kilometer fra 1 til 10 (fikk «\(text)»).")
        }
        return value
    }

    /// `--pick N`: which of the address's candidates, counted from 1.
    static func pick(_ text: String) throws -> Int {
        guard let number = Int(text), (1...10).contains(number) else {
            throw InvalidInput(message: "--pick må være et tall fra 1 til 10 (fikk «\(text)»).")
        }
        return number
    }

    /// `serve --port N`: 0 lets the system choose a free one.
    static func port(_ text: String) throws -> UInt16 {
        guard let port = UInt16(text) else {
            throw InvalidInput(message: "Porten må være et tall fra 0 til 65535 (fikk «\(text)»).")
        }
        return port
    }

    /// Accepts a decimal point or a Norwegian decimal comma; nothing else
    /// (no "0x10", "1e2", "inf").
    static func number(_ text: String) -> Double? {
        DecimalNumber.parse(text)
    }

    /// The centre's name (`--label`): one line, no control characters, at most 80 characters.
    static func label(_ text: String) throws -> String? {
        TextHardening.clean(try typedText(text, field: "Navnet (--label)"), maximumLength: 80)
    }

    static func coordinate(latitude: String, longitude: String) throws -> Coordinate {
        guard let lat = number(latitude), lat.isFinite, abs(lat) <= 90 else {
            throw InvalidInput(
                message: "Breddegraden må være et tall mellom -90 og 90 (fikk «\(latitude)»).")
        }
        guard let lon = number(longitude), lon.isFinite, abs(lon) <= 180 else {
            throw InvalidInput(
                message: "Lengdegraden må være et tall mellom -180 og 180 (fikk «\(longitude)»).")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// `YYYY-MM-DD`, not after today.
    static func date(_ text: String, today: CalendarDate) throws -> CalendarDate {
        guard let date = CalendarDate(iso: text.trimmingSpaces()) else {
            throw InvalidInput(
                message:
                    "Datoen må skrives som ÅÅÅÅ-MM-DD, for eksempel \(today.iso) (fikk «\(text)»).")
        }
        guard date <= today else {
            throw InvalidInput(message: "Datoen \(date.iso) er i fremtiden.")
        }
        return date
    }

    static func comment(_ text: String) throws -> String {
        guard !text.trimmingWhitespace().isEmpty else {
            throw InvalidInput(
                message: "Kommentaren er tom. Dropp --comment hvis du ikke vil skrive noe.")
        }
        return try commentText(text)
    }

    /// The rules every comment meets, from `rate --comment` or piped into
    /// `sanitize` alike: at most `Limit.comment` characters, and no
    /// characters that would act on a terminal or reorder text.
    static func commentText(_ text: String) throws -> String {
        guard text.count <= TextHardening.Limit.comment else {
            throw InvalidInput(
                message:
                    "Kommentaren er for lang (\(text.count) tegn, grensen er \(TextHardening.Limit.comment))."
            )
        }
        return try typedText(text, field: "Kommentaren", allowsLineBreaks: true)
    }

    /// Text a person typed, refused when it holds a control character
    /// (except line feed and tab, where line breaks are allowed) or a
    /// bidirectional override: they are never part of what someone means to
    /// write, and would act on the terminal that later shows them.
    static func typedText(_ text: String, field: String, allowsLineBreaks: Bool = false) throws
        -> String
    {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let allowed = allowsLineBreaks && (scalar == "\n" || scalar == "\t")
            if !allowed && TerminalText.isUnsafe(scalar)
                || (!allowsLineBreaks && (scalar == "\n" || scalar == "\t"))
            {
                let code =
                    "U+"
                    + String(
                        repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
                    + String(scalar.value, radix: 16, uppercase: true)
                throw InvalidInput(
                    message:
                        "\(field) inneholder et kontrolltegn eller retningstegn (\(code), tegn nummer \(offset + 1)). Slike tegn kan styre terminalen eller snu teksten, og tas ikke imot."
                )
            }
        }
        return text
    }
}

/// Star text for the terminal: "★★★★☆".
enum TerminalStars {
    static func text(_ stars: Int) -> String {
        String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
    }
}
