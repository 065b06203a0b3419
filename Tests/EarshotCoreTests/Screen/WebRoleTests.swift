import Foundation
import Testing
@testable import EarshotCore

/// The web's one vocabulary (`WebRole`): Chromium's role names read into roles once, and each
/// category asked of a role or an element, never a list of names written again.
@Suite("A web page's roles are one vocabulary, with one predicate per category")
struct WebRoleTests {
    @Test("every listed role reads back from Chromium's name for it, and that name is the role's")
    func namesRoundTrip() {
        #expect(WebRole.named.count > 70)
        for (role, name) in WebRole.named {
            #expect(WebRole(chromiumName: name) == role, "\(name)")
            #expect(role.chromiumName == name)
        }
        #expect(Set(WebRole.named.map { $0.1 }).count == WebRole.named.count, "a name is listed twice")
    }

    @Test("Chromium's own roles and ARIA's read as their cases: StaticText, RootWebArea, checkbox, alertdialog")
    func knownNames() {
        #expect(WebRole(chromiumName: "StaticText") == .staticText)
        #expect(WebRole(chromiumName: "RootWebArea") == .rootWebArea)
        #expect(WebRole(chromiumName: "checkbox") == .checkBox)
        #expect(WebRole(chromiumName: "alertdialog") == .alertDialog)
        #expect(WebRole(chromiumName: "graphics-document") == .graphicsDocument)
    }

    @Test("ARIA's img is Chromium's image, and the iframe of NVDA's table is Chromium's Iframe")
    func aliases() {
        #expect(WebRole(chromiumName: "img") == .image)
        #expect(WebRole(chromiumName: "image") == .image)
        #expect(WebRole(chromiumName: "iframe") == .iframe)
        #expect(WebRole.image.chromiumName == "image")
    }

    @Test("a role the list does not know is kept with its name, and is in no category")
    func unknownRolesAreKept() {
        let role = WebRole(chromiumName: "DisclosureTriangle")
        #expect(role == .other("DisclosureTriangle"))
        #expect(role.chromiumName == "DisclosureTriangle")
        #expect(!role.isControl && !role.isItem && !role.isLandmarkRole && !role.isPageStructure && role.setItemRoles == nil)
        // Names are Chromium's exactly: another case is another role.
        #expect(WebRole(chromiumName: "Button") == .other("Button"))
        #expect(WebRole(chromiumName: "") == .other(""))
    }

    /// Each category with the roles in it; every other listed role is outside it.
    static var categories: [(String, (WebRole) -> Bool, Set<WebRole>)] { [
        ("isText", \.isText, [.staticText]),
        ("isDocument", \.isDocument, [.rootWebArea]),
        ("isPressable", \.isPressable, [.button, .menuItem, .menuItemCheckBox, .menuItemRadio, .tab, .checkBox, .radio, .switch,
                                        .option, .treeItem]),
        ("isTextEntry", \.isTextEntry, [.textBox, .searchBox, .comboBox, .spinButton]),
        ("isImage", \.isImage, [.image, .graphicsDocument]),
        ("isControl", \.isControl, [.link, .button, .menuItem, .menuItemCheckBox, .menuItemRadio, .tab, .checkBox, .radio,
                                    .switch, .option, .treeItem, .textBox, .searchBox, .comboBox, .spinButton, .slider, .listBox]),
        ("isFormField", \.isFormField, [.textBox, .searchBox, .comboBox, .spinButton, .checkBox, .radio, .switch, .slider,
                                        .listBox]),
        ("isItem", \.isItem, [.staticText, .heading, .link, .button, .menuItem, .menuItemCheckBox, .menuItemRadio, .tab,
                              .checkBox, .radio, .switch, .option, .treeItem, .textBox, .searchBox, .comboBox, .spinButton,
                              .slider, .image, .progressBar, .meter, .separator]),
        ("isLandmarkRole", \.isLandmarkRole, [.banner, .complementary, .contentInfo, .form, .main, .navigation, .region, .search]),
        ("isLandmarkOnlyWhenNamed", \.isLandmarkOnlyWhenNamed, [.form, .region]),
        ("isDialog", \.isDialog, [.dialog, .alertDialog]),
        ("isList", \.isList, [.list]),
        ("isTable", \.isTable, [.table, .grid, .treeGrid]),
        ("isPageStructure", \.isPageStructure, [.rootWebArea, .banner, .complementary, .contentInfo, .form, .main, .navigation,
                                                .region, .search, .list, .listBox, .dialog, .alertDialog, .table, .grid,
                                                .treeGrid, .tree, .menu, .menuBar, .tabList, .toolbar, .row, .rowGroup]),
    ] }

