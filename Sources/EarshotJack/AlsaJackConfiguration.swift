import Foundation

/// The ALSA configuration that plays into JACK, installed once per process.
///
/// ALSA reads its configuration files once per process (and again only when the file list
/// changes), so every user in a process shares one list: ALSA's own `alsa.conf` followed by
/// scripts/alsa-jack.conf, whose `earshot_jack` PCM is a JACK client with a name chosen by the
/// caller (so its port name is known) behind a `plug` that converts mono 16-bit samples to
/// JACK's float format.
public enum AlsaJackConfiguration {
    /// Set before the first device is opened (reading it installs the list).
    public static let installed: Bool = {
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:" + JackScripts.path("alsa-jack.conf"), 1)
        return true
    }()

    /// The device name of a JACK client called `client`; its output port is `client:out_000`.
    public static func jackDevice(client: String) -> String {
        precondition(installed)
        return "earshot_jack:CLIENT=\(client)"
    }
}
