/// What a browser's accessibility tree says of one node of a web page (Chromium's
/// `Accessibility.getFullAXTree`, saved in an `.axtree.json`): NVDA's rules read it. nil on the
/// nodes of apps.
///
/// The role is Chromium's, read into the web's vocabulary (`WebRole`) where the tree becomes a
/// screen; what a role is (a control, a landmark, a dialog) is asked of it. Properties keep
/// Chromium's names and values (`level`, `checked` = `"true"`/`"false"`/`"mixed"`, `atomic`,
/// `busy`, …); the ones a reader decides by are typed below (`checked`, `pressed`, `expanded`,
/// `live`, `containerLive`).
public struct WebElement: Sendable, Equatable {
    public var role: WebRole
    public var name: String?
    public var description: String?
    public var value: String?
    /// Chromium's properties by name.
    public var properties: [String: WebProperty]
    /// The element's DOM tag (`h1`, `input`), when it is an element.
    public var tag: String?
    /// An invalid field's error message: the text of the elements its `aria-errormessage`
    /// names (`WebPageInterpreter.errorMessage`).
    public var errorMessage: String?
    /// What the browser found drawn over the element where keyboard focus leaves it
    /// (`focus.covered`); nil when nothing was, or when it was not tested.
    public var cover: WebCover?
    /// On the document's node: whether the browser tested what covers each focusable element
    /// of the page (`WebPageTree.coversTested`); false on every other node.
    public var coversTested = false
    /// On the document's node: what axe-core said of the page, or why it did not run
    /// (`WebPageTree.axe`); nil on every other node and when the page was not given to axe.
    public var axe: AxeStatus?
    /// On the document's node: where the browser's Tab and shift+Tab took keyboard focus
    /// (`WebPageTree.keyboard`); nil on every other node and when the page was not walked.
    public var keyboard: WebKeyboardWalk?
    /// On the document's node: the page laid out 320 CSS pixels wide (`WebPageTree.reflow`);
    /// nil on every other node and when the page was not.
    public var reflow: WebReflow?
    /// On the document's node: the page with WCAG 1.4.12's text spacing applied
    /// (`WebPageTree.textSpacing`); nil on every other node and when the page was not.
    public var textSpacing: WebTextSpacing?
    /// A table's rows and columns, on the table itself (`WebTableGrid`).
    public var tableSize: WebTableSize?
    /// A cell's place in its table and its header cells' text, on the cell (`WebTableGrid`).
    public var tableCell: WebTableCell?

    public init(role: WebRole, name: String? = nil, description: String? = nil, value: String? = nil,
                properties: [String: WebProperty] = [:], tag: String? = nil) {
        self.role = role
        self.name = name
        self.description = description
        self.value = value
        self.properties = properties
        self.tag = tag
    }

    /// A property read as a flag: `true`, or the text `"true"`.
    public func flag(_ name: String) -> Bool {
        switch properties[name] {
        case .bool(let value): value
        case .text(let text): text == "true"
        default: false
        }
    }

    /// A property's text (a token such as `polite`, or a number written out).
    public func text(_ name: String) -> String? {
        switch properties[name] {
        case .text(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let value): String(value)
        case nil: nil
        }
    }

    /// A whole-number property (`level`, `posinset`, `setsize`); nil for a number no `Int` holds
    /// (a saved tree refuses one, `WebPageLimits`; this never traps on any other).
    public func integer(_ name: String) -> Int? {
        switch properties[name] {
        case .number(let number): Int(exactly: number)
        case .text(let text): Int(text)
        default: nil
        }
    }

    /// The heading level, for a heading.
    public var level: Int? { integer("level") }
    /// `checked` (a check box, a radio button, a switch): true, false or nil for mixed or none.
    public var checked: CheckedState? {
        switch text("checked") {
        case "true": .checked
        case "false": .notChecked
        case "mixed": .mixed
        default: nil
        }
    }
    /// `pressed` (a toggle button), as `checked`.
    public var pressed: CheckedState? {
        switch text("pressed") {
        case "true": .checked
        case "false": .notChecked
        case "mixed": .mixed
        default: nil
        }
    }
    /// `expanded` (a combo box, a disclosure button): true, false, or nil when it neither
    /// expands nor collapses.
    public var expanded: Bool? {
        switch text("expanded") {
        case "true": true
        case "false": false
        default: nil
        }
    }
    /// Whether the browser lets the element take keyboard focus (a script or a click can focus it).
    public var isFocusable: Bool { flag("focusable") }

    /// The text selected in a focused text field (`domSelectedText`, read from the DOM with the
    /// tree: docs/web.md, "Browse and focus modes, as played"); nil when none is.
    public var selectedText: String? { text("domSelectedText").flatMap { $0.isEmpty ? nil : $0 } }
    /// Whether Tab reaches the element: focusable, and not taken out of the keyboard's order by a
    /// negative `tabindex` or by being a radio button its group does not stop at
    /// (`WebSetPositions`: a group of radio buttons is one Tab stop).
    public var isInTabOrder: Bool { isFocusable && !flag("outOfTabOrder") }
    /// Whether the element is a password field (`<input type="password">`): Chromium's tree does
    /// not say so, the DOM does (`domPassword`, read from the DOM snapshot with the tree:
    /// docs/mobile-web.md, "Password fields"). Each reader hides its text its own way (NVDA's
    /// PROTECTED state: a typed character is echoed as its protected character).
    public var isPassword: Bool { flag("domPassword") }
    /// Whether typing goes into the element: a text field (`isTextEntry`) neither read-only nor
    /// disabled (what the phone readers echo typed characters in).
    public var takesTyping: Bool { role.isTextEntry && !flag("readonly") && !flag("disabled") }
    /// The node's own `aria-live` (a live region's root, `role=alert`, `status` and `log`
    /// included): `polite`, `assertive`; nil: none or off.
    public var live: WebLivePoliteness? { Self.politeness(text("live")) }
    /// The `aria-live` of the region the node is inside, if any (`containerLive`, which the
    /// page's interpreter gives every node inside a region).
    public var containerLive: WebLivePoliteness? { Self.politeness(text("containerLive")) }

