import EarshotCore
import Foundation

/// Where the browser keeps its files, as whom it runs, and what it may reach (docs/web.md,
/// "What a page can reach").
///
/// - **Its folder**: one folder of the run's own, `earshot-browser-PID-RAND` in `$TMPDIR`,
///   holds everything the browser writes: its profile (`profile/`), its `$TMPDIR` (`tmp/`, where
///   Chromium makes its `org.chromium.Chromium.*` folder), its `$HOME` (`home/`) and its log.
///   The browser is started by a shell that removes the folder when the browser ends, and the
///   browser ends when its pipe closes, so a read ended by a signal (even SIGKILL) leaves
///   nothing once the browser is gone. What a power cut leaves, a later start sweeps: a folder
///   of that name whose process is gone (`sweep`).
/// - **Its user**: Chromium's sandbox (user namespaces and a seccomp filter on every renderer)
///   does not start as root. When Earshot is root, the browser runs as `nobody` (through
///   `setpriv`, util-linux), with its sandbox, rather than as root without it; its folder is
///   then in a base folder `nobody` can pass through (`$TMPDIR`, else `/tmp`). A `$TMPDIR` too
///   deep for the socket Chromium makes in it (a socket's path is at most 107 bytes) is passed
///   over for `/tmp` too.
/// - **Its network**: WebRTC may send no UDP outside a proxy (the profile's preferences), and
///   there is none for UDP, so a page's `RTCPeerConnection` gathers no candidate and sends no
///   STUN datagram; no mDNS (WebRTC's hidden addresses, the media router's discovery).
struct BrowserBox {
    /// The box's folder and its parts.
    let folder: URL
    var profile: URL { folder.appendingPathComponent("profile") }
    var temporary: URL { folder.appendingPathComponent("tmp") }
    var home: URL { folder.appendingPathComponent("home") }
    var log: URL { folder.appendingPathComponent("browser.log") }
    /// The user the browser runs as, when it is not Earshot's own (Earshot is root).
    let user: (uid: uid_t, gid: gid_t)?

    static let folderPrefix = "earshot-browser-"
    /// The longest path of a Unix socket (`sun_path`, its final NUL aside).
    static let longestSocketPath = 107

    /// Flags that close the browser's other ways out, whatever the page does (tested with a
    /// page's `RTCPeerConnection`: PageBoxTests), and keep a page's frames in its own process.
    /// Chromium takes one `--disable-features` (the last given wins), so it is given once.
    static let flags = [
        "--disable-features=" + [
            // WebRTC's mDNS names for local addresses, and the media router's discovery (mDNS, SSDP).
            "WebRtcHideLocalIpsWithMdns", "MediaRouter", "DialMediaRouteProvider",
            // Site isolation: with it, a frame of another site is a process (and a DevTools
            // target) of its own, whose document `Page.getFrameTree` and `getFullAXTree` of the
            // page do not give. NVDA reads a frame's document in place whatever its site, so
            // Earshot keeps every frame in the page's renderer and reads it as it reads a frame
            // of the same site (docs/web.md, "Frames"). Isolation guards one site's data from
            // another's script in one renderer; the box's profile is new and empty, and the page
            // reaches only its own host and the loopback, so there is nothing of the user's there.
            "IsolateOrigins", "site-per-process",
        ].joined(separator: ","),
        "--disable-site-isolation-trials",
        "--disable-domain-reliability",
    ]

    /// The profile's preferences: WebRTC sends no UDP that does not go through the proxy (and
    /// the proxy is for HTTP only), so a page's peer connection reaches nothing. The switch
    /// `--force-webrtc-ip-handling-policy` was tried and is not honoured by Chromium 156 headless;
    /// the preference is.
    static let preferences = #"{"webrtc":{"ip_handling_policy":"disable_non_proxied_udp","multiple_routes_enabled":false,"nonproxied_udp_enabled":false}}"#

    /// The unprivileged user a root Earshot runs the browser as: `nobody`.
    static func unprivilegedUser() -> (uid: uid_t, gid: gid_t) {
        if let entry = getpwnam("nobody") { return (entry.pointee.pw_uid, entry.pointee.pw_gid) }
        return (65534, 65534)
    }

