import Foundation

/// The grid of each table of a page: its size, and each cell's row, column and header cells,
/// which Chromium gives NVDA through IAccessible2 (`IAccessibleTable2::get_nRows`,
/// `get_nColumns`; `IAccessibleTableCell::get_rowColumnExtents`, `get_columnHeaderCells`,
/// `get_rowHeaderCells`) and its DevTools tree does not carry (docs/web.md, section f).
///
/// **Earshot's reading** of Chromium's table model (`AXTableInfo`, whose code was read at an
/// older revision): a table (`table`, `grid`, `treegrid`) has the rows inside it, through row
/// groups (`thead`, `tbody`) and generic wrappers but not inside a nested table; a row's cells
/// are its cell children (`cell`, `gridcell`, `columnheader`, `rowheader`) in order, each one
/// column. A column's header cells are the column headers in that column, a row's the row
/// headers in that row; a header cell does not name itself (NVDA's `_normalizeControlField`
/// in `virtualBuffers/__init__.py` drops that self-reference, which Chromium gives). Spans
/// (`colspan`, `rowspan`) and `aria-rowindex` / `aria-colindex` are not in the DevTools tree
/// and are not played: every cell spans one row and one column.
enum WebTableGrid {
    struct Result {
        /// The size of each table, by the tree's node id.
        var sizes: [String: WebTableSize] = [:]
        /// Each cell's place, by the tree's node id.
        var cells: [String: WebTableCell] = [:]
    }

    /// `tree` is one `WebPageInterpreter.screen` has checked (`WebPageLimits.shapeProblem`), so
    /// the walks below may recurse; `elementIDs` are the screen's ids of the tree's nodes.
    static func grid(in tree: WebPageTree, elementIDs: [String: String]) -> Result {
        let byID = Dictionary(tree.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result = Result()
        func rows(under node: WebPageTree.Node) -> [WebPageTree.Node] {
            node.children.compactMap { byID[$0] }.flatMap { child -> [WebPageTree.Node] in
                let role = child.webRole
                if role.isTableRow { return [child] }
                if role.isTable || role.isTableCell { return [] }
                return rows(under: child)
            }
        }
        func text(of node: WebPageTree.Node) -> String {
            if let name = node.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
            return node.children.compactMap { byID[$0] }.map(text).filter { !$0.isEmpty }.joined(separator: " ")
        }
        for table in tree.nodes where table.webRole.isTable {
            let tableRows = rows(under: table).map { row in row.children.compactMap { byID[$0] }.filter { $0.webRole.isTableCell } }
            let columns = tableRows.map(\.count).max() ?? 0
            result.sizes[table.id] = WebTableSize(rows: tableRows.count, columns: columns)
            var columnHeaders: [Int: [WebPageTree.Node]] = [:]
            for row in tableRows {
                for (column, cell) in row.enumerated() where cell.webRole.isColumnHeader { columnHeaders[column, default: []].append(cell) }
            }
            let tableID = elementIDs[table.id] ?? table.id
            for (rowIndex, row) in tableRows.enumerated() {
                let rowHeaders = row.filter { $0.webRole.isRowHeader }
                for (column, cell) in row.enumerated() {
                    func headerText(_ headers: [WebPageTree.Node]) -> String? {
                        let lines = headers.filter { $0.id != cell.id }.map(text).filter { !$0.isEmpty }
                        return lines.isEmpty ? nil : lines.joined(separator: "\n")
                    }
                    result.cells[cell.id] = WebTableCell(tableID: tableID, row: rowIndex + 1, column: column + 1,
                                                         rowHeader: headerText(rowHeaders),
                                                         columnHeader: headerText(columnHeaders[column] ?? []))
                }
            }
        }
        return result
    }
}
