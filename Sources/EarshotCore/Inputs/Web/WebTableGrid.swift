import Foundation

/// The grid of each table of a page: its size, and each cell's row, column, spans and header
/// cells, which Chromium gives NVDA through IAccessible2 (`IAccessibleTable2::get_nRows`,
/// `get_nColumns`; `IAccessibleTableCell::get_rowColumnExtents`, `get_columnHeaderCells`,
/// `get_rowHeaderCells`) and its DevTools tree does not carry (docs/web.md, section f).
///
/// **Earshot's reading** of Chromium's table model (`AXTableInfo`, whose code was read at an
/// older revision): a table (`table`, `grid`, `treegrid`) has the rows inside it, through row
/// groups (`thead`, `tbody`) and generic wrappers but not inside a nested table; a row's cells
/// are its cell children (`cell`, `gridcell`, `columnheader`, `rowheader`) in order, each placed
/// as HTML's table model places it: in the first column of its row that no cell above spans
/// into, spanning the columns and rows of its `colspan` and `rowspan` (`aria-colspan` and
/// `aria-rowspan` off an HTML table: the DOM facts `domColSpan` and `domRowSpan`, kept in the
/// saved tree; a tree saved without them has every cell span one row and one column). A
/// `rowspan` of 0, or one past the last row, ends at the table's last row (HTML ends it at its
/// row group's). The table has as many columns as its widest row reaches. A cell's column
/// header cells are the column headers over its first column, its row headers the row headers
/// beside its first row; a header cell does not name itself (NVDA's `_normalizeControlField`
/// in `virtualBuffers/__init__.py` drops that self-reference, which Chromium gives).
/// `aria-rowindex` and `aria-colindex` are not played.
enum WebTableGrid {
    struct Result {
        /// The size of each table, by the tree's node id.
        var sizes: [String: WebTableSize] = [:]
        /// Each cell's place, by the tree's node id.
        var cells: [String: WebTableCell] = [:]
    }

    /// A cell placed in its table's grid (0-based).
    private struct Placed {
        var node: WebPageTree.Node
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int

        func covers(row: Int) -> Bool { (self.row..<(self.row + rowSpan)).contains(row) }
        func covers(column: Int) -> Bool { (self.column..<(self.column + columnSpan)).contains(column) }
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
            let placed = place(tableRows)
            let columns = placed.map { $0.column + $0.columnSpan }.max() ?? 0
            result.sizes[table.id] = WebTableSize(rows: tableRows.count, columns: columns)
            let columnHeaders = placed.filter { $0.node.webRole.isColumnHeader }
            let rowHeaders = placed.filter { $0.node.webRole.isRowHeader }
            let tableID = elementIDs[table.id] ?? table.id
            for cell in placed {
                func headerText(_ headers: [Placed]) -> String? {
                    let lines = headers.filter { $0.node.id != cell.node.id }.map { text(of: $0.node) }.filter { !$0.isEmpty }
                    return lines.isEmpty ? nil : lines.joined(separator: "\n")
                }
                result.cells[cell.node.id] = WebTableCell(
                    tableID: tableID, row: cell.row + 1, column: cell.column + 1, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan,
                    rowHeader: headerText(rowHeaders.filter { $0.covers(row: cell.row) }),
                    columnHeader: headerText(columnHeaders.filter { $0.covers(column: cell.column) }))
            }
        }
        return result
    }

    /// HTML's placing of cells: row by row, each cell in the first column from the row's last
    /// one that no cell of an earlier row spans into (`rows`: each row's cells in order).
    private static func place(_ rows: [[WebPageTree.Node]]) -> [Placed] {
        var placed: [Placed] = []
        // The cells of earlier rows that span into later ones: a row looks only at those.
        var spanning: [Placed] = []
        for (row, cells) in rows.enumerated() {
            spanning.removeAll { !$0.covers(row: row) }
            var column = 0
            for node in cells {
                while spanning.contains(where: { $0.covers(column: column) }) { column += 1 }
                let columnSpan = max(1, span(node, "domColSpan") ?? 1)
                let asked = span(node, "domRowSpan") ?? 1
                let rowSpan = asked == 0 ? rows.count - row : min(max(1, asked), rows.count - row)
                let cell = Placed(node: node, row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan)
                placed.append(cell)
                if rowSpan > 1 { spanning.append(cell) }
                column += columnSpan
            }
        }
        return placed
    }

    /// A span the DOM gave the node (`domColSpan`, `domRowSpan`).
    private static func span(_ node: WebPageTree.Node, _ name: String) -> Int? {
        guard case .number(let number)? = node.properties[name], number.isFinite, number >= 0 else { return nil }
        return Int(min(number, 1_000_000))
    }
}
