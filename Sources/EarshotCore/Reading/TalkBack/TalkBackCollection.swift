import Foundation

/// Where a TalkBack stop sits in a list, grid or pager: the collection around it (the nearest
/// ancestor TalkBack takes for a collection, `AccessibilityNodeInfoUtils.FILTER_COLLECTION`) and
/// the item it belongs to (the nearest node inside that collection with collection item info,
/// itself or an ancestor). Made by `TalkBackOrder` from the screen's `android` objects: the kind
/// from the class, the counts and indices only from what the screen file adds, since no dump
/// carries them (docs/talkback.md, "A collection item's position").
public struct CollectionPlace: Sendable, Equatable {
    /// The collection's role (`Role.getRole`): what TalkBack says on entering and leaving it.
    public enum Kind: String, Sendable {
        case list, grid, pager
    }

    public var collectionID: String
    public var kind: Kind
    /// The collection's content description, else its text (`CollectionState.getCollectionName`
    /// without the container title, which a dump does not carry), said in `inListNamed`.
    public var name: String?
    public var rowCount: Int?
    public var columnCount: Int?
    /// The collection's role description (`CollectionState.getCollectionRoleDescription`): a web
    /// table's "table", a list box's "list box" from Chrome; nil for a native view and a web list.
    /// With one, entering and leaving say it (`inRoleDescription`) in place of the kind's words.
    public var roleDescription: String?
    /// The header cells' names by row and by column (`CollectionState.updateTableHeaders`): a
    /// heading item of the collection's children or grandchildren in the first row is its
    /// column's header, one in the first column its row's; TalkBack says a header's name in
    /// place of "Row N" / "Column N".
    public var rowHeaders: [Int: String] = [:]
    public var columnHeaders: [Int: String] = [:]
    /// The item around the stop, when there is one.
    public var itemID: String?
    public var rowIndex: Int?
    public var columnIndex: Int?
    /// What kind of header the item is (`getTableHeadingType`), and its role description (with
    /// one, TalkBack adds no heading word of its own: Chrome's "column header" is said already).
    public var itemHeading: TableHeading = .none
    public var itemRoleDescription: String?

    /// A table item's header kind (`CollectionState.TYPE_ROW`, `TYPE_COLUMN`, `TYPE_INDETERMINATE`).
    public enum TableHeading: Sendable, Equatable {
        case none, row, column, indeterminate
    }

    public var isGrid: Bool { kind == .grid }

    /// `getTableHeadingType`: a heading item of one row and column is its column's header in the
    /// first row of a collection of more than one column, else its row's header in the first
    /// column of one of more than one row, else a header of neither; a non-heading item none.
    /// A heading item that spans more than one row or column is a header of neither.
    static func heading(of item: AndroidView, rows: Int?, columns: Int?) -> TableHeading {
        guard item.itemIsHeading else { return .none }
        guard item.itemRowSpan == 1 && item.itemColumnSpan == 1 else { return .indeterminate }
        if index(item.itemRowIndex, span: item.itemRowSpan, of: rows) == 0, (columns ?? -1) > 1 { return .column }
        if index(item.itemColumnIndex, span: item.itemColumnSpan, of: columns) == 0, (rows ?? -1) > 1 { return .row }
        return .indeterminate
    }

    /// An item's row (column) as TalkBack takes it (`CollectionState.getRowIndex`,
    /// `getColumnIndex`): none when the item spans as many rows (columns) as the collection
    /// has, or has no index.
    static func index(_ index: Int?, span: Int, of count: Int?) -> Int? {
        guard let index, index >= 0, span != (count ?? -1) else { return nil }
        return index
    }

    /// Records the item `view` (`id`) as the one around the stop.
    mutating func enter(item id: String, _ view: AndroidView) {
        itemID = id
        rowIndex = Self.index(view.itemRowIndex, span: view.itemRowSpan, of: rowCount)
        columnIndex = Self.index(view.itemColumnIndex, span: view.itemColumnSpan, of: columnCount)
        itemHeading = Self.heading(of: view, rows: rowCount, columns: columnCount)
        itemRoleDescription = nonEmpty(view.roleDescription)
    }

