// Playback joins the core's decisions to real speech and sound; whoever uses it gets the whole
// public API of the layers below through one import.
@_exported import EarshotAudio
@_exported import EarshotBatch
@_exported import EarshotCore
@_exported import EarshotSpeech
