import Foundation

/// An accessibility standard a tester audits against, and its criteria as Earshot knows them.
///
/// The data is `voices/criteria/criteria.json` (its sources, editions and licences in
/// `voices/criteria/README.md`, the review of each mapping in `voices/criteria/REVIEW.md`), found
/// where the voices are (`VoiceLibrary.locate()`: a checkout, an install, the binary's built-in
/// copy). Ids are the standards' own; titles are short names in Earshot's words, never the
/// standards' text.
public enum StandardID: String, NamedCases, Sendable, CaseIterable {
    case wcag22
    case kwcag22
    case ksx3253

    /// How reports name the standard.
    public var name: String {
        switch self {
        case .wcag22: "WCAG 2.2"
        case .kwcag22: "KWCAG 2.2"
        case .ksx3253: "KS X 3253"
        }
    }
}

/// One criterion of a standard: a WCAG success criterion, a KWCAG item, a KS X 3253 item.
public struct Criterion: Sendable, Equatable, Hashable {
    public var standard: StandardID
    public var id: String
    /// `A`, `AA`, `AAA` for WCAG; nil for standards without levels (and obsolete criteria).
    public var level: String?
    public var title: String
    /// The criterion's public page.
    public var url: String
    /// What a person still has to judge: for a criterion no finding bears on, why a tree and a
    /// timeline cannot tell; for one Earshot checks in part, what is left.
    public var person: String?

    /// `WCAG 2.2 4.1.2`, as one short line names it.
    public var reference: String { "\(standard.name) \(id)" }
}

/// A standard with its edition, source and criteria in order.
public struct Standard: Sendable {
    public var id: StandardID
    public var name: String
    public var edition: String
    public var source: String
    public var licence: String
    public var criteria: [Criterion]
}

/// The standards and which criteria each finding code bears on.
public enum Criteria {
    /// A finding code's criteria (in the data's order) and why they apply, or why none does;
    /// with the cases of the code the data maps apart, by name (`FindingCase`).
    public struct Mapping: Sendable {
        public var criteria: [Criterion]
        public var why: String
        public var cases: [FindingCase: Mapping] = [:]
    }

    public struct Table: Sendable {
        public var standards: [StandardID: Standard]
        public var mappings: [FindingCode: Mapping]
        /// axe-core's findings: for each WCAG criterion axe's rules are tagged with, the KWCAG 2.2
        /// and KS X 3253 items a failure of it is evidence of failing (`axe.criteria`), and for
        /// a rule that bears on an item its criterion does not, that item (`axe.rules`).
        public var axeCriteria: [String: Mapping] = [:]
        public var axeRules: [AxeRule: Mapping] = [:]
    }

