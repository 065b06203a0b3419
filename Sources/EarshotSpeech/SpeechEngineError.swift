import EarshotCore

/// What can go wrong in the speech engine, each with a message a user can act on.
public enum SpeechEngineError: UserFacingError, Equatable {
    /// The given eSpeak NG data folder has no `phontab`, neither itself nor in `espeak-ng-data/`.
    case dataNotFound(path: String)
    /// eSpeak NG could not load its data; `message` is eSpeak's, naming the file when it can.
    case initializationFailed(code: Int, message: String)
    /// eSpeak NG has no voice by that name; `suggestion` is the nearest one it has.
    case unknownVoice(name: String, suggestion: String?)
    /// eSpeak NG already runs with other data in this process and cannot switch.
    case dataFolderConflict(requested: String, inUse: String)
    /// A speech setting outside eSpeak NG's range.
    case invalidSetting(name: String, value: Int, valid: ClosedRange<Int>)
    /// An eSpeak NG call failed after initialisation.
    case engineFailure(operation: String, code: Int, message: String)

    public var category: ErrorCategory {
        switch self {
        case .invalidSetting: .badData
        case .dataNotFound, .dataFolderConflict, .initializationFailed, .unknownVoice, .engineFailure: .unavailable
        }
    }

    public var description: String {
        switch self {
        case let .dataNotFound(path):
            return "error: no eSpeak NG data at \(path): expected \(path)/phontab or \(path)/espeak-ng-data/phontab "
                + "(install the espeak-ng-data package, or give the folder that holds phontab)"
        case let .dataFolderConflict(requested, inUse):
            return "error: eSpeak NG already runs with the data in \(inUse) and cannot switch to \(requested) "
                + "in the same process (use one data folder per process)"
        case let .initializationFailed(code, message):
            return "error: eSpeak NG could not start: \(message) (status 0x\(String(code, radix: 16)))"
        case let .unknownVoice(name, suggestion):
            let hint = NameSuggestion.didYouMean(suggestion)
            return "error: eSpeak NG has no voice \"\(name)\"\(hint) (`espeak-ng --voices` lists the voices; "
                + "set engine.voice in the voice profile)"
        case let .invalidSetting(name, value, valid):
            return "error: engine setting \"\(name)\" must be from \(valid.lowerBound) to \(valid.upperBound), found \(value)"
        case let .engineFailure(operation, code, message):
            return "error: eSpeak NG failed to \(operation): \(message) (status 0x\(String(code, radix: 16)))"
        }
    }
}
