import EarshotCore
import Foundation

/// What a page may load from the disk: the files in its own folder and the folders below it,
/// none of them hidden. Every `file://` request the browser makes is paused (`Fetch.enable`)
/// and answered here: a file allowed is read by Earshot and given to the browser, so the
/// browser (which may run as another user) needs no access to the disk at all; any other is
/// refused and noted. A frame or object refused is given an empty page, so it draws as a blank
/// frame, never as the browser's error page; the page itself moving to a refused file fails.
///
/// A page at an `http(s)` address loads no file at all (Chromium refuses those too).
struct LocalFileGate {
    /// The page's folder, its links resolved, with a final `/`; nil for a page not on the disk.
    let folder: String?

    init(pageAddress: String) {
        if let url = URL(string: pageAddress), url.isFileURL {
            let resolved = url.resolvingSymlinksInPath().deletingLastPathComponent().path
            folder = resolved.hasSuffix("/") ? resolved : resolved + "/"
        } else {
            folder = nil
        }
    }

    enum Answer: Equatable {
        /// The file's bytes and its type.
        case serve(Data, mimeType: String?)
        /// Refused: the reason, for the note.
        case refuse(String)
        /// Not there (or unreadable) inside the folder: a load that fails as a missing file does.
        case missing
    }

    /// The answer to a request for `address`.
    func answer(_ address: String) -> Answer {
        guard let folder else { return .refuse("a page on the network reads no file") }
        guard let url = URL(string: address), url.isFileURL else { return .refuse("not a file") }
        let resolved = url.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(folder) else { return .refuse("outside its folder") }
        let inside = resolved.dropFirst(folder.count)
        if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return .refuse("a hidden file") }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .missing }
        if info.st_mode & S_IFMT == S_IFDIR { return .refuse("a folder's listing") }
        // A pipe or a device would never end (or never answer): only a file is read.
        guard info.st_mode & S_IFMT == S_IFREG else { return .refuse("not a file") }
        guard let data = FileManager.default.contents(atPath: resolved) else { return .missing }
        return .serve(data, mimeType: Self.mimeTypes[url.pathExtension.lowercased()])
    }

    /// The types Chromium gives files by their extension (`net/base/mime_util.cc`), for the
    /// kinds a page loads; another file is left to the browser's sniffing.
    static let mimeTypes: [String: String] = [
        "html": "text/html", "htm": "text/html", "shtml": "text/html", "xhtml": "application/xhtml+xml",
        "xht": "application/xhtml+xml", "css": "text/css", "js": "text/javascript", "mjs": "text/javascript",
        "json": "application/json", "xml": "text/xml", "svg": "image/svg+xml", "svgz": "image/svg+xml",
        "txt": "text/plain", "text": "text/plain", "csv": "text/csv", "md": "text/markdown",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "ico": "image/vnd.microsoft.icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "oga": "audio/ogg", "flac": "audio/flac",
        "mp4": "video/mp4", "m4a": "audio/mp4", "webm": "video/webm", "ogv": "video/ogg",
        "vtt": "text/vtt", "wasm": "application/wasm", "pdf": "application/pdf",
    ]
}
