/// A web node's role as Chromium's accessibility tree names it (`Accessibility.getFullAXTree`):
/// ARIA's role names where ARIA has one (`heading`, `checkbox`, `navigation`), Chromium's own
/// for the rest (`RootWebArea`, `StaticText`, `LabelText`). The one web vocabulary: a role is
/// mapped from its name once, where a page's tree becomes a screen (`WebPageInterpreter`), and
/// every later question about it is one of the predicates below, never a comparison of names.
///
/// A name this list does not know is kept as `.other(name)`, so a role of a newer Chromium
/// reads as a plain box and its name is not lost.
public enum WebRole: Hashable, Sendable {
    // Chromium's own roles.
    case rootWebArea, staticText, labelText, listMarker, legend, iframe, lineBreak, canvas
    // ARIA's roles, and HTML's as Chromium names them.
    case alert, alertDialog, application, article, banner, blockquote, button, caption, cell, checkBox, columnHeader
    case comboBox, complementary, contentInfo, definition, dialog, document, feed, figure, form, generic
    case graphicsDocument, grid, gridCell, group, heading, image, link, list, listBox, listItem, log, main, marquee
    case math, menu, menuBar, menuItem, menuItemCheckBox, menuItemRadio, meter, navigation, note, option
    case paragraph, progressBar, radio, radioGroup, region, row, rowGroup, rowHeader, search, searchBox, separator
    case slider, spinButton, status, `switch`, tab, table, tabList, tabPanel, term, textBox, timer, toolbar
    case tooltip, tree, treeGrid, treeItem
    /// A role this list does not name, by Chromium's name for it.
    case other(String)

    /// The role Chromium names `name`; `.other(name)` for a name not listed.
    public init(chromiumName name: String) {
        self = Self.byName[name] ?? .other(name)
    }

    /// Chromium's name for the role (`checkbox`, `StaticText`).
    public var chromiumName: String {
        if case .other(let name) = self { return name }
        return Self.names[self]!
    }

    /// Every named role with Chromium's name for it.
    static let named: [(WebRole, String)] = [
        (.rootWebArea, "RootWebArea"), (.staticText, "StaticText"), (.labelText, "LabelText"), (.listMarker, "ListMarker"),
        (.legend, "Legend"), (.iframe, "Iframe"), (.lineBreak, "LineBreak"), (.canvas, "Canvas"),
        (.alert, "alert"), (.alertDialog, "alertdialog"), (.application, "application"), (.article, "article"),
        (.banner, "banner"), (.blockquote, "blockquote"), (.button, "button"), (.caption, "caption"), (.cell, "cell"),
        (.checkBox, "checkbox"), (.columnHeader, "columnheader"), (.comboBox, "combobox"),
        (.complementary, "complementary"), (.contentInfo, "contentinfo"), (.definition, "definition"),
        (.dialog, "dialog"), (.document, "document"), (.feed, "feed"), (.figure, "figure"), (.form, "form"),
        (.generic, "generic"), (.graphicsDocument, "graphics-document"), (.grid, "grid"), (.gridCell, "gridcell"),
        (.group, "group"), (.heading, "heading"), (.image, "image"), (.link, "link"), (.list, "list"),
        (.listBox, "listbox"), (.listItem, "listitem"), (.log, "log"), (.main, "main"), (.marquee, "marquee"),
        (.math, "math"), (.menu, "menu"), (.menuBar, "menubar"), (.menuItem, "menuitem"),
        (.menuItemCheckBox, "menuitemcheckbox"), (.menuItemRadio, "menuitemradio"), (.meter, "meter"),
        (.navigation, "navigation"), (.note, "note"), (.option, "option"), (.paragraph, "paragraph"),
        (.progressBar, "progressbar"), (.radio, "radio"), (.radioGroup, "radiogroup"), (.region, "region"),
        (.row, "row"), (.rowGroup, "rowgroup"), (.rowHeader, "rowheader"), (.search, "search"),
        (.searchBox, "searchbox"), (.separator, "separator"), (.slider, "slider"), (.spinButton, "spinbutton"),
        (.status, "status"), (.switch, "switch"), (.tab, "tab"), (.table, "table"), (.tabList, "tablist"),
        (.tabPanel, "tabpanel"), (.term, "term"), (.textBox, "textbox"), (.timer, "timer"), (.toolbar, "toolbar"),
        (.tooltip, "tooltip"), (.tree, "tree"), (.treeGrid, "treegrid"), (.treeItem, "treeitem"),
    ]

    /// Other names of a listed role: ARIA's `img`, which older Chromium gave an image (newer
    /// ones say `image`), and ARIA's `iframe`, which NVDA's table of web roles uses for
    /// Chromium's `Iframe`.
    static let aliases: [String: WebRole] = ["img": .image, "iframe": .iframe]

