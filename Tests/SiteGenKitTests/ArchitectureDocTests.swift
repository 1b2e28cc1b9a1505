import Foundation
import Testing

/// ARCHITECTURE.md stays short and true: a page a newcomer reads in one sitting, every module of
/// the package described, and every path it names still there after files move.
@Suite struct ArchitectureDocTests {
    static let text: String =
        (try? String(contentsOfFile: Repository.root + "/ARCHITECTURE.md", encoding: .utf8)) ?? ""

    @Test func isShortWithNarrowLines() {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 20 && lines.count <= 150, "\(lines.count) lines")
        for (number, line) in lines.enumerated() where line.count > 100 {
            Issue.record("ARCHITECTURE.md:\(number + 1) is \(line.count) columns wide")
        }
    }

    /// A span in backticks is a path when it has a folder or a file extension; it is looked for
    /// from the repository's root, then under `Sources/`, and a bare file name anywhere in the
    /// repository's folders.
    @Test func everyPathItNamesExists() throws {
        let spans = Self.text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let extensions = [".swift", ".js", ".css", ".md", ".json", ".py", ".h", ".txt"]
        let paths = spans.filter { span in
            !span.isEmpty && span.allSatisfy { $0.isLetter || $0.isNumber || "._-+/".contains($0) }
                && (span.contains("/") || extensions.contains { span.hasSuffix($0) })
        }
        #expect(paths.count > 30, "\(paths)")
        let everyFile = Self.filesInRepository()
        for path in Set(paths) {
            let found =
                path.contains("/")
                ? ["", "Sources/"].contains {
                    FileManager.default.fileExists(atPath: Repository.root + "/" + $0 + path)
                }
                : everyFile.contains(path)
            #expect(found, "ARCHITECTURE.md names \(path), which is not there")
        }
    }

    @Test func describesEveryModule() throws {
        let manifest = try String(
            contentsOfFile: Repository.root + "/Package.swift", encoding: .utf8)
        let names = manifest.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "name: \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        let modules = Set(names).subtracting(["BeaconSitegen", "sitegen", "BeaconTestSupport"])
            .filter { !$0.hasSuffix("Tests") }
        #expect(modules.count >= 12, "\(modules.sorted())")
        for module in modules {
            #expect(
                Self.text.contains(module), "ARCHITECTURE.md does not describe the module \(module)"
            )
        }
    }

    static func filesInRepository() -> Set<String> {
        var names: Set<String> = []
        for folder in ["Sources", "Tests", "Resources", "scripts", "docs", "Plugins"] {
            let enumerator = FileManager.default.enumerator(atPath: Repository.root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                names.insert((path as NSString).lastPathComponent)
            }
        }
        return names
    }
}
