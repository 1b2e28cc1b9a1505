import BeaconModel
import BeaconSystem

/// Every way talking to Geoapify can fail, with a message for a person. No
/// message ever holds the API key.
package enum GeoapifyError: UserFacingError, Equatable {
    case missingKey
    case invalidKey
    case forbidden(String)
    case badRequest(String)
    case rateLimited
    case quotaExceeded
    case server(status: Int)
    case unexpectedStatus(Int)
    case timeout(seconds: Int)
    case noNetwork(String)
    case transport(String)
    case redirectRefused(to: String)
    case answerTooLarge(limit: Int)
    /// This machine cannot make the request at all (libcurl missing).
    case clientUnavailable(String)
    case invalidConfiguration(String)
    case unexpectedBody(String)
    case offlineWithoutCache(category: String)
    case noAddressFound(String)

    package var userMessage: String {
        switch self {
        case .missingKey:
            return
                "Dette krever en Geoapify API-nøkkel. Sett miljøvariabelen GEOAPIFY_API_KEY (gratis nøkkel på geoapify.com)."
        case .invalidKey:
            return
                "Geoapify godtok ikke API-nøkkelen (401). Sjekk at GEOAPIFY_API_KEY er riktig og ikke utløpt."
        case .forbidden(let detail):
            return
                "Geoapify nektet forespørselen (403): nøkkelen har ikke tilgang\(detail.isEmpty ? "" : " (\(detail))"). Sjekk begrensningene på nøkkelen i Geoapify-kontoen."
        case .badRequest(let detail):
            return
                "Geoapify avviste forespørselen (400)\(detail.isEmpty ? "" : ": \(detail)"). Sjekk senter og radius i innstillingene."
        case .rateLimited:
            return
                "Geoapify sier at det kommer for mange forespørsler (429), også etter nye forsøk. Vent litt og prøv igjen."
        case .quotaExceeded:
            return
                "Dagskvoten hos Geoapify er brukt opp (429). Prøv igjen i morgen, eller bygg fra mellomlageret med --offline."
        case .server(let status):
            return
                "Geoapify har en feil på sin side (HTTP \(status)), også etter nye forsøk. Prøv igjen senere."
        case .unexpectedStatus(let status):
            return "Geoapify svarte med uventet status \(status)."
        case .timeout(let seconds):
            return
                "Geoapify svarte ikke innen \(NorwegianFormat.count(seconds, singular: "sekund", plural: "sekunder")), også etter nye forsøk. Sjekk nettforbindelsen, eller bygg fra mellomlageret med --offline."
        case .noNetwork(let detail):
            return
                "Får ikke kontakt med Geoapify: ingen nettforbindelse (\(detail)). Bygg fra mellomlageret med --offline."
        case .transport(let detail):
            return "Forespørselen til Geoapify feilet: \(detail)."
        case .redirectRefused(let target):
            return
                "Geoapify-adressen svarte med en videresending til en annen server (\(target)). Den følges ikke, fordi API-nøkkelen ville blitt sendt dit. Sjekk GEOAPIFY_BASE_URL og nettverket (en proxy eller innloggingsside kan stå imellom)."
        case .answerTooLarge(let limit):
            return
                "Svaret fra Geoapify var større enn grensen på \(FileSystem.describe(bytes: limit)), og ble avvist. Et vanlig svar er noen hundre kilobyte: sjekk GEOAPIFY_BASE_URL, eller prøv igjen senere."
        case .clientUnavailable(let detail):
            return
                "Kan ikke hente fra Geoapify på denne maskinen: \(detail). Bygg fra mellomlageret med --offline, eller fra en fil med --places."
        case .invalidConfiguration(let detail):
            return detail
        case .unexpectedBody(let detail):
            return "Geoapify svarte med noe annet enn forventet (\(detail)). Prøv igjen senere."
        case .offlineWithoutCache(let category):
            return
                "Mellomlageret har ingen \(category) for dette senteret og denne radiusen, og --offline forbyr nettverkskall. Bygg én gang uten --offline først."
        case .noAddressFound(let text):
            return "Geoapify fant ingen adresse for «\(text)»."
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .missingKey, .badRequest, .invalidConfiguration: .usage
        case .noAddressFound: .dataError
        default: .unavailable
        }
    }

    /// A few words for progress lines between retries ("HTTP 503", "tidsavbrudd").
    package var briefDescription: String {
        switch self {
        case .rateLimited: "for mange forespørsler (429)"
        case .server(let status): "serverfeil (HTTP \(status))"
        case .timeout(let seconds): "ikke svar innen \(seconds) s"
        case .noNetwork: "ingen nettforbindelse"
        case .transport(let detail): detail
        default: userMessage
        }
    }

    /// Whether another attempt may help.
    var isRetryable: Bool {
        switch self {
        case .rateLimited, .server, .timeout, .noNetwork, .transport: true
        default: false
        }
    }
}