    private static func politeness(_ token: String?) -> WebLivePoliteness? {
        guard let politeness = WebLivePoliteness(token: token), politeness != .off else { return nil }
        return politeness
    }

    /// Whether the node is a text run (Chromium's `StaticText`).
    public var isText: Bool { role.isText }
    /// Whether the node is a landmark: a landmark role, and for a form or a region a name too
    /// (ARIA's rule, which Chromium follows and NVDA's `aria.landmarkRoles` assumes).
    public var isLandmark: Bool { role.isLandmarkRole && (!role.isLandmarkOnlyWhenNamed || name != nil) }

    /// A tri-state: checked, not checked, mixed.
    public enum CheckedState: String, Sendable, Equatable {
        case checked, notChecked, mixed
    }
}

/// Another element drawn over a focusable element's centre where keyboard focus leaves it: at
/// the top or the bottom of the window (`WebPageTree.Cover`, as the screen names elements).
public struct WebCover: Sendable, Equatable {
    /// The screen's element that is the cover or holds it; nil when the cover has no node.
    public var elementID: String?
    /// The covering element as a selector (`header#top.site`).
    public var selector: String
    /// Whether it hides the whole element, not only its centre.
    public var whole: Bool
    /// The window's edge the element was scrolled to.
    public var edge: WebCoverEdge

    public init(elementID: String?, selector: String, whole: Bool, edge: WebCoverEdge) {
        self.elementID = elementID
        self.selector = selector
        self.whole = whole
        self.edge = edge
    }
}

/// Where in the window an element was when it was found covered: at its top or its bottom edge
/// (the browser scrolls a focused element only when it is not inside the window already, so
/// focus can rest there), or `anywhere`, on a page where nothing moves as it scrolls, so the
/// cover is over the element wherever it is.
public enum WebCoverEdge: String, Sendable, Equatable, CaseIterable {
    case top, bottom, anywhere
}

/// A table's size as the browser gives it to a screen reader (IAccessible2's `nRows` and
/// `nColumns`): the rows of its grid and the most cells any row has.
public struct WebTableSize: Sendable, Equatable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// A cell's place in its table (1-based, as IAccessible2's `rowColumnExtents` plus one: its first
/// row and column, and how many of each it spans) and the text of the header cells the browser
/// names for it (`columnHeaderCells`, `rowHeaderCells`), the cell itself left out.
public struct WebTableCell: Sendable, Equatable {
    /// The element id of the table the cell is in.
    public var tableID: String
    public var row: Int
    public var column: Int
    /// The rows and columns the cell spans (`rowspan`, `colspan`; NVDA's `table-rowsspanned`,
    /// `table-columnsspanned`), 1 for a cell of one row and one column.
    public var rowSpan: Int
    public var columnSpan: Int
    /// The text of the row's header cells, one line each; nil when it has none.
    public var rowHeader: String?
    /// The text of the column's header cells, one line each; nil when it has none.
    public var columnHeader: String?

    public init(tableID: String, row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, rowHeader: String? = nil,
                columnHeader: String? = nil) {
        self.tableID = tableID
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.rowHeader = rowHeader
        self.columnHeader = columnHeader
    }

    /// Whether the cell covers the place at `row` and `column` (its first row and column or one
    /// it spans).
    public func covers(row: Int, column: Int) -> Bool {
        (self.row..<(self.row + rowSpan)).contains(row) && (self.column..<(self.column + columnSpan)).contains(column)
    }
}

/// One property value of a web node, as Chromium gives it.
public enum WebProperty: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case text(String)
}

extension Screen {
    /// Whether the screen was read from a web page's accessibility tree.
    public var isWebPage: Bool { roots.contains { $0.web != nil } }

    /// Whether the browser tested what covers the page's focusable elements (its document's
    /// `WebElement.coversTested`).
    public var webCoversTested: Bool { roots.contains { $0.web?.coversTested == true } }

    /// What axe-core said of the page, or why it did not run (its document's `WebElement.axe`);
    /// nil off a page and for a page not given to axe (a page as a scenario plays it).
    public var webAxe: AxeStatus? { roots.lazy.compactMap { $0.web?.axe }.first }

    /// The element that has the browser's keyboard focus (Chromium's `focused`), other than the
    /// document itself; nil when the document has it, or on an app's screen.
    public var browserFocusID: String? {
        func find(_ node: AccessibilityNode) -> String? {
            if let web = node.web, web.flag("focused"), !web.role.isDocument { return node.id }
            for child in node.children { if let found = find(child) { return found } }
            return nil
        }
        for root in roots { if let found = find(root) { return found } }
        return nil
    }
}
