import BeaconSystem

/// An element the sanitiser keeps. Tag names are `StaticString` literals, so
/// every tag in the output was written in this file.
enum SanitizerElement: Equatable {
    case paragraph, lineBreak, bold, strong, italic, emphasis
    case unorderedList, orderedList, listItem, blockquote, link

    var tag: StaticString {
        switch self {
        case .paragraph: "p"
        case .lineBreak: "br"
        case .bold: "b"
        case .strong: "strong"
        case .italic: "i"
        case .emphasis: "em"
        case .unorderedList: "ul"
        case .orderedList: "ol"
        case .listItem: "li"
        case .blockquote: "blockquote"
        case .link: "a"
        }
    }

    /// Elements that may not stand inside a paragraph or an inline element.
    var isBlock: Bool {
        switch self {
        case .paragraph, .unorderedList, .orderedList, .listItem, .blockquote: true
        case .lineBreak, .bold, .strong, .italic, .emphasis, .link: false
        }
    }

    var isList: Bool { self == .unorderedList || self == .orderedList }

    /// Elements whose content may only be text and inline elements.
    var holdsPhrasingOnly: Bool { self == .paragraph || !isBlock }
}

/// What happens to an element, decided by its (lower-case) name alone.
enum SanitizerElementRule: Equatable {
    /// Kept (subject to `SanitizerContext.admits`).
    case keep(SanitizerElement)
    /// Removed with everything inside: script, style, embedded documents,
    /// foreign content (SVG, MathML), forms, media fallbacks, and elements
    /// whose content a browser reads as raw text (so libxml2's reading of it
    /// means nothing).
    case drop
    /// Replaced by its content: div, span, font, tables, unknown tags, and the
    /// void elements in `voidNames`.
    case unwrap
    /// `h1`–`h6`: a paragraph of strong text (`<p><strong>…</strong></p>`), or
    /// unwrapped where no paragraph may stand. A comment or a note sits at a
    /// different depth of each page's outline (under a detail page's «Mine
    /// vurderinger», on a card, under the explorer's `h1`), so no one heading
    /// level fits everywhere; a heading of the owner's would also join the
    /// page's own in a screen reader's list of headings.
    case heading

    init(name: String) {
        switch name {
        case "p": self = .keep(.paragraph)
        case "br": self = .keep(.lineBreak)
        case "b": self = .keep(.bold)
        case "strong": self = .keep(.strong)
        case "i": self = .keep(.italic)
        case "em": self = .keep(.emphasis)
        case "ul": self = .keep(.unorderedList)
        case "ol": self = .keep(.orderedList)
        case "li": self = .keep(.listItem)
        case "blockquote": self = .keep(.blockquote)
        case "a": self = .keep(.link)
        case "h1", "h2", "h3", "h4", "h5", "h6": self = .heading
        default: self = Self.droppedNames.contains(name) ? .drop : .unwrap
        }
    }

    /// Elements a browser never gives content (void elements, and `image`,
    /// which it reads as `img`). libxml2 does not know all of them as empty and
    /// nests the following text inside (`<embed>ok` gives embed › "ok"), so
    /// they are unwrapped rather than dropped: the element and its attributes
    /// go, the text after it stays, sanitised like any other. Listed for the
    /// reader; `.unwrap` is the default anyway.
    static let voidNames: Set<String> = [
        "area", "base", "bgsound", "col", "embed", "frame", "hr", "image", "img", "input",
        "isindex",
        "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    static let droppedNames: Set<String> = [
        // script and style
        "script", "style", "noscript", "template",
        // embedded documents and plug-ins
        "iframe", "frameset", "noframes", "object", "applet", "portal",
        // foreign content: its own parsing rules, its own scripts and links
        "svg", "math",
        // media (their children are fallbacks and sources, not text for the reader)
        "picture", "audio", "video", "canvas", "map",
        // forms
        "form", "button", "select", "option", "optgroup", "datalist", "textarea", "output",
        "dialog",
        // document-level
        "head", "title",
        // raw-text elements in browsers
        "xmp", "plaintext", "noembed",
    ]
}

/// Where in the output an element would land. The sanitiser decides every
/// element from this *output* context, never from the input's shape, and that
/// is what makes its output canonical: parsing the output again gives the
/// same tree, so the second pass makes the same decisions.
///
/// The normalising rules (each one removes a shape libxml2 would rebuild
/// differently, or that is not valid HTML):
/// 1. Inside `p` and inline elements (`b`, `strong`, `i`, `em`, `a`), block
///    elements (`p`, `ul`, `ol`, `li`, `blockquote`) are unwrapped: a `p`
///    inside a `p` is flattened, a list inside a link becomes its text.
/// 2. An `a` inside an `a` is unwrapped.
/// 3. An `li` not directly inside `ul`/`ol` is unwrapped.
/// 4. Directly inside `ul`/`ol`, anything that is not an `li` (text, inline
///    elements, stray blocks) is wrapped in an `li` of its own, one per run of
///    such nodes; a run that renders to whitespace only stays as it is.
/// 5. Beyond `HTMLSanitizer.maximumDepth` nested elements, elements are
///    unwrapped (a list needs room for its items).
/// 6. An `a` without an acceptable `href` is unwrapped.
struct SanitizerContext {
    /// Elements open around this point in the output.
    var depth = 0
    /// Inside `p` or an inline element: only text and inline elements.
    var phrasingOnly = false
    var insideLink = false
    /// The parent in the output is `ul` or `ol`.
    var directlyInList = false

