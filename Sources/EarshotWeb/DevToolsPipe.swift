import EarshotCore
import Foundation

/// A browser started with `--remote-debugging-pipe`, spoken to over the Chrome DevTools Protocol:
/// JSON messages separated by NUL bytes, the browser reading file descriptor 3 and writing 4.
/// No WebSocket, no port: the pipes are the process's own and end with it.
///
/// Every wait has a deadline: a browser that says nothing in time is an error naming what was
/// awaited (a page that never loads is a time-out with its URL, not a hang). The browser runs in
/// a process group of its own and the group is killed when the pipe is closed, so no renderer
/// or GPU process is left behind.
final class DevToolsPipe {
    /// What the browser said that nobody has asked for yet (events, in order).
    private(set) var events: [[String: Any]] = []
    private let pid: pid_t
    private var toBrowser: Int32
    private var fromBrowser: Int32
    private var received: [UInt8] = []
    /// How much of `received` is known to hold no NUL: a large message (a page's whole tree,
    /// many megabytes) comes in many reads, and each search goes on from where the last stopped
    /// rather than from the start, which made reading a message quadratic in its size.
    private var searchedWithoutEnd = 0
    private var nextID = 0
    private var closed = false
    /// The browser's end was read (its pipe closed, or a write failed).
    private var ended = false

    /// Whether the browser may still answer: not closed here, and not seen to end.
    var isOpen: Bool { !closed && !ended }
    /// What the browser printed on its standard error, for an error message when it dies.
    private let errorLog: URL
    /// Answers an event that cannot wait (a dialog that blocks the page, a paused request) the
    /// moment it is read, whatever call is under way; true when it took the event.
    var answerAtOnce: (([String: Any]) -> Bool)?

    /// Starts `command` (an executable's path and its arguments; the pipe flag is added), in a
    /// process group of its own, with `environment` when given; `name` is the browser's, for
    /// an error message.
    init(command browser: [String], name executable: String, environment: [String]? = nil, errorLog: URL) throws {
        self.errorLog = errorLog
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw BrowserError.unavailable("cannot create the pipes to the browser (\(String(cString: strerror(errno))))")
        }
        for descriptor in [toChild[1], fromChild[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let log = try SystemCall.open(errorLog.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o600)
        defer { try? SystemCall.close(log) }

        // Standard input from /dev/null, its output into the log, the protocol on 3 and 4.
        let null = try SystemCall.open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { try? SystemCall.close(null) }
        let command = browser + ["--remote-debugging-pipe"]
        let child: pid_t
        do {
            child = try SystemCall.spawnInOwnGroup(command, descriptors: [(null, STDIN_FILENO), (log, STDOUT_FILENO), (log, STDERR_FILENO),
                                                                          (toChild[0], 3), (fromChild[1], 4)],
                                                   environment: environment)
        } catch {
            for descriptor in toChild + fromChild { try? SystemCall.close(descriptor) }
            throw BrowserError.unavailable("cannot start \(executable) (\(error.reason))")
        }
        for descriptor in [toChild[0], fromChild[1]] { try? SystemCall.close(descriptor) }
        pid = child
        toBrowser = toChild[1]
        fromBrowser = fromChild[0]
    }

    deinit { close() }

    /// Ends the browser: its process group is killed and reaped, the pipes closed.
    func close() {
        guard !closed else { return }
        closed = true
        kill(-pid, SIGKILL)
        _ = try? SystemCall.waitForExit(pid)
        try? SystemCall.close(toBrowser)
        try? SystemCall.close(fromBrowser)
    }

    /// Sends `method` with `parameters` (to the page `session`, when given) and returns the
    /// result, reading events that come first into `events`. A protocol error is thrown with
    /// the browser's message.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil,
              deadline: Date, waitingFor what: @autoclosure () -> String) throws -> [String: Any] {
        let id = try send(method, parameters, session: session)
        while true {
            let answer = try nextMessage(deadline: deadline, waitingFor: what())
            if answer["id"] as? Int == id {
                if let error = answer["error"] as? [String: Any] {
                    throw BrowserError.protocolError(method: method, message: error["message"] as? String ?? "\(error)")
                }
                return answer["result"] as? [String: Any] ?? [:]
            }
            if answer["method"] != nil { events.append(answer) }
        }
    }

