import EarshotCore
import Foundation
import Testing
@testable import EarshotWeb

/// The browser's box: its own folder, removed by the shell that starts it; another process's
/// folder left alone while it lives and swept once it is gone; the caller's environment kept out.
@Suite("The browser's box")
struct BrowserBoxTests {
    @Test("a box is a private folder named for this process, with a profile that keeps WebRTC off UDP")
    func madeFolder() throws {
        let box = try BrowserBox.make(dropToUnprivileged: false)
        defer { box.remove() }
        #expect(box.folder.lastPathComponent.hasPrefix(BrowserBox.folderPrefix + "\(getpid())-"))
        var info = stat()
        #expect(stat(box.folder.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let preferences = try String(contentsOf: box.profile.appendingPathComponent("Default/Preferences"), encoding: .utf8)
        #expect(preferences.contains(#""ip_handling_policy":"disable_non_proxied_udp""#))
        box.remove()
        #expect(!FileManager.default.fileExists(atPath: box.folder.path))
    }

    @Test("the command removes the box when the browser ends, and runs it as the box's user through setpriv")
    func command() throws {
        let box = BrowserBox(folder: URL(fileURLWithPath: "/tmp/earshot-browser-1-a"), user: (65534, 65534))
        let command = box.command(browser: ["/usr/bin/chromium", "--headless"], setpriv: "/usr/bin/setpriv")
        #expect(Array(command.prefix(2)) == ["/bin/sh", "-c"])
        #expect(command.contains("/tmp/earshot-browser-1-a"))
        #expect(Array(command.suffix(7)) == ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--",
                                             "/usr/bin/chromium", "--headless"])
        let own = BrowserBox(folder: box.folder, user: nil).command(browser: ["/usr/bin/chromium"], setpriv: "/usr/bin/setpriv")
        #expect(!own.contains("/usr/bin/setpriv") && own.last == "/usr/bin/chromium")
    }

    @Test("the browser's environment is its box's, with the caller's path and locale only")
    func environment() {
        let box = BrowserBox(folder: URL(fileURLWithPath: "/tmp/earshot-browser-1-a"), user: nil)
        let variables = box.environment(from: ["PATH": "/usr/bin", "LANG": "ko_KR.UTF-8", "AWS_SECRET_ACCESS_KEY": "k",
                                               "HOME": "/root", "DISPLAY": ":0"])
        #expect(variables.contains("HOME=/tmp/earshot-browser-1-a/home"))
        #expect(variables.contains("TMPDIR=/tmp/earshot-browser-1-a/tmp"))
        #expect(variables.contains("LANG=ko_KR.UTF-8") && variables.contains("PATH=/usr/bin"))
        #expect(!variables.contains { $0.hasPrefix("AWS_") || $0.hasPrefix("DISPLAY=") || $0 == "HOME=/root" })
    }

    @Test("a sweep removes the box of a process that is gone, and keeps a living one's")
    func sweep() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("boxes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        // A process id no process has: past the kernel's largest.
        let gone = base.appendingPathComponent(BrowserBox.folderPrefix + "4194305-abc")
        let living = base.appendingPathComponent(BrowserBox.folderPrefix + "\(getpid())-abc")
        for folder in [gone, living] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("profile"), withIntermediateDirectories: true)
        }
        BrowserBox.sweep(in: base.path)
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        #expect(FileManager.default.fileExists(atPath: living.path))
    }
}
