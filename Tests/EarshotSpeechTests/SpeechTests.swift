import Testing
@testable import EarshotSpeech
