// Audio: WAV files, the ALSA sink and earcon synthesis. The C module CAlsa is imported by
// the ALSA device wrapper alone.
import EarshotCore
