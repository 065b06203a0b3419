import Testing
@testable import EarshotPlayback
