import Foundation

/// The window a page is laid out in, as Chromium's device emulation sets it (the DevTools
/// `Emulation` domain, as DevTools' device toolbar does): its size in CSS pixels, its device
/// pixel ratio and, for a phone, mobile layout (the page's `<meta name="viewport">` honoured),
/// touch (`navigator.maxTouchPoints`, coarse pointer media queries) and the phone browser's user
/// agent. The boxes in the tree are the window's CSS pixels; the screenshot keeps one image pixel
/// a CSS pixel whatever the ratio.
///
/// The phones are two of DevTools' own emulated devices (devtools-frontend,
/// `front_end/models/emulation/EmulatedDevices.ts`): "iPhone 12 Pro" (390 × 844 at 3, iOS
/// Safari's agent) and "Pixel 7" (412 × 915 at 2.625, Chrome for Android's, with the running
/// browser's version). Which phone stands for which platform is Earshot's choice (docs/web.md,
/// "The window a page is read in").
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
    /// DevTools' "iPhone 12 Pro", Safari on iOS.
    public static let iPhone = PageViewport(
        name: "iphone", width: 390, height: 844, scale: 3, mobile: true,
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1")
    /// DevTools' "Pixel 7", Chrome on Android.
    public static let android = PageViewport(
        name: "android", width: 412, height: 915, scale: 2.625, mobile: true,
        userAgent: "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/%s Mobile Safari/537.36")

    public static let named: [PageViewport] = [.desktop, .iPhone, .android]

    /// The sizes a window may have: WCAG's reflow width (320) up to a large monitor.
    public static let sides = 200...8_000
    public static let scales = 0.5...5.0

    /// `desktop`, `iphone`, `android`, or `WIDTHxHEIGHT` with an optional `@SCALE` (`320x640`,
    /// `768x1024@2`): a window of that size, not a phone. Nil for anything else.
    public init?(argument: String) {
        let text = argument.lowercased()
        if let known = Self.named.first(where: { $0.name == text }) {
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
