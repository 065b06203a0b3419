/// The one stylesheet and the one script of every report page (desk check, screen, render
/// index, suite index): `Assets/report.css` and `Assets/report.js`, compiled into the binary
/// (Package.swift embeds their bytes, SwiftPM's `embedInCode` rule), so a page is written from
/// anywhere and works offline from disk: nothing is fetched, and an installed binary needs no
/// resource folder beside it.
///
/// The script only adds behaviour to markup that is complete without it: every picture has its
/// table or list beside it, every control is a real button or a focusable element with a name.
enum ReportAssets {
    static let stylesheet = text(PackageResources.report_css)
    static let script = text(PackageResources.report_js)

    /// A file's text without its last line break (the page adds its own).
    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
