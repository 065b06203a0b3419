import Foundation
import Testing
@testable import EarshotCore

/// NVDA's reading of web pages from saved trees (`earshot import` output, `.axtree.json`) and
/// from trees made here: no browser, so the reader's rules and its words file's tables are
/// tested alone (docs/web.md, sections b to e).
@Suite("NVDA reads saved web trees by its words file's tables, with no browser")
struct NVDASavedPageTests {
    typealias S = ScreenTestSupport

    /// The saved trees of `Tests/Fixtures/web`'s pages, as `earshot import` wrote them.
    static let savedTrees = S.repositoryRoot.appendingPathComponent("Tests/FuzzCorpus/axtree")

    struct Reading {
        let nvda: NVDA
        let generator: DescriptionGenerator

        init(_ voice: String = "en") throws {
            let profile = try S.profile(voice)
            nvda = try NVDA(profile: profile)
            generator = try DescriptionGenerator(profile: profile, reader: nvda)
        }

        var words: NVDAVocabulary { nvda.words }

        /// What browse mode says at each item, moving down from the top.
        func lines(_ screen: Screen) -> [String] {
            let stops = nvda.stops(of: screen)
            return stops.indices.map { index in
                "\(stops[index].id): " + generator.describe(stops[index], after: index > 0 ? stops[index - 1] : nil).text
            }
        }

        func lines(saved name: String) throws -> [String] {
            lines(try ScreenLoader.load(path: NVDASavedPageTests.savedTrees.appendingPathComponent("\(name).axtree.json").path).screen)
        }
    }

    /// A page made of nodes: (id, Chromium's role, name, properties, children).
    static func page(_ nodes: [(String, String, String?, [String: WebProperty], [String])]) throws -> Screen {
        let tree = WebPageTree(url: "file:///page.html", title: "Page", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes.map { .init(id: $0.0, role: $0.1, name: $0.2, properties: $0.3, children: $0.4) })
        return try WebPageInterpreter.screen(from: tree, defaultName: "page")
    }

    @Test("a saved page reads as the page read live: landmarks said on the way in, heading level, check boxes, a labelled edit")
    func savedBasics() throws {
        #expect(try Reading().lines(saved: "basics") == [
            "link-1: Site navigation landmark link Home",
            "heading-1: main landmark heading level 1 Order",
            "button-1: button Add to cart",
            "checkbox-1: check box checked Gift wrap",
            "checkbox-2: check box not checked Express delivery",
            "text-5: Name",
            "name: edit",
        ])
    }

    @Test("the same saved page in Korean: NVDA's Korean role, state and landmark words")
    func savedBasicsInKorean() throws {
        let reading = try Reading("ko")
        let words = reading.words
        let lines = try reading.lines(saved: "basics")
        try #require(lines.count == 7)
        let navigationWord = try #require(words.landmarks[.navigation])
        let navigation = try #require(words.fill("landmark", ["name": navigationWord]))
        let link = try #require(words.roles[.link]), checkBox = try #require(words.roles[.checkBox])
        let checked = try #require(words.states[.checked]), notChecked = try #require(words.negativeStates[.checked])
        let edit = try #require(words.roles[.editableText])
        #expect(lines[0] == "link-1: Site \(navigation) \(link) Home")
        #expect(lines[3].contains("\(checkBox) \(checked)"))
        #expect(lines[4].contains("\(checkBox) \(notChecked)"))
        #expect(lines[6] == "name: \(edit)")
    }

    @Test("a document list says its items on the way in and out of list on the way out")
    func savedList() throws {
        let lines = try Reading().lines(saved: "findings")
        #expect(lines.contains("remove-bad: list with 3 items • button Delete first"))
        #expect(lines.contains("open-bad: out of list button Open without focus"))
    }

    @Test("a named grouping is a container; a tab list is none (its role is no container in the words file)")
    func savedGroupingAndTabs() throws {
        let lines = try Reading().lines(saved: "radios")
        #expect(lines.first == "text-1: main landmark Delivery grouping Delivery")
        #expect(lines.contains("standard: radio button checked Standard"))
        #expect(lines.contains("express: radio button not checked Express"))
        #expect(lines.contains("tab-details: out of grouping tab selected Details"))
    }

    @Test("a toolbar, a menu bar and a menu are containers, as the words file's categories say: entered by name, left with out of")
    func toolbarIsAContainer() throws {
        let reading = try Reading()
        let words = reading.words
        #expect(words.presentation.containers.isSuperset(of: [.toolbar, .menuBar, .popupMenu]))
        let screen = try Self.page([
            ("1", "RootWebArea", "Page", [:], ["2", "4"]),
            ("2", "toolbar", "Format", [:], ["3"]),
            ("3", "button", "Bold", [:], []),
            ("4", "button", "Save", [:], []),
        ])
        let toolbar = try #require(words.roles[.toolbar])
        #expect(reading.lines(screen) == [
            "button-1: Format \(toolbar) button Bold",
            "button-2: out of \(toolbar) button Save",
        ])
    }

    @Test("a dialog is said on the way in and not on the way out (a marker); an unnamed region or form is no container")
    func dialogsAndUnnamedLandmarks() throws {
        let screen = try Self.page([
            ("1", "RootWebArea", "Page", [:], ["2", "4", "6", "8"]),
            ("2", "dialog", "Confirm", [:], ["3"]),
            ("3", "button", "OK", [:], []),
            ("4", "region", nil, [:], ["5"]),
            ("5", "button", "Next", [:], []),
            ("6", "form", nil, [:], ["7"]),
            ("7", "button", "Send", [:], []),
            ("8", "region", "Results", [:], ["9"]),
            ("9", "button", "More", [:], []),
        ])
        #expect(try Reading().lines(screen) == [
            "button-1: Confirm dialog button OK",
            "button-2: button Next",
            "button-3: button Send",
            "button-4: Results region button More",
        ])
    }

    @Test("states are said in NVDA's order, positive and negative together: not checked before required")
    func stateOrder() throws {
        let screen = try Self.page([
            ("1", "RootWebArea", "Page", [:], ["2", "3", "4"]),
            ("2", "checkbox", "Terms", ["checked": .text("false"), "required": .bool(true)], []),
            ("3", "link", "Home", ["visited": .bool(true), "readonly": .bool(true)], []),
            ("4", "button", "Mute", ["pressed": .text("false"), "expanded": .text("false"), "visited": .bool(true)], []),
        ])
        #expect(try Reading().lines(screen) == [
            "checkbox-1: check box not checked required Terms",
            "link-1: visited link Home",
            "button-1: toggle button not pressed collapsed Mute",
        ])
    }

    @Test("live regions take their priority from the words file: polite in turn, assertive next, an alert at once with its role word")
    func liveRegionPriorities() throws {
        let reading = try Reading()
        #expect(reading.words.liveRegionPriority[.assertive] == .next && reading.words.alertsCancelSpeech)
        func said(_ politeness: WebLivePoliteness, alert: Bool = false) -> LiveRegionSpeech? {
            reading.nvda.liveRegionSpeech(WebLiveRegions.Change(text: "Saved", politeness: politeness, region: "r", isAlert: alert),
                                          by: reading.generator)
        }
        #expect(said(.polite) == .inTurn("Saved"))
        #expect(said(.assertive) == .next("Saved"))
        #expect(said(.assertive, alert: true) == .interrupting("alert Saved"))
    }

    @Test("quick navigation's not-found words come from each key's entry")
    func notFoundTemplates() throws {
        let reading = try Reading()
        #expect(reading.nvda.jumpNotFound(.heading, forward: true, by: reading.generator) == "no next heading")
        #expect(reading.nvda.jumpNotFound(.checkBox, forward: false, by: reading.generator) == "no previous check box")
        #expect(reading.nvda.jumpNotFound(.focusable, forward: true, by: reading.generator) == nil)
    }
}

