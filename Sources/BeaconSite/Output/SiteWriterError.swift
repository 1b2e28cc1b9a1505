import BeaconSystem

/// Why the output could not be written. The previous output is left as it was.
package enum SiteWriterError: UserFacingError, Equatable {
    case unsafeOutputPath(path: String, reason: String)
    case notOurFolder(path: String)
    case invalidPagePath(String)
    case cancelled
    case file(FileError)

    package var userMessage: String {
        switch self {
        case .unsafeOutputPath(let path, let reason):
            return "Kan ikke skrive nettstedet til \(path): \(reason)."
        case .notOurFolder(let path):
            return
                "Mappen \(path) finnes allerede og er ikke laget av sitegen, så den blir ikke erstattet. Velg en annen mappe med --output, eller tøm den først."
        case .invalidPagePath(let path):
            return "Intern feil: ugyldig filsti «\(path)» i nettstedet."
        case .cancelled:
            return "Byggingen ble avbrutt, og det halvferdige nettstedet er ryddet bort."
        case .file(let error):
            return error.userMessage
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .file(let error): error.exitStatus
        case .invalidPagePath: .software
        case .cancelled: .interrupted
        default: .usage
        }
    }
}