    /// The data, read once from the first voices folder that has `criteria/criteria.json`.
    static let loaded: Result<Table, CriteriaDataError> = {
        let library = VoiceLibrary.locate()
        for source in library.sources {
            guard let folder = source.folder() else { continue }
            let path = folder + "/criteria/criteria.json"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                return .success(try decode(JSONDocument.load(path: path)))
            } catch {
                return .failure(CriteriaDataError(problem: "\(error)", category: (error as? UserFacingError)?.category ?? .badData))
            }
        }
        return .failure(CriteriaDataError(problem: "error: no criteria data (criteria/criteria.json) in the voices folders searched: \(library.searched)",
                                          category: .unavailable))
    }()

    /// The data, or why it cannot be had (exit 65 for bad data, 69 when there is none).
    public static func table() throws -> Table { try loaded.get() }

    /// A standard and its criteria.
    public static func standard(_ id: StandardID) throws -> Standard { try table().standards[id]! }

    /// The criteria `code` bears on, with the reason (an empty list says why none applies);
    /// nothing when the data cannot be read (`table()` says why).
    public static func mapping(for code: FindingCode) -> Mapping {
        (try? table().mappings[code]) ?? Mapping(criteria: [], why: "")
    }

    public static func criteria(for code: FindingCode) -> [Criterion] { mapping(for: code).criteria }

    /// The criteria a finding of axe's `rule`, tagged with the WCAG criteria `wcag`, bears on in
    /// every standard: those WCAG 2.2 criteria (not the obsolete 4.1.1), the items the data maps
    /// each to, and the items it maps the rule to; in the standards' order, each once.
    public static func axeCriteria(rule: AxeRule, wcag: [String]) -> [Criterion] {
        guard let table = try? table(), let data = table.standards[.wcag22] else { return [] }
        var found = Set(data.criteria.filter { wcag.contains($0.id) && $0.level != nil })
        for id in wcag { found.formUnion(table.axeCriteria[id]?.criteria ?? []) }
        found.formUnion(table.axeRules[rule]?.criteria ?? [])
        return StandardID.allCases.flatMap { standard in table.standards[standard]?.criteria.filter(found.contains) ?? [] }
    }

    /// The WCAG criteria axe-core's rules are tagged with, as the data lists them: what a page
    /// axe did not run on leaves not evaluated for that reason.
    public static var axeWCAGCriteria: Set<String> { Set((try? table().axeCriteria.keys).map(Array.init) ?? []) }

    /// Whether axe could judge `criterion`: a WCAG criterion its rules are tagged with, or an
    /// item the data maps one of them, or one of its rules, to.
    public static func axeCouldJudge(_ criterion: Criterion) -> Bool {
        guard let table = try? table() else { return false }
        if criterion.standard == .wcag22 { return table.axeCriteria[criterion.id] != nil }
        return table.axeCriteria.values.contains { $0.criteria.contains(criterion) }
            || table.axeRules.values.contains { $0.criteria.contains(criterion) }
    }

    /// The criteria a finding of `code` bears on when it is `findingCase` (a case the data maps
    /// apart), else the code's.
    public static func mapping(for code: FindingCode, case findingCase: FindingCase?) -> Mapping {
        let mapping = mapping(for: code)
        return findingCase.flatMap { mapping.cases[$0] } ?? mapping
    }

    /// `WCAG 2.2 1.1.1, 4.1.2; KWCAG 2.2 1.1.1; KS X 3253 5.1`: ids grouped by standard, in
    /// the standards' order; `none` for an empty list.
    public static func references(_ criteria: [Criterion]) -> String {
        let groups = StandardID.allCases.compactMap { standard -> String? in
            let ids = criteria.filter { $0.standard == standard }.map(\.id)
            return ids.isEmpty ? nil : "\(standard.name) \(ids.joined(separator: ", "))"
        }
        return groups.isEmpty ? "none" : groups.joined(separator: "; ")
    }

    /// The codes that bear on a criterion, by themselves or in a case of theirs.
    public static func codes(for criterion: Criterion) -> [FindingCode] {
        FindingCode.allCases.filter { !bearing(of: $0, on: criterion).isEmpty }
    }

    /// How a code bears on a criterion: by itself (nil) and in which of its cases; empty when
    /// not at all.
    public static func bearing(of code: FindingCode, on criterion: Criterion) -> [FindingCase?] {
        let mapping = mapping(for: code)
        let whole: [FindingCase?] = mapping.criteria.contains(criterion) ? [nil] : []
        return whole + mapping.cases.filter { $0.value.criteria.contains(criterion) }.keys.sorted { $0.rawValue < $1.rawValue }
    }

    /// Reads the data file's shape (docs/findings.md, "Criteria"); unknown keys, standards,
    /// codes and criterion ids are data errors with their place.
    static func decode(_ root: JSONNode) throws -> Table {
        let top = try root.object(allowing: ["standards", "findings", "axe"])
        var standards: [StandardID: Standard] = [:]
        for node in try top.required("standards").arrayItems() {
            let object = try node.object(allowing: ["id", "name", "edition", "source", "licence", "criteria"])
            let id = try object.required("id").enumValue(StandardID.self, what: "standard")
            let criteria = try object.required("criteria").arrayItems().map { item in
                let fields = try item.object(allowing: ["id", "level", "title", "titleKo", "url", "person"])
                return Criterion(standard: id, id: try fields.requiredString("id"), level: try fields.string("level"),
                                 title: try fields.requiredString("title"), url: try fields.requiredString("url"),
                                 person: try fields.string("person"))
            }
            standards[id] = Standard(id: id, name: try object.requiredString("name"), edition: try object.requiredString("edition"),
                                     source: try object.requiredString("source"), licence: try object.requiredString("licence"),
                                     criteria: criteria)
        }
        for id in StandardID.allCases where standards[id] == nil {
            throw DataFileError("no standard \"\(id.rawValue)\"", at: root.location)
        }
        var mappings: [FindingCode: Mapping] = [:]
        let findings = try top.required("findings").anyObject()
        for member in findings.members {
            guard let code = FindingCode(rawValue: member.key) else {
                throw DataFileError("unknown finding code \"\(member.key)\"", at: member.keyLocation)
            }
            func mapping(_ node: JSONNode, cases allowed: Bool) throws -> Mapping {
                let object = try node.object(allowing: allowed ? ["criteria", "why", "cases"] : ["criteria", "why"])
                let criteria = try object.required("criteria").arrayItems().map { item -> Criterion in
                    let fields = try item.object(allowing: ["standard", "id"])
                    let standard = try fields.required("standard").enumValue(StandardID.self, what: "standard")
                    let id = try fields.requiredString("id")
                    guard let found = standards[standard]?.criteria.first(where: { $0.id == id }) else {
                        throw DataFileError("\(standard.rawValue) has no criterion \"\(id)\"", at: item.location)
                    }
                    return found
                }
                var cases: [FindingCase: Mapping] = [:]
                for member in try object["cases"]?.anyObject().members ?? [] {
                    guard let named = FindingCase(rawValue: member.key), named.code == code else {
                        throw DataFileError("\(code.rawValue) has no case \"\(member.key)\"", at: member.keyLocation)
                    }
                    cases[named] = try mapping(member.node, cases: false)
                }
                return Mapping(criteria: criteria, why: try object.requiredString("why"), cases: cases)
            }
            mappings[code] = try mapping(member.node, cases: true)
        }
        var table = Table(standards: standards, mappings: mappings)
        if let axe = top["axe"], !axe.isNull {
            let sections = try axe.object(allowing: ["criteria", "rules"])
            // An axe mapping names items of KWCAG 2.2 and KS X 3253: the WCAG criterion is the tag's.
            func mapping(_ node: JSONNode) throws -> Mapping {
                let object = try node.object(allowing: ["criteria", "why"])
                let criteria = try object.required("criteria").arrayItems().map { item -> Criterion in
                    let fields = try item.object(allowing: ["standard", "id"])
                    let standard = try fields.required("standard").enumValue(StandardID.self, what: "standard")
                    let id = try fields.requiredString("id")
                    guard standard != .wcag22 else {
                        throw DataFileError("an axe mapping names KWCAG 2.2 and KS X 3253 items; the WCAG criterion is axe's tag", at: item.location)
                    }
                    guard let found = standards[standard]?.criteria.first(where: { $0.id == id }) else {
                        throw DataFileError("\(standard.rawValue) has no criterion \"\(id)\"", at: item.location)
                    }
                    return found
                }
                return Mapping(criteria: criteria, why: try object.requiredString("why"))
            }
            for member in try sections.required("criteria").anyObject().members {
                guard standards[.wcag22]?.criteria.contains(where: { $0.id == member.key }) == true else {
                    throw DataFileError("wcag22 has no criterion \"\(member.key)\"", at: member.keyLocation)
                }
                table.axeCriteria[member.key] = try mapping(member.node)
            }
            for member in try sections["rules"]?.anyObject().members ?? [] {
                guard let rule = AxeRule(id: member.key) else {
                    throw DataFileError("\"\(member.key)\" is not an axe rule id", at: member.keyLocation)
                }
                table.axeRules[rule] = try mapping(member.node)
            }
        }
        return table
    }
}

/// The criteria data could not be read: missing from every voices folder, or bad.
public struct CriteriaDataError: UserFacingError {
    public var problem: String
    public var category: ErrorCategory
    public var description: String { problem }
}

extension Finding {
    /// The criteria this finding bears on, in every standard: its case's when the data maps its
    /// case apart, else its code's.
    public var criteria: [Criterion] {
        if let rule = code.axeRule { return Criteria.axeCriteria(rule: rule, wcag: axe?.criteria ?? []) }
        return Criteria.mapping(for: code, case: criteriaCase).criteria
    }
}