    /// Sends every request at once and then reads their answers, so that the browser's round trips
    /// overlap: a key's down and up events, or the nodes a script named, each asked for its id
    /// (`DOM.describeNode`). The browser handles a domain's requests in the order they came (its
    /// key events are queued in turn), so this is for requests that need no answer before the next.
    /// Returns the results in the requests' order; a protocol error is thrown, naming its method,
    /// once every answer is read (so no answer is left to be mistaken for a later call's). Sent in
    /// parts of `batch`, so the browser's pipe never holds more than a part.
    func calls(_ requests: [(method: String, parameters: [String: Any])], session: String? = nil, batch: Int = 200,
               deadline: Date, waitingFor what: @autoclosure () -> String) throws -> [[String: Any]] {
        var results: [[String: Any]] = []
        results.reserveCapacity(requests.count)
        var failure: BrowserError?
        for start in stride(from: 0, to: requests.count, by: max(1, batch)) {
            let part = requests[start..<min(requests.count, start + max(1, batch))]
            var places: [Int: Int] = [:]
            for (offset, request) in part.enumerated() {
                places[try send(request.method, request.parameters, session: session)] = offset
            }
            var answers = [[String: Any]?](repeating: nil, count: part.count)
            var left = part.count
            while left > 0 {
                let answer = try nextMessage(deadline: deadline, waitingFor: what())
                if let id = answer["id"] as? Int, let offset = places[id] {
                    places[id] = nil
                    left -= 1
                    if let error = answer["error"] as? [String: Any], failure == nil {
                        failure = .protocolError(method: part[part.startIndex + offset].method, message: error["message"] as? String ?? "\(error)")
                    }
                    answers[offset] = answer["result"] as? [String: Any] ?? [:]
                } else if answer["method"] != nil {
                    events.append(answer)
                }
            }
            results.append(contentsOf: answers.map { $0 ?? [:] })
        }
        if let failure { throw failure }
        return results
    }

    /// Sends `method` without waiting for its answer (which is dropped when it comes); returns
    /// the message's id.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws -> Int {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        do {
            try SystemCall.writeAll(toBrowser, bytes)
        } catch {
            ended = true
            throw died(while: "sending \(method)")
        }
        return id
    }

    /// `call`, with the result decoded as `Answer` (`JSONDecoder`, which reads only the fields
    /// `Answer` names): for the large answers, a page's whole tree and its DOM snapshot, which
    /// as `[String: Any]` took some fifty times their size in memory (1.5 GB for the 26 MB tree
    /// of a page of 20,000 buttons).
    func call<Answer: Decodable>(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, decoding: Answer.Type,
                                 deadline: Date, waitingFor what: @autoclosure () -> String) throws -> Answer {
        let id = try send(method, parameters, session: session)
        while true {
            let bytes = try nextMessageBytes(deadline: deadline, waitingFor: what())
            if let answer = try? JSONDecoder().decode(TypedAnswer<Answer>.self, from: bytes), answer.id == id {
                if let error = answer.error {
                    throw BrowserError.protocolError(method: method, message: error.message ?? "error \(error.code ?? 0)")
                }
                guard let result = answer.result else {
                    throw BrowserError.unavailable("the browser's answer to \(method) has no result")
                }
                return result
            }
            let message = try parsed(bytes, while: what())
            if message["method"] != nil, let answerAtOnce, answerAtOnce(message) { continue }
            if message["id"] as? Int == id {
                if let error = message["error"] as? [String: Any] {
                    throw BrowserError.protocolError(method: method, message: error["message"] as? String ?? "\(error)")
                }
                throw BrowserError.unavailable("the browser's answer to \(method) is not what its protocol says")
            }
            if message["method"] != nil { events.append(message) }
        }
    }

    /// An answer with its result as `Result`.
    private struct TypedAnswer<Result: Decodable>: Decodable {
        struct Failure: Decodable {
            var code: Int?
            var message: String?
        }

        var id: Int?
        var result: Result?
        var error: Failure?
    }

    /// Waits for the first event (kept ones first) that `matches`, and removes it from `events`.
    func event(deadline: Date, waitingFor what: @autoclosure () -> String,
               where matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        if let index = events.firstIndex(where: matches) { return events.remove(at: index) }
        while true {
            let message = try nextMessage(deadline: deadline, waitingFor: what())
            guard message["method"] != nil else { continue }
            if matches(message) { return message }
            events.append(message)
        }
    }

    /// Reads messages (keeping their events) until `done` holds, which `answerAtOnce` makes so.
    func wait(deadline: Date, waitingFor what: @autoclosure () -> String, until done: () -> Bool) throws {
        while !done() {
            let message = try nextMessage(deadline: deadline, waitingFor: what())
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Removes and returns the events kept so far that `matches`.
    func takeEvents(where matches: ([String: Any]) -> Bool) -> [[String: Any]] {
        let taken = events.filter(matches)
        events.removeAll(where: matches)
        return taken
    }

    /// Reads what the browser has written until one whole message is there.
    /// An event `answerAtOnce` takes is answered here and not returned.
    private func nextMessage(deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            let object = try parsed(try nextMessageBytes(deadline: deadline, waitingFor: what), while: what)
            if object["method"] != nil, let answerAtOnce, answerAtOnce(object) { continue }
            return object
        }
    }

    private func parsed(_ bytes: Data, while what: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
            throw BrowserError.unavailable("the browser sent a message that is not JSON while \(what)")
        }
        return object
    }

    /// Reads what the browser has written until one whole message is there, and returns its bytes.
    private func nextMessageBytes(deadline: Date, waitingFor what: String) throws -> Data {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = received[searchedWithoutEnd...].firstIndex(of: 0) {
                let message = Data(received[..<end])
                // What follows the message is kept in a new array, so a large message's room is
                // given back rather than kept for the next small one.
                received = Array(received[(end + 1)...])
                searchedWithoutEnd = 0
                return message
            }
            searchedWithoutEnd = received.count
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw BrowserError.timeOut(what) }
            var descriptors = [pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)]
            let ready = (try? SystemCall.poll(&descriptors, milliseconds: Int32(min(left, 3600) * 1000) + 1)) ?? -1
            if ready == 0 { continue }
            let count = (try? SystemCall.read(fromBrowser, into: &buffer)) ?? -1
            guard count > 0 else {
                ended = true
                throw died(while: what)
            }
            received.append(contentsOf: buffer[..<count])
        }
    }

    /// The browser's end, with the last lines it printed.
    private func died(while what: String) -> BrowserError {
        let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        let lines = log.split(separator: "\n")
        // Chromium's fatal line says why it stopped; what follows it is the crash reporter's.
        let last = lines.last(where: { $0.contains(":FATAL:") }).map(String.init) ?? lines.suffix(3).joined(separator: " | ")
        return .unavailable("the browser ended while \(what)" + (last.isEmpty ? "" : " (it said: \(last))"))
    }
}

