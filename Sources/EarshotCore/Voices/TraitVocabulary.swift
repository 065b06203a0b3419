/// The words and the shape of spoken descriptions, decoded from a voice profile's `traits`,
/// `speech` and `hints` sections (see docs/screen-format.md, "Voice profile sections").
///
/// Nothing about wording lives in code: which word a trait has, which slot it fills, which
/// traits silence it, how slots are grouped and joined, and which hint sentences exist all come
/// from the profile, so Korean's `찜하기, 버튼, 선택됨` and English's
/// `Selected, Label, Value, Dimmed, Button` are two data files over one generator.
public struct TraitVocabulary: Sendable {
    /// What a word in the `traits` section is said for.
    public enum Subject: Sendable, Equatable {
        case trait(AccessibilityTrait)
        /// A switch's state.
        case switchOn, switchOff
        /// A tab's "n of m"; the word is a template with `{index}` and `{count}`.
        case position
    }

    /// One word of the `traits` section, in the order the section lists them.
    public struct Word: Sendable, Equatable {
        public var subject: Subject
        /// Empty for a silent trait.
        public var text: String
        /// The slot of the layout the word goes to.
        public var slot: String
        /// The word is not said when the element has any of these traits.
        public var unlessWith: AccessibilityTraits
        /// An element with this trait speaks no hints at all (`notEnabled`).
        public var silencesHints: Bool
    }

    /// Slots joined by one separator; groups are then joined by `groupSeparator`.
    public struct Group: Sendable, Equatable {
        public var slots: [String]
        public var separator: String
    }

    /// One hint sentence of the `hints` section, said after the element's own hint.
    public struct HintSentence: Sendable, Equatable {
        public enum Subject: Sendable, Equatable {
            case trait(AccessibilityTrait)
            case customActions
        }
        public var subject: Subject
        public var text: String
        public var unlessWith: AccessibilityTraits
        /// The control's own default `accessibilityHint` (a UISwitch's, a UITextField's): an
        /// element that sets its own hint replaces it ("By default, standard UIKit controls and
        /// views have system-provided hints", Apple's accessibilityHint documentation), while
        /// VoiceOver's own sentences (adjustable, actions available) are still said after it.
        public var replacedByOwnHint = false
    }

    public var words: [Word]
    public var groups: [Group]
    public var groupSeparator: String
    /// Appended to a non-empty description; empty in the built-in profiles.
    public var end: String
    public var hints: [HintSentence]
    public var hintSeparator: String

    /// Slots every layout may use besides the ones the words name.
    public static let builtInSlots = ["label", "value"]
    static let defaultSlot = "traits"

    public init(words: [Word], groups: [Group], groupSeparator: String, end: String,
                hints: [HintSentence], hintSeparator: String) {
        self.words = words
        self.groups = groups
        self.groupSeparator = groupSeparator
        self.end = end
        self.hints = hints
        self.hintSeparator = hintSeparator
    }

    /// Decodes the three sections of a profile; errors point into the profile file.
    public init(profile: VoiceProfile) throws {
        func section(_ name: String) throws -> JSONNode {
            guard let node = profile.sections[name] else {
                throw DataFileError(
                    "voice profile \"\(profile.name)\" has no \"\(name)\" section (needed to describe screens)",
                    at: SourceLocation(file: profile.path, line: 1, column: 1))
            }
            return node
        }
        words = try Self.decodeWords(try section("traits"))
        let speech = try section("speech").object(allowing: ["groups", "groupSeparator", "end"])
        groups = try speech.required("groups").arrayItems().map { node in
            let group = try node.object(allowing: ["slots", "separator"])
            return Group(slots: try group.strings("slots") ?? [], separator: try group.string("separator") ?? "")
        }
        groupSeparator = try speech.string("groupSeparator") ?? ""
        end = try speech.string("end") ?? ""
        (hints, hintSeparator) = try Self.decodeHints(try section("hints"))
        try checkSlots(speech: speech)
    }