    private static let names = Dictionary(named.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    private static let byName = Dictionary(named.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
        .merging(aliases, uniquingKeysWith: { first, _ in first })
}

// MARK: - Categories

extension WebRole {
    /// A run of text (Chromium's `StaticText`): the page's words, which the node around it holds.
    public var isText: Bool { self == .staticText }

    /// The page's document (Chromium's `RootWebArea`).
    public var isDocument: Bool { self == .rootWebArea }

    /// A control the user presses to act or to choose, which the rest of Earshot takes for a
    /// button (its kind and traits): a button, a menu item of any kind, a tab, a check box, a
    /// radio button, a switch, an option, a tree item.
    public var isPressable: Bool {
        switch self {
        case .button, .menuItem, .menuItemCheckBox, .menuItemRadio, .tab, .checkBox, .radio, .switch, .option, .treeItem: true
        default: false
        }
    }

    /// A field the user types into (a text field to the rest of Earshot): a text box, a search
    /// box, a combo box, a spin button.
    public var isTextEntry: Bool {
        switch self {
        case .textBox, .searchBox, .comboBox, .spinButton: true
        default: false
        }
    }

    /// An image: `image` (ARIA's `img`) and `graphics-document`.
    public var isImage: Bool { self == .image || self == .graphicsDocument }

    /// A control: what a user acts on, whose text inside is its name and not the page's own
    /// (a link, a pressable control, a text entry, a slider, a list box). A list box is a
    /// control though its options are what a reader stops at.
    public var isControl: Bool { self == .link || isPressable || isTextEntry || self == .slider || self == .listBox }

    /// A form field that a label elsewhere on the page names (HTML's labelable form controls
    /// but the button, whose text is its own name): a text entry, a check box, a radio button,
    /// a switch, a slider, a list box.
    public var isFormField: Bool {
        isTextEntry || self == .checkBox || self == .radio || self == .switch || self == .slider || self == .listBox
    }

    /// An item a reader reads on its own, not a container of such: a run of text, a heading, a
    /// link, a pressable control, a text entry, a slider, an image, a progress bar, a meter, a
    /// separator. Not a list box (its options are the items) and not a `graphics-document`
    /// (a drawing whose parts may be read).
    public var isItem: Bool {
        switch self {
        case .staticText, .heading, .link, .slider, .image, .progressBar, .meter, .separator: true
        default: isPressable || isTextEntry
        }
    }

    /// One of ARIA's landmark roles (`aria.landmarkRoles` in NVDA, with the region, which ARIA
    /// counts too). A form or a region is a landmark only with a name:
    /// `WebElement.isLandmark` asks that.
    public var isLandmarkRole: Bool {
        switch self {
        case .banner, .complementary, .contentInfo, .form, .main, .navigation, .region, .search: true
        default: false
        }
    }

    /// A landmark role that makes a landmark only when the element has a name (ARIA's rule for
    /// `form` and `region`, which Chromium follows).
    public var isLandmarkOnlyWhenNamed: Bool { self == .form || self == .region }

    /// A dialog: `dialog` or `alertdialog`.
    public var isDialog: Bool { self == .dialog || self == .alertDialog }

    /// A list of the document (`ul`, `ol`: Chromium's `list`), which NVDA reads as a read-only
    /// LIST with its item count; a list box is another role.
    public var isList: Bool { self == .list }

    /// A table: `table`, `grid`, `treegrid`.
    public var isTable: Bool { self == .table || self == .grid || self == .treeGrid }

    /// A row of a table (`tr`, ARIA's `row`).
    public var isTableRow: Bool { self == .row }

    /// A cell of a table, a header cell included: `cell`, `gridcell`, `columnheader`, `rowheader`.
    public var isTableCell: Bool { self == .cell || self == .gridCell || self == .columnHeader || self == .rowHeader }

    /// A header cell of a column (`th` over a column, ARIA's `columnheader`).
    public var isColumnHeader: Bool { self == .columnHeader }

    /// A header cell of a row (`th scope=row`, ARIA's `rowheader`).
    public var isRowHeader: Bool { self == .rowHeader }

    /// The marker of a list item (Chromium's `ListMarker`: the bullet or number it draws), text
    /// that a reader reads at the start of the item.
    public var isListMarker: Bool { self == .listMarker }

    /// A role of the page's structure, which a reader announces or moves through and which is
    /// never one card of content: the document, a landmark role (named or not: a form or a
    /// region without a name is no landmark, but still no card), a list or list box, a dialog,
    /// a table with its row groups and rows (a row is the table's line, never a card), a tree, a
    /// menu or menu bar, a tab list, a toolbar.
    public var isPageStructure: Bool {
        switch self {
        case .rootWebArea, .list, .listBox, .tree, .menu, .menuBar, .tabList, .toolbar, .rowGroup: true
        default: isLandmarkRole || isDialog || isTable || isTableRow
        }
    }

    /// The roles of the items a set-like role holds (Chromium's ordered sets: a list its list
    /// items, a list box its options, a menu or menu bar its menu items, a radio group or a
    /// group its radio buttons, a group its tree items too, a tab list its tabs, a tree its tree
    /// items); nil for a role that holds no set.
    public var setItemRoles: Set<WebRole>? {
        switch self {
        case .list: [.listItem]
        case .listBox: [.option]
        case .menu, .menuBar: [.menuItem, .menuItemCheckBox, .menuItemRadio]
        case .radioGroup: [.radio]
        case .group: [.radio, .treeItem]
        case .tabList: [.tab]
        case .tree: [.treeItem]
        default: nil
        }
    }
}

/// How a live region asks to be read (`aria-live`, and what `role=alert`, `status` and `log`
/// imply, as Chromium exposes them).
public enum WebLivePoliteness: String, Sendable, Equatable {
    case off, polite, assertive

    /// The politeness a token of the tree says: `off`, `polite`, `assertive`; nil for none. A
    /// token none of ARIA's (an old `rude`) is polite: the node is a live region read in turn,
    /// as Earshot has always read it.
    public init?(token: String?) {
        guard let token else { return nil }
        self = Self(rawValue: token) ?? .polite
    }
}

// MARK: - Chromium's internal names

extension WebRole {
    /// Chromium's internal name of the role (`ax::mojom::Role` without its `k`: `CheckBox`,
    /// `TextField`, `ListBoxOption`), which Chromium's platform code decides by and
    /// `voices/chromium-android/facts.json` keys its tables with. `DevTools` names most roles
    /// by ARIA's name instead (`checkbox`, `textbox`); a few of Chromium's internal roles share
    /// one ARIA name and are told apart by the element (`internalName(tag:pressed:popUp:)`).
    public var internalName: String {
        if case .other(let name) = self { return name }
        return Self.internalNames[self] ?? chromiumName
    }

    /// The internal name with what the element adds: a `select` is `ComboBoxSelect` and an
    /// `input` with a list `TextFieldWithComboBox` (ARIA's `combobox` for both), another combo
    /// box `ComboBoxMenuButton`; a button with `aria-pressed` is a `ToggleButton`, one with
    /// `aria-haspopup` a `PopUpButton`; an option in a `select` is a `MenuListOption`.
    public func internalName(tag: String?, pressed: Bool, popUp: Bool, inSelect: Bool = false) -> String {
        switch self {
        case .comboBox: tag == "select" ? "ComboBoxSelect" : tag == "input" ? "TextFieldWithComboBox" : "ComboBoxMenuButton"
        case .button where pressed: "ToggleButton"
        case .button where popUp: "PopUpButton"
        case .option where inSelect: "MenuListOption"
        default: internalName
        }
    }

    private static let internalNames: [WebRole: String] = [
        .alert: "Alert", .alertDialog: "AlertDialog", .application: "Application", .article: "Article",
        .banner: "Banner", .blockquote: "Blockquote", .button: "Button", .caption: "Caption", .cell: "Cell",
        .checkBox: "CheckBox", .columnHeader: "ColumnHeader", .comboBox: "ComboBoxMenuButton",
        .complementary: "Complementary", .contentInfo: "ContentInfo", .definition: "Definition", .dialog: "Dialog",
        .document: "Document", .feed: "Feed", .figure: "Figure", .form: "Form", .generic: "GenericContainer",
        .graphicsDocument: "GraphicsDocument", .grid: "Grid", .gridCell: "GridCell", .group: "Group",
        .heading: "Heading", .image: "Image", .link: "Link", .list: "List", .listBox: "ListBox",
        .listItem: "ListItem", .log: "Log", .main: "Main", .marquee: "Marquee", .math: "MathMLMath", .menu: "Menu",
        .menuBar: "MenuBar", .menuItem: "MenuItem", .menuItemCheckBox: "MenuItemCheckBox",
        .menuItemRadio: "MenuItemRadio", .meter: "Meter", .navigation: "Navigation", .note: "Note",
        .option: "ListBoxOption", .paragraph: "Paragraph", .progressBar: "ProgressIndicator", .radio: "RadioButton",
        .radioGroup: "RadioGroup", .region: "Region", .row: "Row", .rowGroup: "RowGroup", .rowHeader: "RowHeader",
        .search: "Search", .searchBox: "SearchBox", .separator: "Splitter", .slider: "Slider",
        .spinButton: "SpinButton", .status: "Status", .switch: "Switch", .tab: "Tab", .table: "Table",
        .tabList: "TabList", .tabPanel: "TabPanel", .term: "Term", .textBox: "TextField", .timer: "Timer",
        .toolbar: "Toolbar", .tooltip: "Tooltip", .tree: "Tree", .treeGrid: "TreeGrid", .treeItem: "TreeItem",
    ]
}
