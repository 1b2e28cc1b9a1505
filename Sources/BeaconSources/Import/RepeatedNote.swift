import BeaconHTML
import BeaconModel
import BeaconText

/// A description a file gives a place that says nothing the place does not already: Google My
/// Maps and Takeout write the position («経度: 135.77 緯度: 35.00», «59.91, 10.75») or the address
/// there when the owner wrote nothing. Shown as the owner's note, it would look like one.
enum RepeatedNote {
    /// Whether `html` (a note as the readers make it) holds only the place's position, name or
    /// address.
    static func isRepeat(_ html: String, name: String, address: String?) -> Bool {
        let text = HTMLSanitizer.plainText(html)
        let folded = comparable(text)
        guard !folded.isEmpty else { return true }
        if folded == comparable(name) { return true }
        if let address, folded == comparable(address) { return true }
        return isOnlyCoordinates(text)
    }

    /// Two or more decimal numbers, and besides them only signs, separators, degree marks,
    /// hemispheres and the words for latitude and longitude (in the languages exports use).
    static func isOnlyCoordinates(_ text: String) -> Bool {
        var decimals = 0
        var rest = ""
        var number = ""
        func endNumber() {
            if number.contains(".") || number.count >= 4 { decimals += 1 }
            number = ""
        }
        for character in text {
            if character.isASCII, character.isNumber || (character == "." && !number.isEmpty) {
                number.append(character)
            } else {
                endNumber()
                rest.append(character)
            }
        }
        endNumber()
        guard decimals >= 2 else { return false }
        var words: [String] = []
        var word = ""
        for scalar in TextFolding.searchKey(rest).unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.allSatisfy(Self.positionWords.contains)
    }

    /// What stands between the numbers of a position, folded.
    static let positionWords: Set<String> = [
        "breddegrad", "lengdegrad", "latitude", "longitude", "koordinater", "coordinates",
        "posisjon", "position", "lat", "lon", "lng", "long", "gps",
        "経度", "緯度", "经度", "纬度", "座標", "坐标", "位置",
        "n", "s", "e", "w", "o", "v",
    ]

    /// Folded, with only letters and digits: «Calle de Tacuba 28, Centro» as «calledetacuba28centro».
    static func comparable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                TextFolding.searchKey(text).unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }
}
