/// TalkBack as a page in Chrome for Android finishes loading (docs/mobile-web.md, "A page
/// loaded").
extension TalkBack {
    /// Chrome moves accessibility focus to the focused node when the main frame's load completes
    /// (`BrowserAccessibilityManagerAndroid::FireGeneratedEvent`, `LOAD_COMPLETE` on the root
    /// manager → `WebContentsAccessibilityImpl.handlePageLoaded`: not in a WebView, nor once the
    /// user has explored by touch), and TalkBack speaks that focus as any other. With no element
    /// focused that node is the document: its text is its name alone, the title
    /// (`GetSubstringTextContentUTF16` does not gather a platform document's contents), its class
    /// `android.webkit.WebView` and no role description, so TalkBack says its own role word for
    /// it after its focus sound. A page that focuses an element on load is followed as the
    /// browser's focus is (not said here).
    public func pageLoadedSpeech(_ page: Screen, by generator: DescriptionGenerator) -> PageLoadedSpeech? {
        guard let chromium, let document = page.roots.first, let web = document.web, web.role.isDocument,
              page.browserFocusID == nil, let title = page.pageTitle else { return nil }
        var android = document.android ?? AndroidView(className: chromium.rootClassName)
        android.className = chromium.rootClassName
        android.text = title
        android.roleDescription = nil
        android.isWebContent = true
        let parts = TalkBackDescription.parts(of: android, label: TalkBackDescription.label(of: android, words: words), words: words)
        let text = parts.map(\.text).joined(separator: words.separator)
        return PageLoadedSpeech(SpokenDescription(parts: parts, text: text, hint: nil, language: page.language), sound: .other)
    }
}
