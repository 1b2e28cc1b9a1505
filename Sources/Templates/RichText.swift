import BeaconCore

/// Comments and the intro may hold a little formatting; it reaches the page
/// only through the sanitiser.
public enum RichText {
    public static func html(for text: String) -> SanitizedHTML {
        // TODO(sanitiser): switch to HTMLSanitizer.sanitize once it lands.
        SanitizedHTML.escapingPlainText(text)
    }
}
