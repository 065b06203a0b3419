import Foundation
import EarshotCore

/// The window a page is laid out in, as Chromium's device emulation sets it (the DevTools
/// `Emulation` domain, as DevTools' device toolbar does): its size in CSS pixels, its device
/// pixel ratio and, for a phone, mobile layout (the page's `<meta name="viewport">` honoured),
/// touch (`navigator.maxTouchPoints`, coarse pointer media queries) and the phone browser's user
/// agent. The boxes in the tree are the window's CSS pixels; the screenshot keeps one image pixel
/// a CSS pixel whatever the ratio.
///
/// The phones are data (`PhoneWindows`, `voices/viewports/viewports.json`): two of DevTools' own
/// emulated devices, "iPhone 12 Pro" (`iphone`, 390 × 844 at 3, iOS Safari's agent) and "Pixel 7"
/// (`android`, 412 × 915 at 2.625, Chrome for Android's, with the running browser's version).
/// Which phone stands for which platform is Earshot's choice (docs/web.md, "The window a page
/// is read in").
public struct PageViewport: Sendable, Equatable, CustomStringConvertible {
    /// `desktop`, `iphone`, `android`, or `WIDTHxHEIGHT` (`@SCALE`) for a window of that size.
    public var name: String
    public var width: Int
    public var height: Int
    /// Device pixels per CSS pixel (`window.devicePixelRatio`).
    public var scale: Double
    /// A phone: mobile layout, touch, and `userAgent`.
    public var mobile: Bool
    /// The user agent the page sees; `%s` is the running browser's version. Nil: the browser's own.
    public var userAgent: String?

    public init(name: String, width: Int, height: Int, scale: Double = 1, mobile: Bool = false, userAgent: String? = nil) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.mobile = mobile
        self.userAgent = userAgent
    }

    /// A desktop window: what NVDA users browse in.
    public static let desktop = PageViewport(name: "desktop", width: 1280, height: 800)

    /// A phone of the data (`PhoneWindows`, `voices/viewports/viewports.json`) as a window.
    public init(phone: PhoneWindows.Window) {
        self.init(name: phone.name, width: phone.width, height: phone.height, scale: phone.scale, mobile: phone.mobile,
                  userAgent: phone.userAgent)
    }

    /// The windows by name: the desktop's, then every phone of the data; an error when the
    /// data cannot be read (its file and place).
    public static func named() throws -> [PageViewport] {
        [.desktop] + (try PhoneWindows.all()).map(PageViewport.init(phone:))
    }

    /// The window called `name` (`iphone`), from the data; an unknown name is an error that
    /// lists the names.
    public static func named(_ name: String) throws -> PageViewport {
        let windows = try named()
        guard let window = windows.first(where: { $0.name == name.lowercased() }) else {
            throw UnknownPageWindow(name: name, names: windows.map(\.name))
        }
        return window
    }

    /// The phone VoiceOver reads Safari in (DevTools' "iPhone 12 Pro" in the data).
    public static var iPhone: PageViewport { get throws { try named("iphone") } }
    /// The phone TalkBack reads Chrome in (DevTools' "Pixel 7" in the data).
    public static var android: PageViewport { get throws { try named("android") } }

    /// The sizes a window may have: WCAG's reflow width (320) up to a large monitor.
    public static let sides = PhoneWindows.sides
    public static let scales = PhoneWindows.scales

    /// `desktop`, `iphone`, `android`, or `WIDTHxHEIGHT` with an optional `@SCALE` (`320x640`,
    /// `768x1024@2`): a window of that size, not a phone. Nil for anything else.
    public init?(argument: String) {
        let text = argument.lowercased()
        if let known = ((try? Self.named()) ?? [.desktop]).first(where: { $0.name == text }) {
            self = known
            return
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard sides.count == 2, let width = sides[0], let height = sides[1],
              Self.sides.contains(width), Self.sides.contains(height) else { return nil }
        var scale = 1.0
        if parts.count == 2 {
            guard let given = Double(parts[1]), Self.scales.contains(given) else { return nil }
            scale = given
        }
        self.init(name: text, width: width, height: height, scale: scale)
    }

    public var description: String {
        "\(name) (\(width) × \(height) CSS px at \(scale.formatted(.number.precision(.fractionLength(0...3))))\(mobile ? ", a phone" : ""))"
    }

    /// The user agent with `version` (the browser's, `Chromium/131.0.6778.85`) in place of `%s`.
    func agent(browser product: String?) -> String? {
        guard let userAgent else { return nil }
        let version = product?.split(separator: "/").last.map(String.init) ?? "120.0.0.0"
        return userAgent.replacingOccurrences(of: "%s", with: version)
    }
}

/// A window name that is neither the desktop's nor a phone of the data.
public struct UnknownPageWindow: UserFacingError {
    public var name: String
    public var names: [String]
    public var category: ErrorCategory { .usage }
    public var description: String { NameSuggestion.unknown("window", name, in: names) }
}