    /// `setpriv` on the PATH (or in /usr/bin, /bin), which starts the browser as another user.
    static func setpriv(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return folders.map { $0 + "/setpriv" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Makes a new box: its folder in `$TMPDIR` (under root, in a base folder its user can
    /// pass through), after sweeping the boxes of processes that are gone.
    static func make(dropToUnprivileged: Bool) throws -> BrowserBox {
        let user = dropToUnprivileged ? unprivilegedUser() : nil
        var base = FileManager.default.temporaryDirectory.standardizedFileURL
        if user != nil, !othersCanPass(base) { base = URL(fileURLWithPath: "/tmp") }
        // Chromium's singleton socket is made in its TMPDIR, and a socket's path is at most
        // 107 bytes: a deeper TMPDIR makes the browser abort at start.
        let longest = base.path + "/" + folderPrefix + "4194304-ffffffff/tmp/org.chromium.Chromium.XXXXXX/SingletonSocket"
        if longest.utf8.count > longestSocketPath { base = URL(fileURLWithPath: "/tmp") }
        sweep(in: base.path)
        var folder: URL?
        for _ in 0..<8 {
            let candidate = base.appendingPathComponent(folderPrefix + "\(getpid())-" + String(UInt32.random(in: 0...UInt32.max), radix: 16))
            // Others may pass through to the parts that are the browser user's, never list it.
            if mkdir(candidate.path, 0o700) == 0 {
                // Set after mkdir, whatever the umask: the browser's user must pass through.
                if user != nil { chmod(candidate.path, 0o711) }
                folder = candidate
                break
            }
            if errno != EEXIST { break }
        }
        guard let folder else {
            throw BrowserError.unavailable("cannot make a folder for the browser in \(base.path) (\(String(cString: strerror(errno))))")
        }
        let box = BrowserBox(folder: folder, user: user)
        do {
            for part in [box.profile, box.temporary, box.home, box.profile.appendingPathComponent("Default")] {
                try FileManager.default.createDirectory(at: part, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            try Data(preferences.utf8).write(to: box.profile.appendingPathComponent("Default/Preferences"))
            if let user {
                for part in [box.profile, box.profile.appendingPathComponent("Default"), box.profile.appendingPathComponent("Default/Preferences"),
                             box.temporary, box.home] where chown(part.path, user.uid, user.gid) != 0 {
                    throw BrowserError.unavailable("cannot give \(part.path) to the browser's user (\(String(cString: strerror(errno))))")
                }
            }
        } catch {
            box.remove()
            throw error
        }
        return box
    }

    /// The command that runs `browser`: a shell that removes the box once the browser ends (its
    /// pipe closed, or its group killed), starting it as the box's user when there is one.
    func command(browser: [String], setpriv: String?) -> [String] {
        var command = browser
        if let user, let setpriv {
            command = [setpriv, "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"] + command
        }
        return ["/bin/sh", "-c", #"folder=$1; shift; "$@"; rm -rf -- "$folder""#, "earshot-browser", folder.path] + command
    }

    /// The browser's environment: its temporary folder and home in the box, nothing else of
    /// the caller's but the path and the locale.
    func environment(from caller: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var variables = ["TMPDIR": temporary.path, "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config",
                         "XDG_CACHE_HOME": home.path + "/.cache", "PATH": caller["PATH"] ?? "/usr/bin:/bin"]
        for name in ["LANG", "LC_ALL", "LC_CTYPE", "TZ"] { variables[name] = caller[name] }
        return variables.keys.sorted().map { "\($0)=\(variables[$0]!)" }
    }

    /// Removes the box's folder (the browser is gone).
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether every folder from `url` up to `/` lets others pass through.
    static func othersCanPass(_ url: URL) -> Bool {
        var folder = url
        while true {
            var info = stat()
            if stat(folder.path, &info) != 0 || info.st_mode & S_IXOTH == 0 { return false }
            if folder.path == "/" { return true }
            folder.deleteLastPathComponent()
        }
    }

    /// Removes the boxes in `base` whose process is gone (`TemporaryFiles.sweep(foldersIn:prefix:)`).
    static func sweep(in base: String) {
        TemporaryFiles.sweep(foldersIn: base, prefix: folderPrefix)
    }
}