    private static let wordSubjects: [(name: String, subject: Subject)] =
        AccessibilityTrait.allCases.map { ($0.rawValue, Subject.trait($0)) }
        + [("switchOn", .switchOn), ("switchOff", .switchOff), ("position", .position)]

    private static func decodeWords(_ node: JSONNode) throws -> [Word] {
        let names = wordSubjects.map(\.name)
        let section = try node.object(allowing: names)
        return try section.members.map { member in
            let subject = wordSubjects.first { $0.name == member.key }!.subject
            if case .string(let text) = member.node.value {
                return Word(subject: subject, text: text, slot: defaultSlot, unlessWith: [], silencesHints: false)
            }
            let entry = try member.node.object(allowing: ["word", "slot", "unlessWith", "silencesHints"])
            return Word(
                subject: subject, text: try entry.string("word") ?? "", slot: try entry.string("slot") ?? defaultSlot,
                unlessWith: try traits(entry, "unlessWith"), silencesHints: try entry.bool("silencesHints") ?? false)
        }
    }

    private static func decodeHints(_ node: JSONNode) throws -> ([HintSentence], String) {
        let names = ["separator", "customActions"] + AccessibilityTrait.allCases.map(\.rawValue)
        let section = try node.object(allowing: names)
        var sentences: [HintSentence] = []
        for member in section.members where member.key != "separator" {
            let subject: HintSentence.Subject =
                member.key == "customActions" ? .customActions : .trait(AccessibilityTrait(rawValue: member.key)!)
            if case .string(let text) = member.node.value {
                sentences.append(HintSentence(subject: subject, text: text, unlessWith: []))
                continue
            }
            let entry = try member.node.object(allowing: ["sentence", "unlessWith", "replacedByOwnHint"])
            sentences.append(HintSentence(subject: subject, text: try entry.required("sentence").stringValue(),
                                          unlessWith: try traits(entry, "unlessWith"),
                                          replacedByOwnHint: try entry.bool("replacedByOwnHint") ?? false))
        }
        return (sentences, try section.string("separator") ?? " ")
    }

    private static func traits(_ entry: JSONObjectFields, _ key: String) throws -> AccessibilityTraits {
        guard let node = entry[key] else { return [] }
        var set = AccessibilityTraits()
        for item in try node.arrayItems() {
            set.insert(AccessibilityTraits(try parseTraitName(item)))
        }
        return set
    }

    /// Every slot a word names must be laid out, and every laid-out slot must be filled by something.
    private func checkSlots(speech: JSONObjectFields) throws {
        let laidOut = Set(groups.flatMap(\.slots))
        let named = Set(words.map(\.slot)).union(Self.builtInSlots)
        for word in words where !word.text.isEmpty && !laidOut.contains(word.slot) {
            throw DataFileError(
                "slot \"\(word.slot)\" is not in any of speech.groups (laid out: \(laidOut.sorted().joined(separator: ", ")))",
                at: speech.location)
        }
        for slot in laidOut where !named.contains(slot) {
            var message = "speech.groups names slot \"\(slot)\", which no word fills"
            message += NameSuggestion.didYouMean(slot, in: Array(named))
            throw DataFileError(message, at: speech.location)
        }
    }
}

/// Reads a trait name in UIKit or SwiftUI spelling; an unknown name is an error that suggests the
/// nearest valid one.
func parseTraitName(_ node: JSONNode, alsoAccepted: [String] = []) throws -> AccessibilityTrait {
    let name = try node.stringValue()
    if let trait = AccessibilityTrait(name: name) { return trait }
    var message = "unknown trait \"\(name)\""
    let suggestion = NameSuggestion.didYouMean(name, in: AccessibilityTrait.acceptedNames + alsoAccepted)
    message += suggestion.isEmpty ? "; valid traits: \(AccessibilityTrait.allCases.map(\.rawValue).joined(separator: ", "))" : suggestion
    throw DataFileError(message, at: node.location)
}
