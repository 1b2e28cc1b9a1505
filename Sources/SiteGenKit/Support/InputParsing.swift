import Foundation
import BeaconCore

/// Bad input on the command line: a clear message, exit status 64, nothing written.
struct InvalidInput: UserFacingError {
    var message: String
    var userMessage: String { message + " Ingenting er endret." }
    var exitStatus: ExitStatus { .usage }
}

/// Turns command-line text into validated values, with Norwegian messages.
enum InputParsing {
    static func stars(_ text: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), Rating.allowedStars.contains(value) else {
            throw InvalidInput(message: "Antall stjerner må være et helt tall fra 1 til 5 (fikk «\(text)»).")
        }
        return value
    }

    static func radius(_ text: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), SiteSettings.radiusRange.contains(value) else {
            throw InvalidInput(message: "Radius må være et helt antall kilometer fra 1 til 10 (fikk «\(text)»).")
        }
        return value
    }

    /// Accepts a decimal point or a Norwegian decimal comma.
    static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
    }

    static func coordinate(latitude: String, longitude: String) throws -> Coordinate {
        guard let lat = number(latitude), lat.isFinite, abs(lat) <= 90 else {
            throw InvalidInput(message: "Breddegraden må være et tall mellom -90 og 90 (fikk «\(latitude)»).")
        }
        guard let lon = number(longitude), lon.isFinite, abs(lon) <= 180 else {
            throw InvalidInput(message: "Lengdegraden må være et tall mellom -180 og 180 (fikk «\(longitude)»).")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// `YYYY-MM-DD`, not after today.
    static func date(_ text: String, today: CalendarDate) throws -> CalendarDate {
        guard let date = CalendarDate(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw InvalidInput(message: "Datoen må skrives som ÅÅÅÅ-MM-DD, for eksempel \(today.iso) (fikk «\(text)»).")
        }
        guard date <= today else {
            throw InvalidInput(message: "Datoen \(date.iso) er i fremtiden.")
        }
        return date
    }

    static func comment(_ text: String) throws -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InvalidInput(message: "Kommentaren er tom. Dropp --comment hvis du ikke vil skrive noe.")
        }
        guard text.count <= TextHardening.Limit.comment else {
            throw InvalidInput(message: "Kommentaren er for lang (\(text.count) tegn, grensen er \(TextHardening.Limit.comment)).")
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
