#!/usr/bin/env bash
# Starts or stops a JACK server on the dummy backend: paced in real time like a sound card, with
# no hardware. The paced audio tests play through ALSA's `jack` PCM into it and record with jack_rec.
# Usage: scripts/jack-dummy.sh start|stop|status
set -euo pipefail
rate=22050
period=256
state_dir="${XDG_RUNTIME_DIR:-/tmp}/earshot-jack"
pidfile="$state_dir/jackd.pid"
mkdir -p "$state_dir"

running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

case "${1:-}" in
  start)
    if running; then echo "JACK dummy backend already running (pid $(cat "$pidfile"))"; exit 0; fi
    # A server started some other way serves the tests just as well; a second one would fail.
    if JACK_NO_START_SERVER=1 jack_lsp >/dev/null 2>&1; then echo "a JACK server is already running"; exit 0; fi
    export JACK_NO_AUDIO_RESERVATION=1
    # jackd outlives this script: it must not keep the caller's file descriptors open (a caller
    # waiting for a pipe to close, or Foundation's Process watching its child, would wait forever).
    (
      for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
      done
      exec nohup jackd --no-realtime -d dummy -r "$rate" -p "$period" </dev/null >"$state_dir/jackd.log" 2>&1
    ) &
    echo $! >"$pidfile"
    for _ in $(seq 1 50); do
      if jack_lsp >/dev/null 2>&1; then echo "JACK dummy backend running at $rate Hz, period $period (pid $(cat "$pidfile"))"; exit 0; fi
      sleep 0.1
    done
    echo "error: jackd did not start; log follows" >&2
    cat "$state_dir/jackd.log" >&2
    exit 69
    ;;
  stop)
    if running; then
      pid=$(cat "$pidfile")
      kill "$pid"
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      # The server this script started leaves its shared-memory registry (and the semaphores of
      # clients that were killed) in /dev/shm. They go with it, unless another JACK server of
      # this user still runs (its socket is still there): then they are that server's too.
      uid=$(id -u)
      if ! compgen -G "/dev/shm/jack_*_${uid}_*" >/dev/null && ! compgen -G "/dev/shm/jack-${uid}-*" >/dev/null; then
        rm -f /dev/shm/jack-shm-registry "/dev/shm/jack_sem.${uid}_default_"*
        rmdir "/dev/shm/jack_db-$uid" 2>/dev/null || true
      fi
    fi
    # Nothing is left behind: the server's log and the tests' lock go with it.
    rm -f "$pidfile" "$state_dir/jackd.log" "$state_dir/tests.lock"
    rmdir "$state_dir" 2>/dev/null || true
    ;;
  status)
    if running; then echo "running (pid $(cat "$pidfile"))"; else echo "not running"; exit 1; fi
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 64
    ;;
esac
