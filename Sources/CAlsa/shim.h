#ifndef EARSHOT_CALSA_SHIM_H
#define EARSHOT_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* ALSA reports some errors by printing to stderr before returning an error code. Earshot turns
   every code into a typed error with snd_strerror's message, so the printout would only repeat
   it. The handler is variadic, which Swift cannot define, hence these two C lines. */
static void earshot_alsa_ignore_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void earshot_alsa_silence_error_output(void) {
    snd_lib_error_set_handler(earshot_alsa_ignore_error);
}
#endif
