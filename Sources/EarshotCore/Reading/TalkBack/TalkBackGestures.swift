/// What each gesture is called under TalkBack, from its default gesture assignments
/// (google/talkback 26a27dc0, `res/values/donottranslate.xml`, the `pref_shortcut_*_default`
/// values; the actions' names from `res/values/strings.xml`):
/// - a jump is a swipe down or up with a reading control chosen (TalkBack names its web controls
///   Headings, Links, Lists, Controls and Landmarks: `CursorGranularity`);
/// - `escape` is Back, a swipe down then left (`pref_shortcut_down_and_left_default`);
/// - `scroll` is a two-finger swipe (`pref_shortcut_2finger_swipe_*_default`: scroll up, down,
///   left, right);
/// - reading from the focused item is a two-finger triple tap
///   (`pref_shortcut_2finger_3tap_default`: read from current);
/// - "Focus on first item on screen", "Focus on last item on screen" and "Read from top" have no
///   gesture by default (no `pref_shortcut_*_default` names them, and "Read from top" is not in
///   the TalkBack menu by default: `pref_show_context_menu_read_from_top_default` is false): the
///   transcript names the action and says so;
/// - the others (swipe right and left, double tap, touch) are VoiceOver's names too.
extension TalkBack {
    public func gestureName(_ gesture: ScenarioGesture) -> String? {
        switch gesture {
        case .jump(let target, let forward):
            let control: String
            switch target {
            case .heading: control = "headings"
            case .link: control = "links"
            case .list: control = "lists"
            case .formField: control = "controls"
            case .landmark: control = "landmarks"
            default: control = target.rotorName
            }
            return "reading control \(control), swipe \(forward ? "down" : "up")"
        case .first: return "focus on first item (no gesture by default)"
        case .last: return "focus on last item (no gesture by default)"
        case .escape: return "back (swipe down then left)"
        case .scroll(let direction, _): return "two-finger swipe \(direction.rawValue)"
        case .readAll(let fromTop): return fromTop ? "read from top (no gesture by default)" : "two-finger triple tap"
        default: return nil
        }
    }
}