    /// `updateTableHeaders`: each of the collection's children, and the children of a child that
    /// is no header itself, that is a heading item with a name (`getHeaderText`: its own text or
    /// content description, else that of its only child, down a line of only children) names its
    /// column when it is a column header, its row when it is a row header.
    mutating func readHeaders(of collection: AccessibilityNode) {
        func headerText(_ node: AccessibilityNode) -> String? {
            var current = node
            while true {
                if let android = current.android, let text = nonEmpty(android.contentDescription) ?? nonEmpty(android.text) {
                    return text
                }
                guard current.children.count == 1 else { return nil }
                current = current.children[0]
            }
        }
        func record(_ node: AccessibilityNode) -> Bool {
            guard let view = node.android, view.isCollectionItem, let name = headerText(node) else { return false }
            switch Self.heading(of: view, rows: rowCount, columns: columnCount) {
            case .row: if let row = view.itemRowIndex { rowHeaders[row] = name }
            case .column: if let column = view.itemColumnIndex { columnHeaders[column] = name }
            case .indeterminate: return true
            case .none: return false
            }
            return true
        }
        for child in collection.children where !record(child) {
            for grandchild in child.children { _ = record(grandchild) }
        }
    }

    /// The kind TalkBack gives the view when it takes it for a collection (`FILTER_COLLECTION`:
    /// the role of its class is a list, grid or pager, or it has collection info), nil when it
    /// does not. `Role.getRole` asks the class first: an `AbsListView` (`ListView`) is a list, a
    /// `GridView` a grid, a `ViewPager` a pager, whatever the counts; any other view with
    /// collection info is a grid when it has more than one row and more than one column, else a
    /// list. A `RecyclerView` always has collection info on a device (its layout manager sets
    /// it), which a dump does not write: it counts as a collection whatever the file says
    /// (Earshot's choice), a list unless the file's counts make it a grid.
    static func kind(of view: AndroidView, words: TalkBackVocabulary) -> Kind? {
        switch words.role(ofClass: view.className) {
        case TalkBackRole.list?: return .list
        case TalkBackRole.grid?: return .grid
        case TalkBackRole.pager?: return .pager
        default: break
        }
        guard view.isCollection || view.shortClassName == "RecyclerView" else { return nil }
        return (view.collectionRowCount ?? -1) > 1 && (view.collectionColumnCount ?? -1) > 1 ? .grid : .list
    }

    /// The place for a collection TalkBack enters, nil for one it does not
    /// (`CollectionState.shouldEnter`):
    /// - with the screen file's counts (TalkBack's collection info): not a collection of no item
    ///   or one item (rows × columns is 0 or 1, a count left out standing for TalkBack's -1,
    ///   "unknown");
    /// - without them, by the children the dump shows (`childrenOnScreen`): TalkBack's own rule
    ///   for a collection without collection info is more than one child, and Earshot applies it
    ///   to a list, grid or RecyclerView too, whose counts the device has and the dump lacks
    ///   (Earshot's choice). A pager is entered with one child on the screen: `uiautomator dump`
    ///   writes only the children visible to the user, the page shown, while the device's pager
    ///   also holds the pages kept beside it (Earshot's choice);
    /// - never a flat collection that holds another (TalkBack announces only the innermost;
    ///   Earshot knows no hierarchical collections, so every collection is flat).
    static func entered(_ collectionID: String, collection: AndroidView, kind: Kind, holdingCollection: Bool,
                        childrenOnScreen: Int) -> CollectionPlace? {
        guard !holdingCollection else { return nil }
        if collection.isCollection {
            let rows = collection.collectionRowCount ?? -1, columns = collection.collectionColumnCount ?? -1
            if !(rows == -1 && columns == -1), rows * columns == 0 || rows * columns == 1 { return nil }
        } else if childrenOnScreen < (kind == .pager ? 1 : 2) {
            return nil
        }
        return CollectionPlace(collectionID: collectionID, collection: collection, kind: kind)
    }

    init(collectionID: String, collection: AndroidView, kind: Kind) {
        self.collectionID = collectionID
        self.kind = kind
        name = nonEmpty(collection.contentDescription) ?? nonEmpty(collection.text)
        roleDescription = nonEmpty(collection.roleDescription)
        rowCount = collection.collectionRowCount
        columnCount = collection.collectionColumnCount
    }
}

