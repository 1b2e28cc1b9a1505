internal import CCmarkCalls
import Glibc

/// libcmark, the CommonMark reference renderer, opened with dlopen the first time an owner's text
/// is rendered, not linked: a machine without it still builds guides, showing the text as plain
/// text (`OwnerText` in BeaconHTML says so once). Markdown goes in as a string, HTML comes out as
/// a string; that HTML is not safe to publish until the sanitiser has rebuilt it.
// C function pointers into a library that stays loaded
@safe package struct Libcmark: @unchecked Sendable {
    /// The library's file, by its soname (Debian's `libcmark0.30.2`), then the development
    /// package's link to whichever version is installed.
    package static let libraryNames = ["libcmark.so.0.30.2", "libcmark.so"]
    /// The Debian package that holds the library, for the message that it is missing.
    package static let debianPackage = "libcmark0.30.2"
    /// The environment variable that names another library file to open instead (a test names one
    /// that does not exist to see the build without libcmark).
    package static let libraryVariable = "BEACON_LIBCMARK"

    /// Loaded once per process (a Swift global is initialised once, thread-safely); nil when the
    /// library is not on the machine.
    package static let shared: Libcmark? = {
        if let name = unsafe getenv(libraryVariable).map({ unsafe String(cString: $0) }),
            !name.isEmpty
        {
            return load([name])
        }
        return load(libraryNames)
    }()

    /// How the Markdown is read:
    /// - raw HTML is kept (`CMARK_OPT_UNSAFE`): comments and notes held a little HTML before they
    ///   were Markdown, and an imported note is stored as HTML (`<p>…<br>…</p>`); cmark's safe
    ///   default would replace all of it with nothing. Nothing cmark writes reaches a page
    ///   unchecked: the sanitiser's allow-list rebuilds it, links and all, as it did the HTML.
    /// - a line break is a line break (`CMARK_OPT_HARDBREAKS`), as it was in a comment typed in a
    ///   terminal before.
    static let options = CMARK_OPT_UNSAFE | CMARK_OPT_HARDBREAKS

    /// libcmark's version, as it says it («0.30.2»).
    package let version: String
    private let markdownToHTML: beacon_cmark_markdown_to_html_function

    /// Opens the first of `names` that loads and has both functions; nil when none does.
    package static func load(_ names: [String]) -> Libcmark? {
        for name in names {
            guard let library = unsafe dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            guard let render = unsafe dlsym(library, "cmark_markdown_to_html"),
                let versionFunction = unsafe dlsym(library, "cmark_version_string")
            else {
                unsafe dlclose(library)
                continue
            }
            let versionString = unsafe unsafeBitCast(
                versionFunction, to: beacon_cmark_version_string_function.self)
            let version = unsafe versionString().map { unsafe String(cString: $0) } ?? "?"
            return unsafe Libcmark(
                version: version,
                markdownToHTML: unsafeBitCast(
                    render, to: beacon_cmark_markdown_to_html_function.self))
        }
        return nil
    }

    /// `markdown` as cmark's HTML (not yet sanitised). cmark reads any bytes (a NUL becomes
    /// U+FFFD) and never fails but for memory, when it gives the empty string.
    package func html(_ markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { bytes in
            let rendered = unsafe bytes.withMemoryRebound(to: CChar.self) { chars in
                unsafe markdownToHTML(chars.baseAddress, chars.count, Self.options)
            }
            guard let rendered = unsafe rendered else { return "" }
            // cmark_markdown_to_html allocates with its default allocator, which is the C
            // library's.
            defer { unsafe free(rendered) }
            return unsafe String(cString: rendered)
        }
    }
}
