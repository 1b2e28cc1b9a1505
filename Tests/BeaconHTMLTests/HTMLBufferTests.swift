import Testing

@testable import BeaconHTML

/// The builder writes elements only whole, and every value it is given escaped.
@Suite struct HTMLBufferTests {
    func html(_ build: (inout HTMLBuffer) -> Void) -> String {
        HTMLFragment.build(build).string
    }

    @Test func anElementIsClosedWhereItsContentEnds() {
        let written = html { b in
            b.element("ul", ["class": "list", "id": nil]) { b in
                b.element("li", class: "item") { $0.text("a < b") }
                b.element("li", text: "c & d")
            }
            b.text("\n")
        }
        #expect(
            written
                == "<ul class=\"list\"><li class=\"item\">a &lt; b</li><li>c &amp; d</li></ul>\n")
    }

    @Test func everyAttributeValueIsEscapedTheClassToo() {
        let written = html { b in
            b.element("a", ["href": "x\" onclick=\"y", "title": "'<>&"], text: "")
            b.element("span", class: "\"><script>", text: "")
        }
        #expect(
            written
                == "<a href=\"x&quot; onclick=&quot;y\" title=\"&#39;&lt;&gt;&amp;\"></a>"
                + "<span class=\"&quot;&gt;&lt;script&gt;\"></span>")
    }

    @Test func booleanAttributesFollowTheOthersByNameAlone() {
        let written = html { b in
            b.element("ol", ["class": "x", "hidden": ""], flags: [.reversed, .hidden]) {
                $0.element("li", text: "1")
            }
        }
        #expect(written == "<ol class=\"x\" hidden=\"\" hidden reversed><li>1</li></ol>")
    }

    @Test func voidElementsAndSVGShapesHaveNoEndTag() {
        let written = html { b in
            b.doctype()
            b.voidElement("br")
            b.voidElement("img", ["src": "a.png", "alt": ""])
            b.element("svg", ["viewBox": "0 0 24 24"]) { $0.selfClosing("path", ["d": "M0 0h1"]) }
        }
        #expect(
            written
                == "<!DOCTYPE html><br><img src=\"a.png\" alt=\"\"><svg viewBox=\"0 0 24 24\"><path d=\"M0 0h1\"/></svg>"
        )
    }
}
