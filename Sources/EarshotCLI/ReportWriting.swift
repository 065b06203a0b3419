import EarshotCommandLine
import EarshotCore
import EarshotReport

/// The report pages' options that `check`, `test`, `read` and `render` share (docs/reports.md);
/// `check`'s and `test`'s pages are writers of the run's result (`DeskCheckPageWriter`,
/// `SuiteIndexWriter`); `read`'s and `render`'s, which have no run result, by their commands
/// (`ScreenPage`, `RenderIndex`).
enum ReportWriting {
    /// Checks a page's name: it ends in .html.
    static func checkPageName(_ path: String, option: String) throws {
        guard path.lowercased().hasSuffix(".html") || path.lowercased().hasSuffix(".htm") else {
            throw UsageError("\(option) \(path): the name must end in .html")
        }
    }
}

extension OptionDeclaration where Value == PageAudio.Placement {
    /// `--report-audio embed|external`; not given, a command's placement is `.automatic`.
    static var reportAudio: Self {
        OptionDeclaration(spec: .value(
            "report-audio", "embed|external",
            "With --report: embed the audio in the page, or write it beside the page (check, test: NAME.wav; read: the folder NAME-audio; render: the files it renders). Default: embedded up to 20 MB of audio, beside the page above that, with a note; render: beside.")
        ) { text in
            switch text {
            case "embed": return .embed
            case "external": return .external
            default: throw UsageError("--report-audio expects embed or external, got \"\(text)\"")
            }
        }
    }
}
