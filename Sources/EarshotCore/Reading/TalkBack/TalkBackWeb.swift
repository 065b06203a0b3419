/// TalkBack on a web page in Chrome for Android (docs/mobile-web.md, B3 and B4): its reading
/// controls, live regions and a state changed in place.
extension TalkBack {
    /// The web reading controls (`CursorGranularity.WEB_HEADING`, `WEB_LINK`, `WEB_LIST`,
    /// `WEB_CONTROL`, `WEB_LANDMARK`), answered by Chrome's predicates
    /// (`InitSearchKeyToPredicateMapIfNeeded`): a heading, a link, the first stop inside a list
    /// or a landmark the stop before is outside of, a control (Earshot's choice for what
    /// Chrome's control predicate accepts: `WebRole`'s form fields and buttons, as NVDA's F and B
    /// find). Off a page, TalkBack's traits as VoiceOver's rotor reads them.
    public func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool {
        guard let facts = stop.talkBack, let web = facts.web else { return target.matchesTraits(of: stop) }
        let before = Set(previous?.talkBack?.webContainers ?? [])
        switch target {
        case .heading: return web.role == .heading || stop.android?.isHeading == true
        case .link: return web.role == .link
        case .formField: return web.role.isFormField || web.role.isPressable
        case .button: return web.role == .button
        case .checkBox: return web.role == .checkBox
        case .edit: return web.role.isTextEntry
        case .landmark: return facts.webLandmarks.contains { !before.contains($0) }
        case .list: return facts.webContainers.contains { !before.contains($0) && !facts.webLandmarks.contains($0) }
        case .focusable: return web.isInTabOrder
        default: return target.matchesTraits(of: stop)
        }
    }

    /// A reading control's move says the stop as a swipe does.
    public func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?,
                             by generator: DescriptionGenerator) -> SpokenDescription {
        describe(stop, after: previous, by: generator)
    }

    /// Chrome sends a live region's change as an announcement of the changed node's text
    /// (`AnnounceLiveRegionText` → `TYPE_ANNOUNCEMENT`; the node is never marked a live region,
    /// `setAccessibilityNodeInfoBaseAttributes`), and TalkBack queues an announcement
    /// (`EventTypeAnnouncementFeedbackRule`): polite, assertive and an alert alike wait their
    /// turn (Earshot's choice in `facts.liveRegions`: politeness reaches TalkBack nowhere).
    public func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech? {
        change.text.allSatisfy(\.isWhitespace) ? nil : .inTurn(change.text)
    }

    /// A region inserted already filled is announced: each named node created inside an active
    /// live region fires `LIVE_REGION_NODE_CHANGED` (`AXEventGenerator::OnAtomicUpdateFinished`,
    /// `FireLiveRegionEvents`), which Chrome announces (`facts.liveRegions.createdFilled`).
    public var saysLiveRegionsCreatedFilled: Bool { chromium?.announcesRegionsCreatedFilled ?? false }

    /// A dialog shown on a page is a pane opened (`SUBTREE_CREATED` on a dialog:
    /// `HandleDialogModalOpened`, a window-state change with `PANE_APPEARED`), whose pane title,
    /// the dialog's name, else its description, else Chromium's "dialog opened.", TalkBack speaks
    /// as a window's title before the focused node (`ScreenFeedbackManager`; docs/talkback.md,
    /// "Pane titles"). An alert dialog raises an alert instead: its description, else its text,
    /// is announced (`FireGeneratedEvent`, `ALERT`).
    public func dialogOpenedSpeech(_ dialog: AccessibilityNode, by generator: DescriptionGenerator) -> DialogOpenedSpeech? {
        guard let chromium, let web = dialog.web else { return nil }
        if web.role == .alertDialog {
            let text = nonEmpty(web.description) ?? ChromiumAndroidPage.textContent(of: dialog, web)
            return text.map { .announcement($0) }
        }
        guard chromium.dialogPaneRoles.contains(web.role.internalName) else { return nil }
        guard let title = nonEmpty(web.name) ?? nonEmpty(web.description) ?? chromium.dialogOpenedMessage.flatMap(chromium.word) else {
            return nil
        }
        return .windowTitle(title)
    }

    /// A page's control whose state changed in place (a check box clicked, a toggle pressed, a
    /// disclosure expanded): what TalkBack says for the click (`EventTypeViewClickedFeedbackRule`),
    /// its new state description, checked words or expanded word; nothing when nothing TalkBack
    /// says changed.
    public func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String? {
        guard let android = after.android, android.isWebContent else { return nil }
        let old = before.android
        guard old?.isChecked != android.isChecked || old?.stateDescription != android.stateDescription
                || old?.expansion != android.expansion else { return nil }
        let said = generator.describeTalkBackClick(before: old, after: android, language: after.language, words: words).text
        return said.isEmpty ? nil : said
    }
}

extension TalkBack {
    /// A character typed into a page (docs/mobile-web.md, "Typing under the phone readers"):
    /// Chrome sends TalkBack the field's text change, which TalkBack echoes as its keyboard echo
    /// says (`TextEventInterpreter`, `InputTextFeedbackRules`, google/talkback 26a27dc0): the
    /// character, or the word a space or mark ends (`charactersAndWords`, the default); in a
    /// password field the character when passwords are spoken and Chrome shows their text
    /// (`passwords.textShown`), else the bullet's name. The echo cuts the speech under way
    /// (`QUEUE_MODE_INTERRUPT`). Typed anywhere but an editable field, nothing changes and nothing
    /// is said. Off a page (an app's dump) typing is not played.
    public func typedCharacter(_ character: Character, after typed: String, focus: String?, in screen: Screen) -> TypedCharacterSpeech? {
        guard screen.isWebPage, let chromium else { return nil }
        guard let web = focus.flatMap({ screen.node($0)?.web }), web.takesTyping else {
            return TypedCharacterSpeech(echo: nil, interrupts: false)
        }
        let echo = words.typing.echo(character, after: typed, password: web.isPassword, shown: chromium.passwordTextShown)
        return TypedCharacterSpeech(echo: echo, interrupts: echo != nil)
    }
}
