/// Recognises text that is an image file or asset name rather than words for people:
/// `icon_cart.png`, `img_0234`, `IMG_0234`, `ic-heart-filled`, `btnClose`, `star@2x`.
///
/// A heuristic, tuned to stay quiet on real words: the text must be one ASCII token without
/// spaces, and then any of
/// - an image or document extension (`.png`, `.jpg`, `.jpeg`, `.gif`, `.svg`, `.pdf`, `.webp`,
///   `.heic`, `.heif`, `.tif`, `.tiff`, `.bmp`, `.ico`);
/// - an `@2x` / `@3x` scale suffix;
/// - snake case: an underscore between letters or digits (people do not write underscores);
/// - lower-case kebab case with two or more hyphens or with digits (`ic-heart-filled`,
///   `img-0234`), or starting with an asset prefix (`ic-cart`); `e-mail`, `check-in` and
///   `Wi-Fi` stay quiet;
/// - an asset prefix (`ic`, `icon`, `img`, `image`, `btn`, `button`, `bg`, `asset`, `logo`,
///   `thumb`) glued to digits or a capital (`img0234`, `iconCart`).
enum AssetNamePattern {
    static let extensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "pdf", "webp", "heic", "heif", "tif", "tiff", "bmp", "ico",
    ]
    static let prefixes = ["icon", "ic", "image", "img", "button", "btn", "bg", "asset", "logo", "thumb"]

    /// Words an icon set puts at the end of a name to say which variant it is (`visibility off`,
    /// `heart filled`, `arrow 24`).
    static let variantWords: Set<String> = [
        "off", "on", "fill", "filled", "outline", "outlined", "line", "solid", "small", "large", "normal", "pressed",
        "selected", "disabled", "active", "inactive", "default", "round", "rounded", "sharp",
    ]
    /// Namespaces asset catalogues put first (`common visibility off`).
    static let namespaceWords: Set<String> = ["common", "ic", "icon", "icons", "img", "image", "btn", "asset", "assets", "bg", "ico"]

    /// An asset name read with its separators turned into spaces, as UIKit does for an image
    /// button without a label (`common_visibility_off` is heard as "common visibility off"): two
    /// or more lower-case ASCII words, the first a namespace (`common`, `ic`, `icon`, `img`...), or
    /// three or more ending in a variant word (`off`, `filled`, `outline`) or a size (`24`).
    /// Only asked for images and buttons, whose labels people write capitalised or in Korean.
    static func looksLikeSpacedAssetName(_ text: String) -> Bool {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 2, words.allSatisfy({ word in
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
        }) else { return false }
        if namespaceWords.contains(String(words[0])) { return true }
        guard words.count >= 3, let last = words.last else { return false }
        return variantWords.contains(String(last)) || last.allSatisfy(\.isNumber)
    }

    static func looksLikeFileName(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 3,
              characters.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return false }
        if hasExtension(text) || text.contains("@2x") || text.contains("@3x") { return true }
        if isSnakeCase(characters) { return true }
        if isAssetKebabCase(text, characters) { return true }
        return hasGluedPrefix(text)
    }

    private static func hasExtension(_ text: String) -> Bool {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex else { return false }
        return extensions.contains(text[text.index(after: dot)...].lowercased())
    }

    private static func isSnakeCase(_ characters: [Character]) -> Bool {
        characters.indices.dropFirst().dropLast().contains { index in
            characters[index] == "_" && isAlphanumeric(characters[index - 1]) && isAlphanumeric(characters[index + 1])
        }
    }

    private static func isAssetKebabCase(_ text: String, _ characters: [Character]) -> Bool {
        let hyphens = characters.filter { $0 == "-" }.count
        guard hyphens > 0, !characters.contains(where: \.isUppercase),
              characters.first.map(isAlphanumeric) == true, characters.last.map(isAlphanumeric) == true,
              characters.allSatisfy({ isAlphanumeric($0) || $0 == "-" }) else { return false }
        if hyphens >= 2 || characters.contains(where: \.isNumber) { return true }
        return prefixes.contains { text.hasPrefix($0 + "-") }
    }

    private static func hasGluedPrefix(_ text: String) -> Bool {
        for prefix in prefixes where text.hasPrefix(prefix) && text.count > prefix.count {
            let next = text[text.index(text.startIndex, offsetBy: prefix.count)]
            if next.isNumber || next.isUppercase { return true }
        }
        return false
    }

    private static func isAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}
