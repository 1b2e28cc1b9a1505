internal import CLibXML2

/// libxml2's reports of a document it cannot read, said in Norwegian: the faults an exported or
/// hand-edited file has (cut short, an `&` left bare, tags that do not match, an encoding that is
/// not the declared one). What is not here keeps libxml2's own words, quoted.
enum LibXML2ErrorText {
    /// One report's fields, as `xmlError` gives them.
    struct Report {
        var domain: UInt32
        var code: UInt32
        /// libxml2's English text.
        var text: String
        var str1: String?
        var str2: String?
    }

    static func message(_ report: Report) -> String {
        let first = shown(report.str1)
        let second = shown(report.str2)
        if report.domain == XML_FROM_I18N.rawValue {
            // "bytes 0x81 0x79 0x3C 0x2F": the first is the one that does not convert.
            let byte = report.str1?.split(separator: " ").first.map { " (byte \($0))" } ?? ""
            return "teksten kan ikke leses i tegnsettet den oppgir\(byte)"
        }
        switch report.code {
        case XML_ERR_INTERNAL_ERROR.rawValue where report.text.contains("depth"):
            return XMLReadError.tooDeepMessage
        case XML_ERR_DOCUMENT_EMPTY.rawValue: return "ingen elementer"
        case XML_ERR_DOCUMENT_END.rawValue, XML_ERR_EXTRA_CONTENT.rawValue:
            return "innhold etter rotelementet"
        case XML_ERR_INVALID_HEX_CHARREF.rawValue, XML_ERR_INVALID_DEC_CHARREF.rawValue,
            XML_ERR_INVALID_CHARREF.rawValue:
            return "ugyldig tegnreferanse"
        case XML_ERR_INVALID_CHAR.rawValue:
            if report.text.contains("CharRef") { return "ugyldig tegnreferanse" }
            return report.text.contains("UTF-8") ? "ikke gyldig UTF-8" : "et tegn XML ikke tillater"
        case XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue: return bareAmpersand
        case XML_ERR_NAME_REQUIRED.rawValue:
            return report.text.contains("EntityRef") ? bareAmpersand : "forventet et navn"
        case XML_ERR_UNDECLARED_ENTITY.rawValue, XML_WAR_UNDECLARED_ENTITY.rawValue:
            return "ukjent referanse &\(first ?? "");"
        case XML_ERR_UNKNOWN_ENCODING.rawValue, XML_ERR_UNSUPPORTED_ENCODING.rawValue:
            return "ukjent tegnsett «\(first ?? "?")»"
        case XML_ERR_INVALID_ENCODING.rawValue:
            return "teksten passer ikke med tegnsettet den oppgir"
        case XML_ERR_LT_IN_ATTRIBUTE.rawValue: return "«<» i en attributtverdi"
        case XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue:
            return "en attributtverdi mangler anførselstegn"
        case XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue: return "en attributtverdi slutter aldri"
        case XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue:
            return "attributtet \(first ?? "") mangler en verdi"
        case XML_ERR_ATTRIBUTE_REDEFINED.rawValue:
            return "attributtet \(first ?? "") står to ganger"
        case XML_ERR_COMMENT_NOT_FINISHED.rawValue: return "kommentaren slutter aldri"
        case XML_ERR_PI_NOT_STARTED.rawValue, XML_ERR_PI_NOT_FINISHED.rawValue:
            return "prosesseringsinstruksjonen slutter aldri"
        case XML_ERR_CDATA_NOT_FINISHED.rawValue: return "CDATA-blokken slutter aldri"
        case XML_ERR_MISPLACED_CDATA_END.rawValue: return "«]]>» i teksten"
        case XML_ERR_DOCTYPE_NOT_FINISHED.rawValue: return "DOCTYPE slutter aldri"
        case XML_ERR_HYPHEN_IN_COMMENT.rawValue: return "«--» inne i en kommentar"
        case XML_ERR_RESERVED_XML_NAME.rawValue: return "«<?xml» et annet sted enn helt først"
        case XML_ERR_XMLDECL_NOT_STARTED.rawValue, XML_ERR_XMLDECL_NOT_FINISHED.rawValue,
            XML_ERR_VERSION_MISSING.rawValue, XML_ERR_STRING_NOT_STARTED.rawValue,
            XML_ERR_STRING_NOT_CLOSED.rawValue, XML_ERR_ENCODING_NAME.rawValue:
            return "ugyldig XML-deklarasjon (<?xml …?>)"
        case XML_ERR_SPACE_REQUIRED.rawValue: return "forventet mellomrom"
        case XML_ERR_EQUAL_REQUIRED.rawValue: return "forventet «=»"
        case XML_ERR_LT_REQUIRED.rawValue: return "forventet «<»"
        case XML_ERR_LTSLASH_REQUIRED.rawValue: return "forventet «</»"
        case XML_ERR_GT_REQUIRED.rawValue:
            return first.map { "forventet «>» i <\($0)>" } ?? "forventet «>»"
        case XML_ERR_TAG_NAME_MISMATCH.rawValue:
            return "</\(second ?? "")> der </\(first ?? "")> var ventet"
        case XML_ERR_TAG_NOT_FINISHED.rawValue: return "teksten slutter før </\(first ?? "")>"
        default:
            return "ugyldig XML (libxml2: «\(shown(report.text) ?? "?")», feil \(report.code))"
        }
    }

    static let bareAmpersand = "«&» uten en gyldig referanse (skriv &amp;)"

    /// Text from the document or from libxml2 made fit for a message: one line, at most 40
    /// characters.
    static func shown(_ text: String?) -> String? {
        guard let text else { return nil }
        var line = ""
        for scalar in text.unicodeScalars {
            if line.unicodeScalars.count == 40 {
                line += "…"
                break
            }
            line.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        let trimmed = line.split(separator: " ", omittingEmptySubsequences: true).joined(
            separator: " ")
        return trimmed.isEmpty ? nil : trimmed
    }
}