    @Test("each category holds exactly its roles", arguments: categories.indices)
    func categoryMembers(index: Int) {
        let (name, predicate, members) = Self.categories[index]
        let found = Set(WebRole.named.map { $0.0 }.filter(predicate))
        #expect(found == members, "\(name): has \(found.subtracting(members)), lacks \(members.subtracting(found))")
    }

    @Test("where the old tables disagreed, each use has its own category: a list box is a control and a form field, structure, and no item")
    func listBoxIsDecidedPerUse() {
        let role = WebRole.listBox
        #expect(role.isControl && role.isFormField && role.isPageStructure)
        #expect(!role.isItem && !role.isPressable && !role.isTextEntry)
        // A graphics document draws as an image but is read into, not read as one item.
        #expect(WebRole.graphicsDocument.isImage && !WebRole.graphicsDocument.isItem)
        // A link is a control and an item, but no form field a label names.
        #expect(WebRole.link.isControl && WebRole.link.isItem && !WebRole.link.isFormField)
    }

    @Test("set-like roles hold their items: a list its list items, a group its radio buttons and tree items")
    func setItems() {
        #expect(WebRole.list.setItemRoles == [.listItem])
        #expect(WebRole.listBox.setItemRoles == [.option])
        #expect(WebRole.menu.setItemRoles == [.menuItem, .menuItemCheckBox, .menuItemRadio])
        #expect(WebRole.menuBar.setItemRoles == WebRole.menu.setItemRoles)
        #expect(WebRole.radioGroup.setItemRoles == [.radio])
        #expect(WebRole.group.setItemRoles == [.radio, .treeItem])
        #expect(WebRole.tabList.setItemRoles == [.tab])
        #expect(WebRole.tree.setItemRoles == [.treeItem])
        #expect(WebRole.listItem.setItemRoles == nil)
    }

    @Test("a form or a region is a landmark only with a name; the other landmark roles are landmarks without one")
    func landmarkNamingRule() {
        #expect(!WebElement(role: .form).isLandmark)
        #expect(WebElement(role: .form, name: "Checkout").isLandmark)
        #expect(!WebElement(role: .region).isLandmark)
        #expect(WebElement(role: .region, name: "Results").isLandmark)
        for role in [WebRole.banner, .complementary, .contentInfo, .main, .navigation, .search] {
            #expect(WebElement(role: role).isLandmark, "\(role)")
        }
        #expect(!WebElement(role: .group, name: "Shipping").isLandmark)
        #expect(!WebElement(role: .article, name: "Post").isLandmark)
    }

    @Test("aria-live reads as a politeness: polite, assertive; off and none are no live region; a token ARIA lacks is polite")
    func livePoliteness() {
        func element(_ live: String?, container: String? = nil) -> WebElement {
            var properties: [String: WebProperty] = [:]
            if let live { properties["live"] = .text(live) }
            if let container { properties["containerLive"] = .text(container) }
            return WebElement(role: .status, properties: properties)
        }
        #expect(element("polite").live == .polite)
        #expect(element("assertive").live == .assertive)
        #expect(element("off").live == nil)
        #expect(element(nil).live == nil)
        #expect(element("rude").live == .polite)
        #expect(element(nil, container: "assertive").containerLive == .assertive)
        #expect(element(nil, container: "off").containerLive == nil)
        #expect(WebLivePoliteness(token: nil) == nil)
        #expect(WebLivePoliteness(token: "off") == .off)
    }

    @Test("checked, pressed and expanded read as typed states")
    func typedStates() {
        let box = WebElement(role: .checkBox, properties: ["checked": .text("mixed"), "expanded": .bool(false)])
        #expect(box.checked == .mixed && box.pressed == nil && box.expanded == false)
        let toggle = WebElement(role: .button, properties: ["pressed": .text("true"), "expanded": .text("true")])
        #expect(toggle.pressed == .checked && toggle.expanded == true)
        #expect(WebElement(role: .link).expanded == nil)
    }
}
