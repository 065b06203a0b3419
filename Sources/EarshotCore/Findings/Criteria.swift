/// An accessibility standard a tester audits against, and its criteria as Earshot knows them.
///
/// The data is `criteria/criteria.json` (its sources, editions and licences in
/// `criteria/README.md`, the review of each mapping in `criteria/REVIEW.md`), compiled in by
/// `scripts/generate-criteria.sh`; `CriteriaDataTests` keeps the two in step. Ids are the
/// standards' own; titles are short names in Earshot's words, never the standards' text.
public enum StandardID: String, NamedCases, Sendable, CaseIterable {
    case wcag22
    case kwcag22
    case ksx3253
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
    public var reference: String { "\(Criteria.standard(standard).name) \(id)" }
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
    /// A finding code's criteria (in the data's order) and why they apply, or why none does.
    public struct Mapping: Sendable {
        public var criteria: [Criterion]
        public var why: String
    }

    struct Data: Sendable {
        var standards: [StandardID: Standard]
        var mappings: [FindingCode: Mapping]
    }

    /// The compiled-in data, read once. A mistake in it is a programming error that the tests
    /// catch before any release.
    static let data: Data = {
        do {
            return try decode(JSONDocument.parse(criteriaJSON, file: "criteria/criteria.json"))
        } catch {
            fatalError("criteria/criteria.json: \(error)")
        }
    }()

    public static func standard(_ id: StandardID) -> Standard { data.standards[id]! }

    /// The criteria `code` bears on, with the reason (an empty list says why none applies).
    public static func mapping(for code: FindingCode) -> Mapping { data.mappings[code] ?? Mapping(criteria: [], why: "") }

    public static func criteria(for code: FindingCode) -> [Criterion] { mapping(for: code).criteria }

    /// The codes that bear on a criterion.
    public static func codes(for criterion: Criterion) -> [FindingCode] {
        FindingCode.allCases.filter { criteria(for: $0).contains(criterion) }
    }

    /// Reads the data file's shape (docs/findings.md, "Criteria"); unknown keys, standards,
    /// codes and criterion ids are data errors with their place.
    static func decode(_ root: JSONNode) throws -> Data {
        let top = try root.object(allowing: ["standards", "findings"])
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
            let object = try member.node.object(allowing: ["criteria", "why"])
            let criteria = try object.required("criteria").arrayItems().map { item -> Criterion in
                let fields = try item.object(allowing: ["standard", "id"])
                let standard = try fields.required("standard").enumValue(StandardID.self, what: "standard")
                let id = try fields.requiredString("id")
                guard let found = standards[standard]?.criteria.first(where: { $0.id == id }) else {
                    throw DataFileError("\(standard.rawValue) has no criterion \"\(id)\"", at: item.location)
                }
                return found
            }
            mappings[code] = Mapping(criteria: criteria, why: try object.requiredString("why"))
        }
        return Data(standards: standards, mappings: mappings)
    }
}

extension Finding {
    /// The criteria this finding bears on, in every standard.
    public var criteria: [Criterion] { Criteria.criteria(for: code) }
}
