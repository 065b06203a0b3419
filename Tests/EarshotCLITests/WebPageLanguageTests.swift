import Foundation
import Testing

/// `page.language-mismatch` on real pages in Chromium (docs/findings.md): a Korean page marked
/// `lang="en"` is a finding of WCAG 2.2 3.1.1 and KWCAG 2.2 3.1.1 (one with no `lang` is axe's
/// `html-has-lang`, not this check's); the
/// same page marked `lang="ko"` has none, and the KWCAG row is checked by the check (and axe's
/// rules); an English page with Korean brand names marked `en` stays clear.
@Suite("The page's language on real pages", .serialized)
struct WebPageLanguageTests {
    static func page(lang: String?, body: String = "<h1>주문 확인</h1><p>결제가 완료되었습니다. 배송은 내일 시작됩니다.</p><p><a href=\"#cart\">장바구니 보기</a></p>") -> String {
        """
        <!doctype html>
        <html\(lang.map { " lang=\"\($0)\"" } ?? "")><head><meta charset="utf-8"><title>주문</title></head><body>
        <main>\(body)</main>
        </body></html>
        """
    }

    /// `lint --voice ko PAGE --standard kwcag22`: the page's findings of the code, the KWCAG
    /// 3.1.1 row, what lint printed and its status.
    static func lint(_ html: String) throws -> (findings: [[String: Any]], row: [String: Any]?, stdout: String, status: Int32) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("order.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
        let result = try CLIRunner.run(["lint", "--voice", "ko", page.path, "--standard", "kwcag22", "--findings", json.path,
                                        "--conformance", table.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        let row = (root["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "3.1.1" }
        return (list.filter { $0["code"] as? String == "page.language-mismatch" }, row, result.stdout, result.status)
    }

    @Test("a Korean page marked lang=\"en\": page.language-mismatch, an error of WCAG 3.1.1 and KWCAG 3.1.1, naming the language and the voice")
    func markedEnglish() throws {
        let run = try Self.lint(Self.page(lang: "en"))
        let finding = try #require(run.findings.first, "\(run.stdout)")
        #expect(run.findings.count == 1)
        #expect(finding["severity"] as? String == "error")
        #expect((finding["message"] as? String)?.hasPrefix("The page declares its language as \"en\", but its text is Korean (0 percent of its letters are in \"en\"'s script): NVDA reads it with the en voice") == true,
                "\(finding["message"] ?? "")")
        #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 3.1.1", "kwcag22 3.1.1"])
        #expect(run.row?["status"] as? String == "failed")
        #expect(run.status == 1)
    }

    @Test("the same page with no lang: not this check's finding but axe's html-has-lang, failing KWCAG 3.1.1")
    func noLanguage() throws {
        let run = try Self.lint(Self.page(lang: nil))
        #expect(run.findings.isEmpty, "\(run.stdout)")
        #expect(run.stdout.contains("error axe.html-has-lang"), "\(run.stdout)")
        #expect(run.row?["status"] as? String == "failed")
    }

    @Test("the page fixed, lang=\"ko\": no finding, KWCAG 3.1.1 checked by the check beside axe's rules; Latin brand names on a Korean page do not count against it")
    func fixed() throws {
        let run = try Self.lint(Self.page(lang: "ko", body: "<h1>주문 확인</h1><p>Apple AirPods Pro 2세대 결제가 완료되었습니다.</p><p><a href=\"#cart\">장바구니 보기</a></p>"))
        #expect(run.findings.isEmpty, "\(run.stdout)")
        #expect(run.row?["status"] as? String == "checked")
        let judges = ((run.row?["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
        #expect(judges.first == "earshot page.language-mismatch", "\(judges)")
        #expect(judges.contains("axe html-has-lang"), "\(judges)")
        #expect(run.status == 0, "\(run.stdout)")
    }
}
