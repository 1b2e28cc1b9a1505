import BeaconSystem

enum ServeError: UserFacingError, Equatable {
    case rootMissing(String)
    case badHost(String)
    case cannotListen(String, UInt16, String)

    package var userMessage: String {
        switch self {
        case .rootMissing(let path):
            "Fant ikke nettstedet i \(path). Kjør «sitegen build» først, eller oppgi mappen med --output."
        case .badHost(let host):
            "«\(host)» er ikke en IPv4-adresse (for eksempel 127.0.0.1 eller 0.0.0.0)."
        case .cannotListen(let host, let port, let reason):
            "Kan ikke lytte på \(host):\(port): \(reason). Velg en annen port med --port."
        }
    }

    var exitStatus: ExitStatus { .unavailable }
}
