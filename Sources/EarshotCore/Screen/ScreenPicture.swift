import Foundation

/// What a screen looked like: a PNG image of it, and the size of the area it shows in the units
/// of the screen's frames (CSS pixels for a web page), so that each element's frame can be drawn
/// over it. The image may have more or fewer pixels than that size (a tall page is shrunk to fit
/// the browser's largest capture); its top left corner is the frames' origin.
public struct ScreenPicture: Sendable, Equatable {
    /// The PNG file's bytes.
    public var png: Data
    /// The width and height the picture covers, in the frames' units.
    public var width: Double
    public var height: Double

    public init(png: Data, width: Double, height: Double) {
        self.png = png
        self.width = width
        self.height = height
    }

    /// Whether `data` starts as every PNG file does.
    public static func isPNG(_ data: Data) -> Bool {
        data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
