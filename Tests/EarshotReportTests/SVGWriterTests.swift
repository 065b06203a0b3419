import Testing
@testable import EarshotReport

@Suite("The SVG writer")
struct SVGWriterTests {
    @Test("elements nest in the order written, attributes keep their order, and empty elements close themselves")
    func nesting() {
        var svg = SVGWriter()
        svg.open("svg", ["width": "120", "height": "40"])
        svg.lineBreak()
        svg.open("g", ["class": "bar", "tabindex": "0"])
        svg.element("rect", ["x": "1", "y": "2", "width": "3", "height": "4"])
        svg.element("text", ["x": "5"], text: "안녕")
        svg.close()
        svg.lineBreak()
        #expect(!svg.isBalanced)
        svg.close()
        #expect(svg.isBalanced)
        #expect(svg.markup == """
            <svg width="120" height="40">
            <g class="bar" tabindex="0"><rect x="1" y="2" width="3" height="4"/><text x="5">안녕</text></g>
            </svg>
            """)
    }

    @Test("attribute values and text are escaped, control characters replaced")
    func escaping() {
        var svg = SVGWriter()
        svg.element("title", text: "<script>\"a\" & b\u{1}</script>")
        svg.element("g", ["aria-label": "say \"OK\" <now> & then"])
        #expect(svg.markup == "<title>&lt;script&gt;&quot;a&quot; &amp; b\u{FFFD}&lt;/script&gt;</title>"
            + "<g aria-label=\"say &quot;OK&quot; &lt;now&gt; &amp; then\"/>")
    }

    @Test("attributes decided while drawing are written in the order added")
    func attributesFromAnArray() {
        var svg = SVGWriter()
        var attributes = [("class", "stop"), ("data-index", "2")]
        attributes.append(("data-src", "a.wav"))
        svg.open("g", attributes)
        svg.close()
        #expect(svg.markup == "<g class=\"stop\" data-index=\"2\" data-src=\"a.wav\"></g>")
    }

    @Test("numbers have at most two decimals and no exponent")
    func numbers() {
        #expect(SVGWriter.number(90) == "90")
        #expect(SVGWriter.number(12.346) == "12.35")
        #expect(SVGWriter.number(0.5) == "0.50")
        #expect(SVGWriter.number(30_000) == "30000")
        #expect(SVGWriter.number(1e-7) == "0")
    }
}