/// What TalkBack adds to a focus utterance when focus moves within, into or out of a collection
/// (`TB/compositor/CollectionStateFeedbackUtils.java`; docs/talkback.md, "A collection item's
/// position"). A count the screen file leaves out is TalkBack's -1, "unknown":
///
/// - the item's position, when focus reached a new row or column of the collection (it came from
///   outside it, or from another row): in a list `inCollection` (`{count}개 중 {index}번째`) with
///   the 1-based index and the row count (the column count for a list laid out in columns),
///   only when both counts are known (`getCollectionListItemPositionDescription`); in a grid
///   `row` and / or `column` for what changed; `heading` before it when the stop is a heading;
///   nothing in a pager (`getCollectionItemTransitionDescription` knows lists and grids only);
/// - the transition: entering a list `inList` (or `inListNamed`) and, when both counts are
///   known, the item count (`itemCount`, `getCollectionListItemCount`); entering a grid `inGrid`
///   (`inGridNamed`) and the row and column counts it knows (`rowCount`, `columnCount`); entering
///   a pager `inPager` without counts, else a vertical, horizontal or grid pager's words;
///   leaving `outOfList` / `outOfGrid` / the pager's (`…Named`).
enum TalkBackCollection {
    /// The position words (heading first when the stop is one) and the collection transition for
    /// focus moving from `previous` (nil: from outside any collection) to `stop`.
    static func transition(to stop: FocusStop, from previous: FocusStop?,
                           words: TalkBackVocabulary) -> (position: [String], collection: String?) {
        let place = stop.collection
        let before = previous?.collection
        var position: [String] = []
        if let place, place.itemID != nil {
            let same = before?.collectionID == place.collectionID
            let rowChanged = !same || before?.rowIndex != place.rowIndex
            let columnChanged = !same || before?.columnIndex != place.columnIndex
            var headerWord: String?
            switch place.kind {
            case .grid:
                // A header item without a role description says TalkBack's header word; a row
                // or column header does not say its own row or column; a header's name stands
                // for its row's or column's number.
                if place.itemRoleDescription == nil {
                    switch place.itemHeading {
                    case .column: headerWord = nonEmpty(words.positions["columnHeading"])
                    case .row: headerWord = nonEmpty(words.positions["rowHeading"])
                    case .indeterminate: headerWord = nonEmpty(words.heading)
                    case .none: break
                    }
                }
                if rowChanged, place.itemHeading != .row, let row = place.rowIndex,
                   let text = place.rowHeaders[row] ?? fill(words.positions["row"], ["index": row + 1]) {
                    position.append(text)
                }
                if columnChanged, place.itemHeading != .column, let column = place.columnIndex,
                   let text = place.columnHeaders[column] ?? fill(words.positions["column"], ["index": column + 1]) {
                    position.append(text)
                }
            case .list:
                if rowChanged || columnChanged { position += listPosition(place, words: words) }
            case .pager:
                break
            }
            if let headerWord, rowChanged || columnChanged {
                position.insert(headerWord, at: 0)
            } else if !position.isEmpty, stop.android?.isHeading == true, let heading = nonEmpty(words.heading) {
                position.insert(heading, at: 0)
            }
        }
        var collection: String?
        if let place, before?.collectionID != place.collectionID {
            collection = entering(place, words: words)
        } else if place == nil, let before {
            collection = leaving(before, words: words)
        }
        return (position, nonEmpty(collection))
    }

    /// `{count}개 중 {index}번째`: in a list laid out in rows (as many rows as columns or more,
    /// `ALIGNMENT_VERTICAL`) the item's row index, else its column index; of the column count when
    /// the list has more than one column and a known row count, else of the row count when it has
    /// more than one row and a known column count; else nothing.
    private static func listPosition(_ place: CollectionPlace, words: TalkBackVocabulary) -> [String] {
        let rows = place.rowCount ?? -1, columns = place.columnCount ?? -1
        guard let index = rows >= columns ? place.rowIndex : place.columnIndex, index >= 0 else { return [] }
        let count: Int
        if columns > 1 && rows != -1 {
            count = columns
        } else if rows > 1 && columns != -1 {
            count = rows
        } else {
            return []
        }
        return fill(words.positions["inCollection"], ["index": index + 1, "count": count]).map { [$0] } ?? []
    }

    private static func entering(_ place: CollectionPlace, words: TalkBackVocabulary) -> String? {
        let rows = place.rowCount ?? -1, columns = place.columnCount ?? -1
        let hasBoth = rows > -1 && columns > -1
        var pieces: [String?]
        if let role = place.roleDescription, place.kind != .pager {
            // With a role description: "In table", "In table {name}", then the kind's counts
            // (getCollectionNameWithRoleDescriptionEnter).
            let counts: [String?] = place.kind == .grid
                ? [rows > -1 ? count(of: "rowCount", rows, words: words) : nil,
                   columns > -1 ? count(of: "columnCount", columns, words: words) : nil]
                : [hasBoth ? count(of: "itemCount", rows >= columns ? rows : columns, words: words) : nil]
            pieces = [described("inRoleDescription", role, place.name, words: words)] + counts
            return pieces.compactMap { nonEmpty($0) }.joined(separator: words.separator)
        }
        switch place.kind {
        case .grid:
            // Its row count, then its column count, each when known (getCollectionGridItemCount).
            pieces = [named("inGrid", place.name, words: words),
                      rows > -1 ? count(of: "rowCount", rows, words: words) : nil,
                      columns > -1 ? count(of: "columnCount", columns, words: words) : nil]
        case .list:
            // A list laid out in rows counts its rows, one laid out in columns its columns; only
            // when both counts are known (getCollectionListItemCount).
            pieces = [named("inList", place.name, words: words),
                      hasBoth ? count(of: "itemCount", rows >= columns ? rows : columns, words: words) : nil]
        case .pager:
            pieces = pagerEntering(place, rows: rows, columns: columns, words: words)
        }
        return pieces.compactMap { nonEmpty($0) }.joined(separator: words.separator)
    }

