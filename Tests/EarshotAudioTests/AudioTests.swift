import Testing
@testable import EarshotAudio
