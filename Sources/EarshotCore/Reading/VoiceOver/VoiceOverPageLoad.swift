/// VoiceOver as a page in Safari finishes loading (docs/mobile-web.md, "A page loaded").
extension VoiceOver {
    /// The page's title when the words file says so (`pageLoad`, Earshot's choice: WebKit hands
    /// its load notification to a wrapper method the unpublished UIKit bundle overrides,
    /// `AXObjectCacheIOS.mm`, `postPlatformNotification`). The reading stays before the first
    /// stop: the first swipe says it.
    public func pageLoadedSpeech(_ page: Screen, by generator: DescriptionGenerator) -> PageLoadedSpeech? {
        guard let words = web, words.pageLoad == .title, let title = page.pageTitle else { return nil }
        return PageLoadedSpeech(SpokenDescription(parts: [SpokenPart(slot: "label", text: title)], text: title, hint: nil,
                                                  language: page.language))
    }
}