    /// A pager without counts (a ViewPager, which has no collection info) says `inPager`; with
    /// more than one row and column `inGridPager`, then the row and column TalkBack reads from a
    /// table item (none in a pager: -1, so row 0 and column -1, the column word followed by "1",
    /// as `getCollectionGridPagerEnter` adds 1 to the string, not to the index), then the row and
    /// column counts; else `inVerticalPager` (as many rows as columns or more) or
    /// `inHorizontalPager`, whose page index TalkBack reads from a table item too and so never
    /// says.
    private static func pagerEntering(_ place: CollectionPlace, rows: Int, columns: Int,
                                      words: TalkBackVocabulary) -> [String?] {
        if rows == -1 && columns == -1 { return [named("inPager", place.name, words: words)] }
        if rows > 1 && columns > 1 {
            return [named("inGridPager", place.name, words: words),
                    fill(words.positions["row"], ["index": 0]),
                    fill(words.positions["column"], ["index": -1]).map { $0 + "1" },
                    count(of: "rowCount", rows, words: words),
                    count(of: "columnCount", columns, words: words)]
        }
        return [named(rows >= columns ? "inVerticalPager" : "inHorizontalPager", place.name, words: words)]
    }

    /// Leaving a list or grid says `outOfList` / `outOfGrid`; a pager `outOfGridPager` when both
    /// counts are known, `outOfVerticalPager` / `outOfHorizontalPager` when one is (TalkBack has
    /// no named form of the horizontal one and says the plain one), else `outOfPager`.
    private static func leaving(_ place: CollectionPlace, words: TalkBackVocabulary) -> String? {
        let rows = place.rowCount ?? -1, columns = place.columnCount ?? -1
        if let role = place.roleDescription, place.kind != .pager {
            return described("outOfRoleDescription", role, place.name, words: words)
        }
        switch place.kind {
        case .list: return named("outOfList", place.name, words: words)
        case .grid: return named("outOfGrid", place.name, words: words)
        case .pager:
            if rows > -1 && columns > -1 { return named("outOfGridPager", place.name, words: words) }
            if rows > -1 || columns > -1 {
                return rows >= columns ? named("outOfVerticalPager", place.name, words: words)
                    : words.positions["outOfHorizontalPager"]
            }
            return named("outOfPager", place.name, words: words)
        }
    }

    /// A count in its plural form: the `…One` template for one (Android's quantity `one`), else
    /// the other.
    private static func count(of key: String, _ count: Int, words: TalkBackVocabulary) -> String? {
        fill(words.positions[count == 1 ? key + "One" : key], ["count": count])
    }

    /// `inRoleDescription` (`outOfRoleDescription`) with the role description, or its `…Named`
    /// form with the collection's name too.
    private static func described(_ key: String, _ role: String, _ name: String?, words: TalkBackVocabulary) -> String? {
        let template = name == nil ? words.positions[key] : words.positions[key + "Named"]
        return template.map {
            $0.replacingOccurrences(of: "{role}", with: role).replacingOccurrences(of: "{name}", with: name ?? "")
        }
    }

    /// `inList` or, for a collection with a name, `inListNamed` with it.
    private static func named(_ key: String, _ name: String?, words: TalkBackVocabulary) -> String? {
        if let name, let template = words.positions[key + "Named"] {
            return template.replacingOccurrences(of: "{name}", with: name)
        }
        return words.positions[key]
    }

    /// The template with each `{name}` replaced by its number.
    static func fill(_ template: String?, _ numbers: [String: Int]) -> String? {
        guard var text = template else { return nil }
        for (name, number) in numbers { text = text.replacingOccurrences(of: "{\(name)}", with: String(number)) }
        return text
    }
}