/// The words file read into NVDA's types: every role and state name becomes a case once, and a
/// name that is none of NVDA's is an error at its place.
@Suite("NVDA's words file is read into NVDA's roles and states")
struct NVDAVocabularyTests {
    static func words(_ language: String) throws -> NVDAVocabulary {
        try NVDAVocabulary.load(path: ScreenTestSupport.repositoryRoot.appendingPathComponent("voices/nvda/\(language).json").path)
    }

    @Test("every role has a word, web roles reach NVDA's roles, and the tables the reader reads are there")
    func tablesAreRead() throws {
        for language in ["en", "ko"] {
            let words = try Self.words(language)
            #expect(Set(words.roles.keys) == Set(NVDARole.allCases), "\(language)")
            #expect(words.webRoles[.checkBox] == .checkBox && words.webRoles[.image] == .graphic)
            #expect(words.webRoles[.navigation] == .landmark && words.webRoles[.switch] == .checkBox)
            #expect(words.pressedButtonRole == .toggleButton)
            #expect(words.landmarks[.contentInfo] != nil && words.landmarks[.region] == nil)
            #expect(words.stateOrder.first == .unavailable && Set(words.stateOrder) == Set(NVDAState.allCases))
            #expect(words.negativeStatesOn[.checked]?.contains(.radioButton) == true)
            #expect(words.statesSpokenOnlyOn[.visited] == [.link])
            #expect(words.presentation.containersWhenReadOnly == [.list])
            #expect(words.presentation.containersOnlyWhenNamed == [.grouping, .region])
            #expect(words.presentation.markers.isSuperset(of: [.dialog, .math]))
            #expect(words.namedGroupingRoles.contains(.grouping) && words.statesBeforeRole == [.link])
            #expect(words.quickNavigation["formField"]?.finds.contains(.list) == true)
            #expect(words.quickNavigation["landmark"]?.noNext == "noNextLandmark")
            #expect(words.silentRolesOnFocus.contains(.listItem) && words.silentValuesForRoles.contains(.link))
        }
    }

    @Test("a role or state name that is none of NVDA's is an error naming its line")
    func unknownNamesAreErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-nvda-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let role = folder.appendingPathComponent("role.json")
        try #"{"roles": {"BUTTON": "button"},\#n "facts": {"silentRolesOnFocus": ["BUTTONN"]}}"#.write(to: role, atomically: true, encoding: .utf8)
        let roleError = #expect(throws: DataFileError.self) { try NVDAVocabulary.load(path: role.path) }
        #expect(roleError?.description.contains("\"BUTTONN\" is none of NVDA's roles") == true, "\(String(describing: roleError))")
        #expect(roleError?.description.contains(":2:") == true, "\(String(describing: roleError))")
        let state = folder.appendingPathComponent("state.json")
        try #"{"states": {"CHECKD": "checked"}}"#.write(to: state, atomically: true, encoding: .utf8)
        let stateError = #expect(throws: DataFileError.self) { try NVDAVocabulary.load(path: state.path) }
        #expect(stateError?.description.contains("\"CHECKD\" is none of NVDA's states") == true, "\(String(describing: stateError))")
    }
}
