import Foundation

/// A web page's accessibility tree as a browser gave it, saved (`earshot import PAGE.html -o
/// PAGE.axtree.json`) so that every command reads the page without a browser (docs/web.md,
/// "The saved tree").
///
/// The nodes are Chromium's (`Accessibility.getFullAXTree`) with the ignored ones left out
/// (their children go to their parent) and the inline text boxes dropped; each keeps its role,
/// name, description, value and properties as Chromium says them, its DOM tag, `id` and `lang`,
/// and its box in CSS pixels (`DOMSnapshot.captureSnapshot`). The first node is the document.
/// One file format for a page read live and a page read from the file: both become a screen
/// through `WebPageInterpreter`, so the two are read alike.
public struct WebPageTree: Sendable, Equatable {
    public static let format = "earshot-axtree"
    /// The version `json` writes: 2 added `screenshot`, 3 `notes`, 4 `coversTested` and each
    /// node's `cover`, 5 `axe`, 6 `keyboard` and `reflow`, 7 `textSpacing` and `window` (the
    /// window's pixel ratio and whether it is a phone's). A tree is written as the lowest version
    /// that holds what it has (version 2 without notes and covers), which earlier readers read;
    /// versions 1 to 6 are still read.
    public static let version = 7
    /// The versions `decode` reads.
    public static let versionsRead = [1, 2, 3, 4, 5, 6, 7]

    public struct Node: Sendable, Equatable {
        /// Chromium's node id (unique in the tree).
        public var id: String
        /// Chromium's name for the node's role (`checkbox`, `StaticText`), as the file keeps it.
        public var role: String
        public var name: String?
        public var description: String?
        public var value: String?
        /// Chromium's properties, by name.
        public var properties: [String: WebProperty]
        public var children: [String]
        /// The DOM element's tag, `id` attribute and `lang` attribute, when the node is an element.
        public var tag: String?
        public var domID: String?
        public var language: String?
        /// The node's box in CSS pixels of the page; nil when it has no layout.
        public var box: Frame?
        /// What the browser's hit test found drawn over the element where keyboard focus leaves
        /// it (`Cover`); nil when nothing was, or when it was not tested.
        public var cover: Cover?

        public init(id: String, role: String, name: String? = nil, description: String? = nil, value: String? = nil,
                    properties: [String: WebProperty] = [:], children: [String] = [], tag: String? = nil,
                    domID: String? = nil, language: String? = nil, box: Frame? = nil, cover: Cover? = nil) {
            self.id = id
            self.role = role
            self.name = name
            self.description = description
            self.value = value
            self.properties = properties
            self.children = children
            self.tag = tag
            self.domID = domID
            self.language = language
            self.box = box
            self.cover = cover
        }

        /// The node's role in the web's vocabulary: where a tree's role names, saved or live,
        /// become `WebRole`s (`WebPageInterpreter`, `WebSetPositions`).
        public var webRole: WebRole { WebRole(chromiumName: role) }
    }

    /// Another element drawn over a focusable element's centre, as the browser's own hit test
    /// (`document.elementsFromPoint`) found it with the element scrolled to the top or the
    /// bottom of the window (`PageCapture`, docs/web.md "What covers a focused element").
    public struct Cover: Sendable, Equatable {
        /// The node of the tree that is the covering element or holds it (the nearest one at
        /// or around it that is not around the covered element too); nil when it has none.
        public var node: String?
        /// The covering element as a selector of its tag, `id` and classes (`header#top.site`),
        /// for a person to find it in the page's source.
        public var element: String
        /// Whether it hides the whole element (its centre and its four corners), not only its centre.
        public var whole: Bool
        /// Where the element was when it was covered.
        public var edge: WebCoverEdge

        public init(node: String?, element: String, whole: Bool, edge: WebCoverEdge) {
            self.node = node
            self.element = element
            self.whole = whole
            self.edge = edge
        }
    }

