import Foundation

/// Where a TalkBack stop sits in a list or grid: the collection around it (the nearest ancestor
/// with collection info) and the item it belongs to (the nearest node inside that collection with
/// collection item info, itself or an ancestor). Made by `TalkBackOrder` from the screen's
/// `android` objects; no dump carries these facts (docs/talkback.md, "A collection item's
/// position").
public struct CollectionPlace: Sendable, Equatable {
    public var collectionID: String
    /// A grid when both counts are above 1, else a list (`Role.getRole`).
    public var isGrid: Bool
    /// The collection's content description (Earshot's choice), said in `inListNamed`.
    public var name: String?
    public var rowCount: Int?
    public var columnCount: Int?
    /// The item around the stop, when there is one.
    public var itemID: String?
    public var rowIndex: Int?
    public var columnIndex: Int?

    /// The place for a collection TalkBack enters, nil for one it does not
    /// (`CollectionState.shouldEnter`): a collection of no item or one item (rows × columns is 0
    /// or 1, a count left out standing for TalkBack's -1, "unknown"), and a flat collection that
    /// holds another (TalkBack announces only the innermost; Earshot knows no hierarchical
    /// collections, so every collection is flat).
    static func entered(_ collectionID: String, collection: AndroidView, holdingCollection: Bool) -> CollectionPlace? {
        guard !holdingCollection else { return nil }
        let rows = collection.collectionRowCount ?? -1, columns = collection.collectionColumnCount ?? -1
        if !(rows == -1 && columns == -1), rows * columns == 0 || rows * columns == 1 { return nil }
        return CollectionPlace(collectionID: collectionID, collection: collection)
    }

    init(collectionID: String, collection: AndroidView) {
        self.collectionID = collectionID
        isGrid = (collection.collectionRowCount ?? 1) > 1 && (collection.collectionColumnCount ?? 1) > 1
        name = nonEmpty(collection.contentDescription)
        rowCount = collection.collectionRowCount
        columnCount = collection.collectionColumnCount
    }
}

/// What TalkBack adds to a focus utterance when focus moves within, into or out of a collection
/// (`TB/compositor/CollectionStateFeedbackUtils.java`; docs/talkback.md, "A collection item's
/// position"):
///
/// - the item's position, when focus reached a new row or column of the collection (it came from
///   outside it, or from another row): in a list `inCollection` (`{count}개 중 {index}번째`) with
///   the 1-based index and the row count (the column count for a list laid out in columns,
///   `getCollectionListItemPositionDescription`); in a grid `row` and / or `column` for what
///   changed; `heading` before it when the stop is a heading;
/// - the transition: entering a list `inList` (or `inListNamed`) and the item count
///   (`itemCount`, `template_list_total_count`), entering a grid `inGrid` (`inGridNamed`) and
///   its row and column counts (`rowCount`, `columnCount`: `template_list_row_count`, `…column…`);
///   leaving `outOfList` / `outOfGrid` (`…Named`).
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
            if place.isGrid {
                if rowChanged, let row = place.rowIndex, let text = fill(words.positions["row"], ["index": row + 1]) {
                    position.append(text)
                }
                if columnChanged, let column = place.columnIndex,
                   let text = fill(words.positions["column"], ["index": column + 1]) {
                    position.append(text)
                }
            } else if rowChanged || columnChanged {
                position += listPosition(place, words: words)
            }
            if !position.isEmpty, stop.android?.isHeading == true, let heading = nonEmpty(words.heading) {
                position.insert(heading, at: 0)
            }
        }
        var collection: String?
        if let place, before?.collectionID != place.collectionID {
            collection = entering(place, words: words)
        } else if place == nil, let before {
            let key = before.isGrid ? "outOfGrid" : "outOfList"
            collection = named(key, before.name, words: words)
        }
        return (position, nonEmpty(collection))
    }

    /// `{count}개 중 {index}번째`: the column index of the column count when the list has more than one
    /// column, else the row index of the row count; nothing when the count is 1 or less. A count
    /// the screen file leaves out is taken as 1 (Earshot's choice).
    private static func listPosition(_ place: CollectionPlace, words: TalkBackVocabulary) -> [String] {
        let rows = place.rowCount ?? 1
        let columns = place.columnCount ?? 1
        let (index, count) = columns > 1 ? (place.columnIndex, columns) : (place.rowIndex, rows)
        guard let index, count > 1 else { return [] }
        return fill(words.positions["inCollection"], ["index": index + 1, "count": count]).map { [$0] } ?? []
    }

    private static func entering(_ place: CollectionPlace, words: TalkBackVocabulary) -> String? {
        if place.isGrid {
            // A grid says its row count, then its column count (getCollectionGridItemCount); a
            // count the screen file leaves out is not said, as TalkBack leaves out a count of -1.
            var pieces = [named("inGrid", place.name, words: words)]
            pieces.append(place.rowCount.flatMap { Self.count(of: "rowCount", $0, words: words) })
            pieces.append(place.columnCount.flatMap { Self.count(of: "columnCount", $0, words: words) })
            return pieces.compactMap { $0 }.joined(separator: words.separator)
        }
        var pieces = [named("inList", place.name, words: words)].compactMap { $0 }
        // A list laid out in rows counts its rows, one laid out in columns its columns
        // (getCollectionListItemCount).
        let rows = place.rowCount ?? 1
        let columns = place.columnCount ?? 1
        let count = rows >= columns ? rows : columns
        if let text = Self.count(of: "itemCount", count, words: words) { pieces.append(text) }
        return pieces.joined(separator: words.separator)
    }

    /// A count in its plural form: the `…One` template for one (Android's quantity `one`), else
    /// the other.
    private static func count(of key: String, _ count: Int, words: TalkBackVocabulary) -> String? {
        fill(words.positions[count == 1 ? key + "One" : key], ["count": count])
    }

    /// `inList` or, for a collection with a name, `inListNamed` with it.
    private static func named(_ key: String, _ name: String?, words: TalkBackVocabulary) -> String? {
        if let name, let template = words.positions[key + "Named"] {
            return template.replacingOccurrences(of: "{name}", with: name)
        }
        return words.positions[key]
    }

    /// The template with each `{name}` replaced by its number.
    private static func fill(_ template: String?, _ numbers: [String: Int]) -> String? {
        guard var text = template else { return nil }
        for (name, number) in numbers { text = text.replacingOccurrences(of: "{\(name)}", with: String(number)) }
        return text
    }
}
