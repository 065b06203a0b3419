// eSpeak NG speech: the engine owner, its errors and settings. The C module CEspeakNG is
// imported by SpeechEngine.swift alone.
import EarshotCore