    /// Whether `element` may be written here (rules 1, 2, 3 and 5).
    func admits(_ element: SanitizerElement) -> Bool {
        if phrasingOnly && element.isBlock { return false }
        if element == .link && insideLink { return false }
        if element == .listItem && !directlyInList { return false }
        if element == .lineBreak { return true }
        let levelsNeeded = element.isList ? 2 : 1
        return depth + levelsNeeded <= HTMLSanitizer.maximumDepth
    }

    /// The context for the children of `element`.
    func entering(_ element: SanitizerElement) -> SanitizerContext {
        var inner = self
        inner.depth += 1
        inner.phrasingOnly = phrasingOnly || element.holdsPhrasingOnly
        inner.insideLink = insideLink || element == .link
        inner.directlyInList = element.isList
        return inner
    }
}

/// Rebuilds a parsed tree as sanitised HTML.
enum SanitizerTreeWriter {
    /// The HTML for the fragment's top-level nodes (the whole document).
    static func render(_ nodes: [HTMLNode]) -> String {
        var out = HTMLBuffer(capacity: 512)
        writeNodes(nodes, SanitizerContext(), into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func writeNodes(
        _ nodes: [HTMLNode], _ context: SanitizerContext, into out: inout HTMLBuffer
    ) {
        if context.directlyInList {
            writeListContent(nodes, context, into: &out)
        } else {
            for node in nodes { write(node, context, into: &out) }
        }
    }

    private static func write(
        _ node: HTMLNode, _ context: SanitizerContext, into out: inout HTMLBuffer
    ) {
        switch node.kind {
        case .text(let text):
            out.text(SanitizerText.clean(text))
        case .element(let name):
            writeElement(node, rule: SanitizerElementRule(name: name), context, into: &out)
        case .ignored:
            break
        }
    }

    private static func writeElement(
        _ node: HTMLNode, rule: SanitizerElementRule, _ context: SanitizerContext,
        into out: inout HTMLBuffer
    ) {
        let children = node.children
        if rule == .heading, context.admits(.paragraph),
            context.entering(.paragraph).admits(.strong)
        {
            out.element("p") {
                $0.element("strong") {
                    writeNodes(
                        children, context.entering(.paragraph).entering(.strong), into: &$0)
                }
            }
            return
        }
        guard case .keep(let element) = rule else {
            if rule != .drop { writeNodes(children, context, into: &out) }
            return
        }
        guard context.admits(element) else {
            writeNodes(children, context, into: &out)
            return
        }
        switch element {
        case .lineBreak:
            out.voidElement("br")
        case .link:
            guard let href = acceptedHref(of: node) else {
                writeNodes(children, context, into: &out)
                return
            }
            out.element("a", ["href": href, "rel": "nofollow noopener"]) {
                writeNodes(children, context.entering(.link), into: &$0)
            }
        default:
            out.element(element.tag) { writeNodes(children, context.entering(element), into: &$0) }
        }
    }

    /// Rule 4: the children of `ul`/`ol`. `li` elements are written as they
    /// are; every run of other nodes between them goes into an `li` of its own
    /// unless all it renders to is whitespace (allowed between items).
    private static func writeListContent(
        _ nodes: [HTMLNode], _ context: SanitizerContext, into out: inout HTMLBuffer
    ) {
        var run: [HTMLNode] = []
        for node in nodes {
            if case .element(let name) = node.kind,
                SanitizerElementRule(name: name) == .keep(.listItem)
            {
                writeRunAsItem(run, context, into: &out)
                run.removeAll(keepingCapacity: true)
                write(node, context, into: &out)
            } else {
                run.append(node)
            }
        }
        writeRunAsItem(run, context, into: &out)
    }

    private static func writeRunAsItem(
        _ run: [HTMLNode], _ listContext: SanitizerContext, into out: inout HTMLBuffer
    ) {
        guard !run.isEmpty else { return }
        var item = HTMLBuffer(capacity: 64)
        for node in run { write(node, listContext.entering(.listItem), into: &item) }
        if item.bytes.allSatisfy(SanitizerText.isHTMLWhitespace) {
            out.append(item.fragment)
        } else {
            out.element("li") { $0.append(item.fragment) }
        }
    }

    /// The attributes the sanitiser reads; the parse keeps these alone.
    static let attributesRead: Set<String> = ["href"]

    /// The link's `href` if `SafeURL` accepts it (http, https, mailto or
    /// relative) and it holds no character the text cleaning would remove;
    /// nil otherwise. libxml2 has already decoded entities in the value, and the
    /// value is escaped again on output, so a browser reads exactly the string
    /// checked here.
    private static func acceptedHref(of node: HTMLNode) -> String? {
        guard let value = node.attributes["href"],
            let href = SafeURL.href(value, allowed: [.http, .https, .mailto], allowRelative: true),
            SanitizerText.clean(href) == href
        else { return nil }
        return href
    }
}
