import Foundation

/// The phones a web page can be laid out in, as data: `viewports/viewports.json` in the voices
/// folders (the first that has it; the built-in set always does), each with its size in CSS
/// pixels, its device pixel ratio, its user agent and where those come from (DevTools' emulated
/// devices). `--viewport NAME` takes their names, and a reader names its phone by one
/// (`ScreenReader.pageWindow`); docs/web.md, "The window a page is read in".
public enum PhoneWindows {
    /// One phone's window.
    public struct Window: Sendable, Equatable {
        /// What `--viewport` and `ScreenReader.pageWindow` call it: `iphone`, `android`.
        public var name: String
        /// The device it is (`iPhone 12 Pro`).
        public var title: String
        public var width: Int
        public var height: Int
        /// Device pixels per CSS pixel.
        public var scale: Double
        /// Mobile layout and touch.
        public var mobile: Bool
        /// The user agent the page sees; `%s` is the running browser's version.
        public var userAgent: String?
    }

    /// The file's path under a voices folder.
    public static let file = "viewports/viewports.json"

    /// The sides and ratios a window may have (as `--viewport WxH@S` takes them).
    public static let sides = 200...8_000
    public static let scales = 0.5...5.0

    static let loaded: Result<[Window], PhoneWindowsError> = {
        let library = VoiceLibrary.locate()
        for source in library.sources {
            guard let folder = source.folder() else { continue }
            let path = folder + "/" + file
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                return .success(try decode(JSONDocument.load(path: path)))
            } catch {
                return .failure(PhoneWindowsError(problem: "\(error)", category: (error as? UserFacingError)?.category ?? .badData))
            }
        }
        return .failure(PhoneWindowsError(problem: "error: no phone windows (\(file)) in the voices folders searched: \(library.searched)",
                                          category: .unavailable))
    }()

    /// Every phone, in the file's order; an error names the file and place (exit 65), or says
    /// none was found (69).
    public static func all() throws -> [Window] { try loaded.get() }

    /// The names of the phones (none when the data cannot be read: `all()` says why).
    public static var names: [String] { (try? all())?.map(\.name) ?? [] }

    /// Reads the file: `{"earshotViewports": 1, "viewports": [{"name", "title", "width",
    /// "height", "scale", "mobile", "userAgent", "from"}]}`.
    public static func decode(_ root: JSONNode) throws -> [Window] {
        let object = try root.object(allowing: ["earshotViewports", "note", "viewports"])
        let versionNode = try object.required("earshotViewports")
        guard try versionNode.intValue() == 1 else {
            throw DataFileError("\"earshotViewports\" must be 1 (the version this earshot reads)", at: versionNode.location)
        }
        var windows: [Window] = []
        for item in try object.required("viewports").arrayItems() {
            let fields = try item.object(allowing: ["name", "title", "width", "height", "scale", "mobile", "userAgent", "from"])
            let nameNode = try fields.required("name")
            let name = try nameNode.stringValue()
            guard !name.isEmpty, name == name.lowercased(), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
                  !name.contains(where: \.isWhitespace), name.first?.isLetter == true, name != "desktop" else {
                throw DataFileError("a phone's \"name\" is a lower-case word of letters, digits and hyphens, starting with a letter, and not desktop; got \"\(name)\"",
                                    at: nameNode.location)
            }
            guard !windows.contains(where: { $0.name == name }) else {
                throw DataFileError("the phone \"\(name)\" is named twice", at: nameNode.location)
            }
            var sides: [Int] = []
            for key in ["width", "height"] {
                let node = try fields.required(key)
                let side = try node.intValue()
                guard Self.sides.contains(side) else {
                    throw DataFileError("\"\(key)\" is in CSS pixels, \(Self.sides.lowerBound) to \(Self.sides.upperBound); got \(side)", at: node.location)
                }
                sides.append(side)
            }
            let scaleNode = try fields.required("scale")
            let scale = try scaleNode.doubleValue()
            guard scales.contains(scale) else {
                throw DataFileError("\"scale\" is the device pixel ratio, 0.5 to 5; got \(scale)", at: scaleNode.location)
            }
            guard let from = fields["from"], !from.isNull else {
                throw DataFileError("the phone \"\(name)\" says nowhere where its size comes from (\"from\")", at: item.location)
            }
            _ = try from.anyObject()
            windows.append(Window(name: name, title: try fields.requiredString("title"), width: sides[0], height: sides[1],
                                  scale: scale, mobile: try fields.bool("mobile") ?? true, userAgent: try fields.string("userAgent")))
        }
        return windows
    }
}

/// The phone windows' file could not be read.
public struct PhoneWindowsError: UserFacingError {
    public var problem: String
    public var category: ErrorCategory
    public var description: String { problem }
}
