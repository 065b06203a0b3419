/// Reads a scenario's `app` section (docs/scenario-format.md, "App flows"): per screen, the
/// behaviours run on appearance and on activation of an element, and the create button.
///
/// Every mistake is a `DataFileError` with file, line and column: an unknown screen, behaviour,
/// transition kind, fallback or notification (with the nearest valid name), and element ids on
/// none of the scenario's screens.
enum AppBehaviourFile {
    static let screenKeys = ["onAppear", "onActivate", "create"]
    static let behaviourKeys = ["navigate", "toggle", "set", "post", "delete", "restoreFocus"]
    static let restoreKeys = ["by", "list", "fallback", "delay", "notification", "cancelOnDisappear", "once"]

    static func decode(_ node: JSONNode, screens: [ScenarioScreen], decoder: inout StepDecoder) throws
        -> [String: ScreenBehaviours] {
        guard case .object(let members) = node.value else { throw node.typeError(expected: "an object of screens") }
        var result: [String: ScreenBehaviours] = [:]
        for member in members {
            let keyNode = JSONNode(.string(member.key), at: member.keyLocation)
            let name = try ScenarioFile.screenName(keyNode, in: screens)
            let object = try member.node.object(allowing: screenKeys)
            var behaviours = ScreenBehaviours()
            behaviours.createButton = try object["create"].map { try decoder.elementID($0) }
            behaviours.onAppear = try (object.array("onAppear") ?? []).map {
                try behaviour($0, screens: screens, decoder: &decoder, onAppear: true)
            }
            if let activate = object["onActivate"] {
                guard case .object(let elements) = activate.value else {
                    throw activate.typeError(expected: "an object: element id to a list of behaviours")
                }
                for element in elements {
                    let idNode = JSONNode(.string(element.key), at: element.keyLocation)
                    let id = try decoder.elementID(idNode)
                    behaviours.onActivate[id] = try element.node.arrayItems().map {
                        try behaviour($0, screens: screens, decoder: &decoder, onAppear: false)
                    }
                }
            }
            result[name] = behaviours
        }
        return result
    }

    static func behaviour(_ node: JSONNode, screens: [ScenarioScreen], decoder: inout StepDecoder,
                          onAppear: Bool) throws -> AppBehaviour {
        let kind = try node.singleAction(from: behaviourKeys, thing: "a behaviour", unknownWord: "behaviour")
        let value = kind.node
        switch kind.key {
        case "navigate":
            let object = try node.object(allowing: ["navigate", "transition"])
            var transition = TransitionKind.push
            if let kindNode = object["transition"] {
                transition = TransitionKind(rawValue: try ScenarioFile.enumName(
                    kindNode, TransitionKind.allCases.map(\.rawValue), what: "transition kind"))!
            }
            return .navigate(screen: try ScenarioFile.screenName(value, in: screens), transition: transition)
        case "toggle":
            let object = try node.object(allowing: ["toggle", "element"])
            _ = try ScenarioFile.enumName(value, ["selected"], what: "toggle")
            return .toggleSelected(element: try object["element"].map { try decoder.elementID($0) })
        case "set":
            let object = try node.object(allowing: ["set", "element"])
            let change = try decoder.elementChange(try value.object(allowing: ScenarioFile.changeKeys), what: "\"set\"")
            return .set(element: try object["element"].map { try decoder.elementID($0) }, change)
        case "delete":
            _ = try node.object(allowing: ["delete"])
            return .delete(try decoder.elementID(value))
        case "post":
            let name = try value.enumValue(PostedNotification.Name.self, what: "notification")
            let extra: [String] = switch name {
            case .announcement: ["text", "priority", "queue"]
            case .screenChanged, .layoutChanged: ["element", "text"]
            case .pageScrolled, .announceForAccessibility, .liveRegion, .paneTitle: ["text"]
            }
            let object = try node.object(allowing: ["post", "after", "cancelOnDisappear"] + extra)
            let notification = try decoder.notification(name, object)
            let after = try object["after"].map { try decoder.seconds($0) } ?? 0
            return .post(notification, after: after, cancelOnDisappear: try object.bool("cancelOnDisappear") ?? false)
        default:  // restoreFocus
            guard onAppear else {
                throw DataFileError("\"restoreFocus\" belongs in a screen's \"onAppear\"", at: kind.keyLocation)
            }
            _ = try node.object(allowing: ["restoreFocus"])
            let object = try value.object(allowing: restoreKeys)
            var plan = RestorePlan(list: try decoder.elementID(try object.required("list")))
            if let by = object["by"] {
                plan.by = RestorePlan.Key(rawValue: try ScenarioFile.enumName(
                    by, RestorePlan.Key.allCases.map(\.rawValue), what: "restore key"))!
            }
            plan.fallback = try (object.array("fallback") ?? []).map {
                RestorePlan.Fallback(rawValue: try ScenarioFile.enumName(
                    $0, RestorePlan.Fallback.allCases.map(\.rawValue), what: "fallback"))!
            }
            plan.delay = try object["delay"].map { try decoder.seconds($0) } ?? 0
            if let notification = object["notification"] {
                plan.notification = RestorePlan.Notification(rawValue: try ScenarioFile.enumName(
                    notification, RestorePlan.Notification.allCases.map(\.rawValue), what: "notification"))!
            }
            plan.cancelOnDisappear = try object.bool("cancelOnDisappear") ?? true
            plan.once = try object.bool("once") ?? true
            return .restoreFocus(plan)
        }
    }
}