    /// The address the page was read from.
    public var url: String
    public var title: String
    /// The document's `lang`; nil when it says none.
    public var language: String?
    /// The window's width and height in CSS pixels.
    public var viewport: (width: Int, height: Int)
    /// The window's device pixels per CSS pixel (`window.devicePixelRatio`): 1 for a desktop's
    /// and for a tree saved before version 7.
    public var pixelRatio: Double = 1
    /// Whether the window was a phone's (mobile layout, touch, the phone browser's agent:
    /// `--viewport iphone`, a reader's phone); false before version 7.
    public var mobile = false
    /// The browser and its version (`Chromium/156.0.8078.114`).
    public var browser: String?
    /// Addresses the page tried to reach and was refused (Earshot reads pages offline).
    public var refused: [String]
    /// What the page did that Earshot answered or refused for it while it was read (a dialog
    /// dismissed, a move to another page, files outside its folder), one sentence each.
    public var notes: [String]
    /// The document first, then every node it reaches.
    public var nodes: [Node]
    /// Whether the browser tested what covers each focusable element (`Node.cover`): true for a
    /// page read by `PageCapture` (`read`, `lint`, `import`), false for a page as a scenario
    /// plays it and for a tree saved before version 4.
    public var coversTested: Bool
    /// What axe-core said of the page (`AxeRun`, its elements named by this tree's node ids), or
    /// why it did not run; nil when the page was not given to axe (a page as a scenario plays
    /// it, a tree saved before version 5).
    public var axe: AxeStatus?
    /// Where the browser's Tab and shift+Tab took keyboard focus (`WebKeyboardWalk`, by this
    /// tree's node ids); nil when the page was not walked (a page as a scenario plays it, a tree
    /// saved before version 6, a walk that failed, with a note).
    public var keyboard: WebKeyboardWalk?
    /// The page laid out 320 CSS pixels wide (`WebReflow`, by this tree's node ids); nil when it
    /// was not (as for `keyboard`).
    public var reflow: WebReflow?
    /// The page with WCAG 1.4.12's text spacing applied (`WebTextSpacing`, by this tree's node
    /// ids); nil when it was not (as for `keyboard`, and a tree saved before version 7).
    public var textSpacing: WebTextSpacing?
    /// The whole page as the browser drew it (`Page.captureScreenshot`), covering the page's
    /// layout size in CSS pixels from its top left corner; nil when none was taken.
    public var screenshot: ScreenPicture?

    public init(url: String, title: String, language: String?, viewport: (width: Int, height: Int), browser: String?,
                refused: [String], notes: [String] = [], nodes: [Node], screenshot: ScreenPicture? = nil, coversTested: Bool = false) {
        self.url = url
        self.title = title
        self.language = language
        self.viewport = viewport
        self.browser = browser
        self.refused = refused
        self.notes = notes
        self.nodes = nodes
        self.screenshot = screenshot
        self.coversTested = coversTested
    }

    public static func == (lhs: WebPageTree, rhs: WebPageTree) -> Bool {
        lhs.url == rhs.url && lhs.title == rhs.title && lhs.language == rhs.language && lhs.viewport == rhs.viewport
            && lhs.pixelRatio == rhs.pixelRatio && lhs.mobile == rhs.mobile
            && lhs.browser == rhs.browser && lhs.refused == rhs.refused && lhs.notes == rhs.notes && lhs.nodes == rhs.nodes
            && lhs.screenshot == rhs.screenshot && lhs.coversTested == rhs.coversTested && lhs.axe == rhs.axe
            && lhs.keyboard == rhs.keyboard && lhs.reflow == rhs.reflow && lhs.textSpacing == rhs.textSpacing
    }

