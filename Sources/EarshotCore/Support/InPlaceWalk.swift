extension Array {
    /// Calls `body` with each element read in place, in order. A tree of large values (nodes
    /// holding many strings) walked with `for in`, or through a buffer's subscript, copies every
    /// node it passes: a retain and a release of each string. `pointee` of the pointer is read
    /// where the element lies, so nothing is copied unless `body` keeps a part.
    func forEachInPlace(_ body: (UnsafePointer<Element>) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices { try body(base + index) }
        }
    }
}
