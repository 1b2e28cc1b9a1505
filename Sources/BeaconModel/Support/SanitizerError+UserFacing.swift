import BeaconHTML
import BeaconSystem

/// The sanitiser's one error, told as the other `UserFacingError`s are.
extension SanitizerError: UserFacingError {
    package var userMessage: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "Teksten er for lang: \(bytes) byte, grensen er \(limit) byte."
        }
    }

    package var exitStatus: ExitStatus { .dataError }
}