    /// Whether a parsed JSON document is a saved tree (its `format` says so).
    public static func recognises(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "format" && ($0.node.value.stringText == format) }
    }

    static let keys = ["format", "version", "url", "title", "language", "viewport", "window", "browser", "refused", "notes", "coversTested",
                       "axe", "keyboard", "reflow", "textSpacing", "nodes", "screenshot"]
    static let screenshotKeys = ["width", "height", "png"]
    static let nodeKeys = ["id", "role", "name", "description", "value", "properties", "children", "tag", "domID",
                           "language", "box", "cover"]
    static let coverKeys = ["node", "element", "whole", "edge"]

    /// Reads a saved tree; a fault is an error at its line and column.
    public static func decode(_ root: JSONNode) throws -> WebPageTree {
        let object = try root.object(allowing: keys)
        let formatNode = try object.required("format")
        guard try formatNode.stringValue() == format else {
            throw DataFileError("\"format\" must be \"\(format)\"", at: formatNode.location)
        }
        let versionNode = try object.required("version")
        let fileVersion = try versionNode.intValue()
        guard versionsRead.contains(fileVersion) else {
            throw DataFileError("version \(fileVersion) of the saved tree is not one this earshot reads (it reads \(versionsRead.dropLast().map(String.init).joined(separator: ", ")) and \(versionsRead.last!)); import the page again",
                                at: versionNode.location)
        }
        let viewportNode = try object.required("viewport")
        let viewport = try viewportNode.arrayItems().map { try $0.intValue() }
        guard viewport.count == 2, viewport.allSatisfy({ (1...WebPageLimits.largestViewportSide).contains($0) }) else {
            throw DataFileError("\"viewport\" is [width, height], two whole numbers from 1 to \(WebPageLimits.largestViewportSide) (CSS pixels)",
                                at: viewportNode.location)
        }
        let nodesNode = try object.required("nodes")
        let items = try nodesNode.arrayItems()
        var nodes: [Node] = []
        nodes.reserveCapacity(items.count)
        var seen: Set<String> = []
        for item in items {
            let node = try decodeNode(item, version: fileVersion)
            guard seen.insert(node.id).inserted else {
                throw DataFileError("node id \"\(node.id)\" is used twice", at: item.location)
            }
            nodes.append(node)
        }
        guard !nodes.isEmpty else { throw DataFileError("\"nodes\" is empty: a page has at least its document", at: nodesNode.location) }
        for (item, node) in zip(items, nodes) {
            for child in node.children where !seen.contains(child) {
                throw DataFileError("node \"\(node.id)\" names a child \"\(child)\" that is not in \"nodes\"", at: item.location)
            }
            if let cover = node.cover?.node, !seen.contains(cover) {
                throw DataFileError("node \"\(node.id)\"'s \"cover\" names a node \"\(cover)\" that is not in \"nodes\"", at: item.location)
            }
        }
        // The shape, before anything walks it: every walk of the screen may then recurse.
        switch WebPageLimits.shapeProblem(of: WebPageTree(url: "", title: "", language: nil, viewport: (1, 1), browser: nil,
                                                          refused: [], nodes: nodes)) {
        case .tooDeep(let index):
            throw DataFileError("node \"\(nodes[index].id)\" is nested deeper than \(WebPageLimits.maximumDepth) levels below the document; no real page is this deep",
                                at: items[index].location)
        case .reachedTwice(let index):
            throw DataFileError("node \"\(nodes[index].id)\" is the child of two nodes, or of itself (a cycle): a page is a tree",
                                at: items[index].location)
        case nil:
            break
        }
        var screenshot: ScreenPicture?
        if let node = object["screenshot"], !node.isNull {
            guard fileVersion >= 2 else {
                throw DataFileError("\"screenshot\" is a key of version 2; this file says version \(fileVersion)", at: node.location)
            }
            screenshot = try decodeScreenshot(node)
        }
        var notes: [String] = []
        if let node = object["notes"], !node.isNull {
            guard fileVersion >= 3 else {
                throw DataFileError("\"notes\" is a key of version 3; this file says version \(fileVersion)", at: node.location)
            }
            notes = try object.strings("notes") ?? []
        }
        var coversTested = false
        if let node = object["coversTested"], !node.isNull {
            guard fileVersion >= 4 else {
                throw DataFileError("\"coversTested\" is a key of version 4; this file says version \(fileVersion)", at: node.location)
            }
            coversTested = try node.boolValue()
        }
        var tree = WebPageTree(url: try object.requiredString("url"), title: try object.string("title") ?? "",
                               language: try object.string("language"), viewport: (viewport[0], viewport[1]),
                               browser: try object.string("browser"), refused: try object.strings("refused") ?? [], notes: notes, nodes: nodes,
                               screenshot: screenshot, coversTested: coversTested)
        if let node = object["window"], !node.isNull {
            guard fileVersion >= 7 else {
                throw DataFileError("\"window\" is a key of version 7; this file says version \(fileVersion)", at: node.location)
            }
            let window = try node.object(allowing: ["pixelRatio", "mobile"])
            let ratioNode = try window.required("pixelRatio")
            let ratio = try ratioNode.doubleValue()
            guard (0.5...5.0).contains(ratio) else {
                throw DataFileError("\"pixelRatio\" is the window's device pixels per CSS pixel, 0.5 to 5; got \(ratio)", at: ratioNode.location)
            }
            tree.pixelRatio = ratio
            tree.mobile = try window.bool("mobile") ?? false
        }
        if let node = object["axe"], !node.isNull {
            guard fileVersion >= 5 else {
                throw DataFileError("\"axe\" is a key of version 5; this file says version \(fileVersion)", at: node.location)
            }
            tree.axe = try decodeAxe(node, nodes: seen)
        }
        if let node = object["keyboard"], !node.isNull {
            guard fileVersion >= 6 else {
                throw DataFileError("\"keyboard\" is a key of version 6; this file says version \(fileVersion)", at: node.location)
            }
            tree.keyboard = try decodeKeyboard(node, nodes: seen)
        }
        if let node = object["reflow"], !node.isNull {
            guard fileVersion >= 6 else {
                throw DataFileError("\"reflow\" is a key of version 6; this file says version \(fileVersion)", at: node.location)
            }
            tree.reflow = try decodeReflow(node, nodes: seen)
        }
        if let node = object["textSpacing"], !node.isNull {
            guard fileVersion >= 7 else {
                throw DataFileError("\"textSpacing\" is a key of version 7; this file says version \(fileVersion)", at: node.location)
            }
            tree.textSpacing = try decodeTextSpacing(node, nodes: seen)
        }
        return tree
    }

    /// `{"version": V, "rules": {RULE: [CRITERION, …]}, "results": [RESULT, …]}`, or
    /// `{"unavailable": REASON}`; a result is `{"rule", "outcome", "impact", "help", "helpUrl",
    /// "criteria", "nodes": [{"node", "target", "summary"}]}`, `node` a node of the tree.
    private static func decodeAxe(_ node: JSONNode, nodes: Set<String>) throws -> AxeStatus {
        if case .object(let members) = node.value, members.contains(where: { $0.key == "unavailable" }) {
            let object = try node.object(allowing: ["unavailable"])
            return .unavailable(try object.requiredString("unavailable"))
        }
        let object = try node.object(allowing: ["version", "rules", "results"])
        func rule(_ id: String, at place: JSONNode) throws -> AxeRule {
            guard let rule = AxeRule(id: id) else {
                throw DataFileError("\"\(id)\" is not an axe rule id (lower-case letters, digits and hyphens)", at: place.location)
            }
            return rule
        }
        func criteria(_ node: JSONNode) throws -> [String] {
            try node.arrayItems().map { item in
                let id = try item.stringValue()
                guard AxeRun.criterion(ofTag: "wcag" + id.replacingOccurrences(of: ".", with: "")) == id else {
                    throw DataFileError("\"\(id)\" is not a WCAG success criterion's number (1.4.3)", at: item.location)
                }
                return id
            }
        }
        var rules: [AxeRule: [String]] = [:]
        let rulesNode = try object.required("rules")
        for member in try rulesNode.anyObject().members {
            rules[try rule(member.key, at: rulesNode)] = try criteria(member.node)
        }
        let results = try object.required("results").arrayItems().map { item -> AxeResult in
            let fields = try item.object(allowing: ["rule", "outcome", "impact", "help", "helpUrl", "criteria", "nodes"])
            let ruleNode = try fields.required("rule")
            let nodesFound = try fields.required("nodes").arrayItems().map { entry -> AxeNode in
                let parts = try entry.object(allowing: ["node", "target", "summary"])
                let id = try parts.string("node")
                if let id, !nodes.contains(id) {
                    throw DataFileError("an axe result names a node \"\(id)\" that is not in \"nodes\"", at: entry.location)
                }
                return AxeNode(node: id, target: try parts.requiredString("target"), summary: try parts.string("summary"))
            }
            return AxeResult(rule: try rule(try ruleNode.stringValue(), at: ruleNode),
                             outcome: try fields.required("outcome").enumValue(AxeOutcome.self, what: "axe outcome"),
                             impact: try fields.string("impact"), help: try fields.requiredString("help"),
                             helpURL: try fields.requiredString("helpUrl"), criteria: try criteria(try fields.required("criteria")),
                             nodes: nodesFound)
        }
        return .ran(AxeRun(version: try object.requiredString("version"), rules: rules, results: results))
    }

    /// `{"forward": [NODE, …], "backward": [NODE, …], "traps": [{"node", "keys", "to"}], "cut": BOOL,
    /// "pictured": BOOL, "unseen": [NODE, …]}`, every NODE a node of the tree, `keys` `Tab` or
    /// `shift+Tab`; all but `forward` and `backward` optional.
    private static func decodeKeyboard(_ node: JSONNode, nodes: Set<String>) throws -> WebKeyboardWalk {
        let object = try node.object(allowing: ["forward", "backward", "traps", "cut", "pictured", "unseen"])
        func known(_ item: JSONNode) throws -> String {
            let id = try item.stringValue()
            guard nodes.contains(id) else {
                throw DataFileError("the keyboard walk names a node \"\(id)\" that is not in \"nodes\"", at: item.location)
            }
            return id
        }
        func order(_ key: String) throws -> [String] {
            guard let list = object[key] else { return [] }
            let items = try list.arrayItems()
            guard items.count <= WebPageLimits.longestKeyboardWalk else {
                throw DataFileError("the keyboard walk's \"\(key)\" lists more than \(WebPageLimits.longestKeyboardWalk) elements, more than one walk presses",
                                    at: try object.required(key).location)
            }
            return try items.map(known)
        }
        _ = try object.required("forward")
        _ = try object.required("backward")
        let traps = try (object["traps"].map { try $0.arrayItems() } ?? []).map { item -> WebKeyboardWalk.Trap in
            let fields = try item.object(allowing: ["node", "keys", "to"])
            let keysNode = try fields.required("keys")
            let keys = try keysNode.stringValue()
            guard keys == "Tab" || keys == "shift+Tab" else {
                throw DataFileError("a trap's \"keys\" is \"Tab\" or \"shift+Tab\"", at: keysNode.location)
            }
            return WebKeyboardWalk.Trap(node: try known(try fields.required("node")), keys: keys, to: try fields["to"].flatMap { $0.isNull ? nil : try known($0) })
        }
        return WebKeyboardWalk(forward: try order("forward"), backward: try order("backward"), traps: traps,
                               cut: try object["cut"].map { try $0.boolValue() } ?? false,
                               pictured: try object["pictured"].map { try $0.boolValue() } ?? false, unseen: try order("unseen"))
    }

    /// `{"clipped": [PART, …], "overlapping": [PART, …]}`, a PART `{"node", "element", "text",
    /// "pixels", "other"}` (`node` optional, a node of the tree; `other` an overlap's only).
    private static func decodeTextSpacing(_ node: JSONNode, nodes: Set<String>) throws -> WebTextSpacing {
        let object = try node.object(allowing: ["clipped", "overlapping"])
        func parts(_ key: String, overlaps: Bool) throws -> [WebTextSpacing.Part] {
            guard let list = object[key] else { return [] }
            let items = try list.arrayItems()
            guard items.count <= WebPageLimits.mostSpacingParts else {
                throw DataFileError("\"\(key)\" holds at most \(WebPageLimits.mostSpacingParts) parts", at: list.location)
            }
            return try items.map { item in
                let fields = try item.object(allowing: ["node", "element", "text", "pixels", "other"])
                let id = try fields.string("node")
                if let id, !nodes.contains(id) {
                    throw DataFileError("the text spacing names a node \"\(id)\" that is not in \"nodes\"", at: item.location)
                }
                func selector(_ key: String, required: Bool) throws -> String? {
                    guard let text = required ? try fields.requiredString(key) : try fields.string(key) else { return nil }
                    guard !text.isEmpty, text.count <= WebPageLimits.longestCoverSelector else {
                        throw DataFileError("a text-spacing part's \"\(key)\" is a selector, 1 to \(WebPageLimits.longestCoverSelector) characters", at: item.location)
                    }
                    return text
                }
                let element = try selector("element", required: true) ?? ""
                let other = try selector("other", required: false)
                guard overlaps == (other != nil) else {
                    throw DataFileError(overlaps ? "an overlapping part names the \"other\" element it lies over"
                                                 : "a clipped part has no \"other\" element", at: item.location)
                }
                let text = try fields.requiredString("text")
                guard text.count <= WebPageLimits.longestSpacingText else {
                    throw DataFileError("a text-spacing part's \"text\" is at most \(WebPageLimits.longestSpacingText) characters", at: item.location)
                }
                let pixelsNode = try fields.required("pixels")
                let pixels = try pixelsNode.intValue()
                guard (0...WebPageLimits.largestViewportSide * 100).contains(pixels) else {
                    throw DataFileError("a text-spacing part's \"pixels\" are CSS pixels, 0 to \(WebPageLimits.largestViewportSide * 100)", at: pixelsNode.location)
                }
                return WebTextSpacing.Part(node: id, element: element, text: text, pixels: pixels, other: other)
            }
        }
        return WebTextSpacing(clipped: try parts("clipped", overlaps: false), overlapping: try parts("overlapping", overlaps: true))
    }

    /// `{"width": W, "scrollWidth": S, "wide": [PART, …], "cut": [PART, …]}`, a PART
    /// `{"node", "element", "right"}` (`node` optional, a node of the tree).
    private static func decodeReflow(_ node: JSONNode, nodes: Set<String>) throws -> WebReflow {
        let object = try node.object(allowing: ["width", "scrollWidth", "wide", "cut"])
        func side(_ key: String) throws -> Int {
            let place = try object.required(key)
            let value = try place.intValue()
            guard (1...WebPageLimits.largestViewportSide * 100).contains(value) else {
                throw DataFileError("\"\(key)\" is a width in CSS pixels, 1 to \(WebPageLimits.largestViewportSide * 100)", at: place.location)
            }
            return value
        }
        func parts(_ key: String) throws -> [WebReflow.Part] {
            guard let list = object[key] else { return [] }
            return try list.arrayItems().map { item in
                let fields = try item.object(allowing: ["node", "element", "right"])
                let id = try fields.string("node")
                if let id, !nodes.contains(id) {
                    throw DataFileError("the reflow names a node \"\(id)\" that is not in \"nodes\"", at: item.location)
                }
                let element = try fields.requiredString("element")
                guard !element.isEmpty, element.count <= WebPageLimits.longestCoverSelector else {
                    throw DataFileError("a reflow part's \"element\" is a selector, 1 to \(WebPageLimits.longestCoverSelector) characters", at: item.location)
                }
                let rightNode = try fields.required("right")
                let right = try rightNode.intValue()
                guard abs(right) <= WebPageLimits.largestViewportSide * 100 else {
                    throw DataFileError("a reflow part's \"right\" is in CSS pixels, at most \(WebPageLimits.largestViewportSide * 100) either way", at: rightNode.location)
                }
                return WebReflow.Part(node: id, element: element, right: right)
            }
        }
        return WebReflow(width: try side("width"), scrollWidth: try side("scrollWidth"), wide: try parts("wide"), cut: try parts("cut"))
    }

    /// `{"width": W, "height": H, "png": BASE64}`: the area covered in CSS pixels, and the PNG.
    private static func decodeScreenshot(_ node: JSONNode) throws -> ScreenPicture {
        let object = try node.object(allowing: screenshotKeys)
        let widthNode = try object.required("width"), heightNode = try object.required("height")
        let width = try widthNode.doubleValue(), height = try heightNode.doubleValue()
        if let problem = WebPageLimits.problem(screenshotSide: width) {
            throw DataFileError("the screenshot's \"width\" is the CSS pixels it covers: \(problem)", at: widthNode.location)
        }
        if let problem = WebPageLimits.problem(screenshotSide: height) {
            throw DataFileError("the screenshot's \"height\" is the CSS pixels it covers: \(problem)", at: heightNode.location)
        }
        let pngNode = try object.required("png")
        guard let png = Data(base64Encoded: try pngNode.stringValue()), ScreenPicture.isPNG(png) else {
            throw DataFileError("the screenshot's \"png\" is a PNG file in base64", at: pngNode.location)
        }
        return ScreenPicture(png: png, width: width, height: height)
    }

    /// `{"node": ID, "element": SELECTOR, "whole": BOOL, "edge": "top"|"bottom"|"anywhere"}`, `node` optional.
    private static func decodeCover(_ node: JSONNode) throws -> Cover {
        let object = try node.object(allowing: coverKeys)
        let element = try object.requiredString("element")
        guard !element.isEmpty, element.count <= WebPageLimits.longestCoverSelector else {
            throw DataFileError("a cover's \"element\" is the selector of the element drawn over the node, 1 to \(WebPageLimits.longestCoverSelector) characters",
                                at: try object.required("element").location)
        }
        let edgeNode = try object.required("edge")
        return Cover(node: try object.string("node"), element: element, whole: try object.required("whole").boolValue(),
                     edge: try edgeNode.enumValue(WebCoverEdge.self, what: "edge"))
    }

    private static func decodeNode(_ item: JSONNode, version: Int) throws -> Node {
        let object = try item.object(allowing: nodeKeys)
        var properties: [String: WebProperty] = [:]
        if let node = object["properties"], !node.isNull {
            for member in try node.anyObject().members {
                switch member.node.value {
                case .bool(let flag): properties[member.key] = .bool(flag)
                case .number(let number):
                    if let problem = WebPageLimits.problem(property: member.key, number) {
                        throw DataFileError(problem, at: member.node.location)
                    }
                    properties[member.key] = .number(number)
                case .string(let text): properties[member.key] = .text(text)
                default: throw member.node.typeError(expected: "true, false, a number or a string")
                }
            }
        }
        var box: Frame?
        if let node = object["box"], !node.isNull {
            let numbers = try node.arrayItems().map { try $0.doubleValue() }
            if let problem = WebPageLimits.problem(box: numbers) { throw DataFileError(problem, at: node.location) }
            box = Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        var cover: Cover?
        if let node = object["cover"], !node.isNull {
            guard version >= 4 else {
                throw DataFileError("\"cover\" is a key of version 4; this file says version \(version)", at: node.location)
            }
            cover = try decodeCover(node)
        }
        return Node(id: try object.requiredString("id"), role: try object.requiredString("role"), name: try object.string("name"),
                    description: try object.string("description"), value: try object.string("value"),
                    properties: properties, children: try object.strings("children") ?? [], tag: try object.string("tag"),
                    domID: try object.string("domID"), language: try object.string("language"), box: box, cover: cover)
    }

    /// The tree as the file `import` writes: one node a line, keys in a fixed order, so two
    /// imports of one page are byte for byte the same and a diff shows what changed. What it
    /// writes, `decode` reads: a control character in a text is written as a space
    /// (`WebPageLimits.keptText`), and the numbers were bounded where the tree was made. The
    /// screenshot, when there is one, is the last key, on one line of its own, so that the
    /// head of the file and its nodes stay readable.
    public var json: String {
        // Every string as the reader takes it back (`WebPageLimits.keptText`: no control character).
        func jsonString(_ text: String) -> String { EarshotCore.jsonString(WebPageLimits.keptText(text)) }
        func optional(_ text: String?) -> String { text.map(jsonString) ?? "null" }
        var lines = ["{"]
        lines.append("  \"format\": \(jsonString(Self.format)),")
        let hasCovers = coversTested || nodes.contains { $0.cover != nil }
        let hasWindow = pixelRatio != 1 || mobile
        lines.append("  \"version\": \(textSpacing != nil || hasWindow ? 7 : keyboard != nil || reflow != nil ? 6 : axe != nil ? 5 : hasCovers ? 4 : notes.isEmpty ? 2 : 3),")
        lines.append("  \"url\": \(jsonString(url)),")
        lines.append("  \"title\": \(jsonString(title)),")
        lines.append("  \"language\": \(optional(language)),")
        lines.append("  \"viewport\": [\(viewport.width), \(viewport.height)],")
        if hasWindow {
            lines.append("  \"window\": {\"pixelRatio\": \(plainNumber(pixelRatio)), \"mobile\": \(mobile)},")
        }
        lines.append("  \"browser\": \(optional(browser)),")
        lines.append("  \"refused\": [\(refused.map(jsonString).joined(separator: ", "))],")
        if !notes.isEmpty { lines.append("  \"notes\": [\(notes.map(jsonString).joined(separator: ", "))],") }
        if coversTested { lines.append("  \"coversTested\": true,") }
        switch axe {
        case .unavailable(let reason):
            lines.append("  \"axe\": {\"unavailable\": \(jsonString(reason))},")
        case .ran(let run):
            func list(_ items: [String]) -> String { "[" + items.map(jsonString).joined(separator: ", ") + "]" }
            let rules = run.rules.keys.sorted().map { "\(jsonString($0.id)): \(list(run.rules[$0]!))" }.joined(separator: ", ")
            let results = run.results.map { result -> String in
                let nodes = result.nodes.map { node -> String in
                    var members = node.node.map { ["\"node\": \(jsonString($0))"] } ?? []
                    members.append("\"target\": \(jsonString(node.target))")
                    if let summary = node.summary { members.append("\"summary\": \(jsonString(summary))") }
                    return "{" + members.joined(separator: ", ") + "}"
                }
                return "    {\"rule\": \(jsonString(result.rule.id)), \"outcome\": \(jsonString(result.outcome.rawValue)), "
                    + "\"impact\": \(optional(result.impact)), \"help\": \(jsonString(result.help)), \"helpUrl\": \(jsonString(result.helpURL)), "
                    + "\"criteria\": \(list(result.criteria)), \"nodes\": [\(nodes.joined(separator: ", "))]}"
            }
            lines.append("  \"axe\": {\"version\": \(jsonString(run.version)), \"rules\": {\(rules)}, \"results\": [")
            lines.append(contentsOf: results.enumerated().map { $0.element + ($0.offset == results.count - 1 ? "" : ",") })
            lines.append("  ]},")
        case nil:
            break
        }
        if let keyboard {
            func list(_ items: [String]) -> String { "[" + items.map(jsonString).joined(separator: ", ") + "]" }
            var members = ["\"forward\": \(list(keyboard.forward))", "\"backward\": \(list(keyboard.backward))"]
            if !keyboard.traps.isEmpty {
                let traps = keyboard.traps.map { trap in
                    "{\"node\": \(jsonString(trap.node)), \"keys\": \(jsonString(trap.keys))" + (trap.to.map { ", \"to\": \(jsonString($0))" } ?? "") + "}"
                }
                members.append("\"traps\": [\(traps.joined(separator: ", "))]")
            }
            if keyboard.cut { members.append("\"cut\": true") }
            if keyboard.pictured { members.append("\"pictured\": true") }
            if !keyboard.unseen.isEmpty { members.append("\"unseen\": \(list(keyboard.unseen))") }
            lines.append("  \"keyboard\": {\(members.joined(separator: ", "))},")
        }
        if let reflow {
            func parts(_ list: [WebReflow.Part]) -> String {
                "[" + list.map { part in
                    "{" + ((part.node.map { ["\"node\": \(jsonString($0))"] } ?? []) + ["\"element\": \(jsonString(part.element))", "\"right\": \(part.right)"]).joined(separator: ", ") + "}"
                }.joined(separator: ", ") + "]"
            }
            var members = ["\"width\": \(reflow.width)", "\"scrollWidth\": \(reflow.scrollWidth)"]
            if !reflow.wide.isEmpty { members.append("\"wide\": \(parts(reflow.wide))") }
            if !reflow.cut.isEmpty { members.append("\"cut\": \(parts(reflow.cut))") }
            lines.append("  \"reflow\": {\(members.joined(separator: ", "))},")
        }
        if let textSpacing {
            func parts(_ list: [WebTextSpacing.Part]) -> String {
                "[" + list.map { part in
                    var members = part.node.map { ["\"node\": \(jsonString($0))"] } ?? []
                    members += ["\"element\": \(jsonString(part.element))", "\"text\": \(jsonString(part.text))", "\"pixels\": \(part.pixels)"]
                    if let other = part.other { members.append("\"other\": \(jsonString(other))") }
                    return "{" + members.joined(separator: ", ") + "}"
                }.joined(separator: ", ") + "]"
            }
            var members: [String] = []
            if !textSpacing.clipped.isEmpty { members.append("\"clipped\": \(parts(textSpacing.clipped))") }
            if !textSpacing.overlapping.isEmpty { members.append("\"overlapping\": \(parts(textSpacing.overlapping))") }
            lines.append("  \"textSpacing\": {\(members.joined(separator: ", "))},")
        }
        lines.append("  \"nodes\": [")
        for (index, node) in nodes.enumerated() {
            var fields = ["\"id\": \(jsonString(node.id))", "\"role\": \(jsonString(node.role))"]
            if let name = node.name { fields.append("\"name\": \(jsonString(name))") }
            if let description = node.description { fields.append("\"description\": \(jsonString(description))") }
            if let value = node.value { fields.append("\"value\": \(jsonString(value))") }
            if !node.properties.isEmpty {
                let members = node.properties.keys.sorted().map { key -> String in
                    let value = switch node.properties[key]! {
                    case .bool(let flag): flag ? "true" : "false"
                    case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
                    case .text(let text): jsonString(text)
                    }
                    return "\(jsonString(key)): \(value)"
                }
                fields.append("\"properties\": {\(members.joined(separator: ", "))}")
            }
            if let tag = node.tag { fields.append("\"tag\": \(jsonString(tag))") }
            if let domID = node.domID { fields.append("\"domID\": \(jsonString(domID))") }
            if let language = node.language { fields.append("\"language\": \(jsonString(language))") }
            if let box = node.box {
                let numbers = [box.x, box.y, box.width, box.height].map { fixedDecimal($0, places: 2) }
                fields.append("\"box\": [\(numbers.joined(separator: ", "))]")
            }
            if let cover = node.cover {
                var members = cover.node.map { ["\"node\": \(jsonString($0))"] } ?? []
                members += ["\"element\": \(jsonString(cover.element))", "\"whole\": \(cover.whole)", "\"edge\": \(jsonString(cover.edge.rawValue))"]
                fields.append("\"cover\": {\(members.joined(separator: ", "))}")
            }
            if !node.children.isEmpty { fields.append("\"children\": [\(node.children.map(jsonString).joined(separator: ", "))]") }
            lines.append("    {\(fields.joined(separator: ", "))}" + (index == nodes.count - 1 ? "" : ","))
        }
        if let screenshot {
            lines.append("  ],")
            let size = [screenshot.width, screenshot.height].map { fixedDecimal($0, places: 2) }
            lines.append("  \"screenshot\": {\"width\": \(size[0]), \"height\": \(size[1]), \"png\": \"\(screenshot.png.base64EncodedString())\"}")
        } else {
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension JSONNode.Value {
    /// The text of a string value; nil for any other.
    var stringText: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
