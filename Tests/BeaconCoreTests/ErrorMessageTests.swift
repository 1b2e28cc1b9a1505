import BeaconHTML
import Testing

@testable import BeaconSystem

@Suite struct ErrorMessageTests {
    @Test func theSanitizersRefusalSpeaksNorwegian() {
        let error = SanitizerError.tooLarge(bytes: 123_456, limit: 100_000)
        #expect(error.userMessage == "Teksten er for lang: 123456 byte, grensen er 100000 byte.")
        #expect(error.exitStatus == .dataError)
    }
}