/// What can go wrong with the browser, as a user reads it.
public enum BrowserError: UserFacingError, Equatable {
    /// No browser to run: the message names the package that installs one.
    case notInstalled(searched: [String])
    /// The browser could not start, or ended, or said something that makes no sense.
    case unavailable(String)
    /// Nothing came in time; the text says what was awaited (with the page's URL).
    case timeOut(String)
    /// The browser refused a command.
    case protocolError(method: String, message: String)
    /// The page could not be opened (a missing file, a failed address).
    case pageFailed(url: String, reason: String)
    /// The page is at an address Earshot does not open (another host, a file outside the page's
    /// folder), given or reached by the page moving there (`from` the address given).
    case refusedAddress(url: String, from: String?)
    /// The server answered the page with an HTTP error status.
    case httpStatus(url: String, status: Int, text: String)

    public var category: ErrorCategory {
        switch self {
        case .pageFailed: .io
        default: .unavailable
        }
    }

    public var description: String {
        switch self {
        case .notInstalled(let searched):
            "error: no Chromium browser found (looked for \(searched.joined(separator: ", ")) and $EARSHOT_CHROMIUM); "
                + "web pages are read in a real browser: install it with `apt-get install chromium` "
                + "(scripts/setup.sh --web), or read a tree saved with `earshot import PAGE.html -o PAGE.axtree.json`"
        case .unavailable(let reason): "error: the browser is unavailable: \(reason)"
        case .timeOut(let what): "error: timed out \(what)"
        case .protocolError(let method, let message): "error: the browser refused \(method): \(message)"
        case .pageFailed(let url, let reason): "error: \(url): the page could not be opened: \(reason)"
        case .refusedAddress(let url, let from?):
            "error: \(from): the page went to \(url), which Earshot does not open (pages are read offline, "
                + "and a file page reads only its own folder); the browser's error page is not read"
        case .refusedAddress(let url, nil):
            "error: \(url): Earshot does not open this address (pages are read offline: another host than the page's own "
                + "is refused); save the page and read the file, or read it from a server on this machine"
        case .httpStatus(let url, let status, let text):
            "error: \(url): the server answered HTTP \(status)\(text.isEmpty ? "" : " " + text): an error page, not read as the page"
        }
    }
}
