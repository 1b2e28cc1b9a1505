import CLibXML2
import Foundation

/// Parses built pages with libxml2's HTML parser and checks that every
/// internal link and asset reference resolves to a file in the output.
enum LinkChecker {
    struct Page {
        var path: String
        /// `href` and `src` values, in document order.
        var references: [String]
        /// Parser errors other than libxml2 2.9's "unknown tag" (801), which
        /// HTML5 elements like `main` and `nav` trigger.
        var parseErrors: [String]
        var scriptBodies: [String]
        var ids: [String]
        /// Every element and attribute name seen ("a", "a@href" …).
        var names: Set<String> = []
    }

    static func parse(_ bytes: [UInt8], path: String) -> Page {
        var page = Page(path: path, references: [], parseErrors: [], scriptBodies: [], ids: [])
        guard let context = htmlNewParserCtxt() else { return page }
        defer { htmlFreeParserCtxt(context) }
        let options = Int32(
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlCtxtReadMemory(context, $0, Int32(buffer.count), path, "UTF-8", options)
            }
        }
        guard let document else {
            page.parseErrors.append("document did not parse")
            return page
        }
        defer { xmlFreeDoc(document) }
        if let error = xmlCtxtGetLastError(context), error.pointee.code != 0,
            error.pointee.code != 801
        {
            page.parseErrors.append(String(cString: error.pointee.message))
        }
        walk(xmlDocGetRootElement(document), into: &page)
        return page
    }

    private static func walk(_ node: xmlNodePtr?, into page: inout Page) {
        var current = node
        while let element = current {
            if element.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: element.pointee.name)
                page.names.insert(name)
                var attribute = element.pointee.properties
                while let current = attribute {
                    page.names.insert(name + "@" + String(cString: current.pointee.name))
                    attribute = current.pointee.next
                }
                for attribute in ["href", "src"] {
                    if let value = xmlGetProp(element, attribute) {
                        page.references.append(String(cString: value))
                        clibxml2_free(value)
                    }
                }
                if let value = xmlGetProp(element, "id") {
                    page.ids.append(String(cString: value))
                    clibxml2_free(value)
                }
                if name == "script", let content = xmlNodeGetContent(element) {
                    page.scriptBodies.append(String(cString: content))
                    clibxml2_free(content)
                }
                walk(element.pointee.children, into: &page)
            }
            current = element.pointee.next
        }
    }

    /// The references of `page` that point at nothing in `outputRoot`.
    static func brokenReferences(in page: Page, outputRoot: String) -> [String] {
        var broken: [String] = []
        let pageFolder = (page.path as NSString).deletingLastPathComponent
        for reference in page.references {
            let lower = reference.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://")
                || lower.hasPrefix("mailto:")
                || lower.hasPrefix("tel:") || lower.hasPrefix("data:")
            {
                continue
            }
            if reference.hasPrefix("#") {
                if !page.ids.contains(String(reference.dropFirst())) { broken.append(reference) }
                continue
            }
            var target = reference
            if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) {
                target = String(target[..<cut])
            }
            let resolved =
                target.hasPrefix("/")
                ? outputRoot + target
                : ((outputRoot + "/" + pageFolder + "/" + target) as NSString).standardizingPath
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory)
            if !exists || isDirectory.boolValue || !resolved.hasPrefix(outputRoot) {
                broken.append(reference)
            }
        }
        return broken
    }
}
