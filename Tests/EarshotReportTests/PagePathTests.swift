import EarshotReport
import Testing

@Suite("PagePath: files named relative to the run")
struct PagePathUnitTests {
    @Test("an absolute path is shown relative to the run's folder; a relative one and labels as given")
    func shown() {
        #expect(PagePath.shown("/home/me/app/flows/a.json", from: "/home/me/app") == "flows/a.json")
        #expect(PagePath.shown("/home/me/common/b.json", from: "/home/me/app") == "../common/b.json")
        #expect(PagePath.shown("/tmp/x.json", from: "/home/me/app") == "../../../tmp/x.json")
        #expect(PagePath.shown("/home/me/app/./flows/../a.json", from: "/home/me/app/") == "a.json")
        #expect(PagePath.shown("/home/me/app", from: "/home/me/app") == ".")
        #expect(PagePath.shown("flows/a.json", from: "/home/me/app") == "flows/a.json")
        #expect(PagePath.shown("<stdin>", from: "/home/me/app") == "<stdin>")
    }
}
