#!/usr/bin/env bash
# A bounded, seeded fuzz run of every reader a user can hand a file to (screens, dumps, Android
# dumps read by TalkBack's rules, saved web page trees read by NVDA's, scenarios, .strings, label
# lists, compare's captures, explore's command lines), with libFuzzer and AddressSanitizer from
# the Swift toolchain.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default 60, shared by the targets named, else all)
# Seeds: the samples and Tests/FuzzCorpus. A crash, trap or hang (over 10 s on one input) fails
# the run; its input is copied into Tests/FuzzCorpus/TARGET/ so the tests replay it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
targets=(screen dump page-source idb-json uiautomator scenario strings labels capture axtree explore-commands)
if [ "$#" -gt 1 ]; then targets=("${@:2}"); fi
per_target=$(( seconds / ${#targets[@]} ))
[ "$per_target" -ge 1 ] || per_target=1
out=.build/fuzz
mkdir -p "$out"

# explore's command reader, parser and key table are EarshotExplore's, and need only the core.
sources="$(find Sources/EarshotCore Sources/EarshotRender/Plan -name '*.swift' | sort) Sources/EarshotExplore/ExploreAction.swift Sources/EarshotExplore/ExploreKeys.swift Sources/EarshotExplore/CommandLineEditor.swift"
binary="$out/earshot-fuzz"
if [ ! -x "$binary" ] || [ -n "$(find Sources/EarshotCore Sources/EarshotRender/Plan Sources/EarshotExplore Tests/EarshotCoreTests/Fuzz Tests/Fuzz -name '*.swift' -newer "$binary")" ]; then
  echo "fuzz: building the fuzzer (libFuzzer + AddressSanitizer)"
  # One whole-module compile (-wmo), its code generated in two threads (-num-threads 2, the two
  # cores of CI's machine): without -wmo, swiftc -O compiled each of the core's ~200 files in a
  # frontend of its own, one after another, each parsing and type-checking the whole module again
  # (the build was ~260 s of this script's ~320). Measured on the shared 2-core machine (load 12
  # to 25): whole-module 592 s wall, 210 s of CPU; file by file, 110 of the 198 files in 9 minutes
  # at the same load before it was stopped (README, "Testing").
  # shellcheck disable=SC2086
  swiftc -O -wmo -num-threads 2 -swift-version 6 -sanitize=fuzzer,address -parse-as-library -D FUZZING -module-name EarshotCore \
    -I Sources/CCrypto -lcrypto \
    $sources Tests/EarshotCoreTests/Fuzz/FuzzTargets.swift Tests/Fuzz/FuzzEntry.swift -o "$binary"
fi

status=0
for target in "${targets[@]}"; do
  work="$out/corpus-$target"
  rm -rf "$work" "$out/crashes-$target"
  mkdir -p "$work" "$out/crashes-$target"
  cp Tests/FuzzCorpus/"$target"/* "$work"/ 2>/dev/null || true
  case "$target" in
    screen) cp samples/screens/*.json samples/lint/*.json "$work"/ ;;
    dump) cp samples/dumps/*.xml samples/dumps/formats/* samples/lint/*.xml Tests/Fixtures/android/*.xml "$work"/ ;;
    page-source) cp samples/dumps/*.xml samples/dumps/formats/*.xml samples/lint/*.xml "$work"/ ;;
    idb-json) cp samples/dumps/formats/*.idb.json "$work"/ ;;
    uiautomator) cp Tests/Fixtures/corpora/android-dumps/*.xml Tests/Fixtures/android/*.xml "$work"/ ;;
    scenario) cp samples/scenarios/*.json "$work"/ ;;
    strings) for f in Tests/Fixtures/corpora/*.strings; do [ -f "$f" ] && head -c 20000 "$f" > "$work/$(basename "$f")"; done ;;
    labels) printf '확인\n취소\n' > "$work/labels.txt"; printf 'id,label,value,traits,hint\ncart,장바구니,3개,button,담긴 상품\n' > "$work/table.csv" ;;
    capture) cp samples/compare/* "$work"/ 2>/dev/null || true ;;
    axtree) cp samples/web/*.axtree.json "$work"/ 2>/dev/null || true ;;
    explore-commands) printf 'next\nprevious\n:announce 장바구니에 담겼습니다\ntouch 120 300\nwait 0.5\nscreenChanged\nlayoutChanged card-2\naction 1\n# a comment\nq\n' > "$work/commands.txt" ;;
  esac
  log="$out/fuzz-$target.log"
  set +e
  EARSHOT_FUZZ_TARGET="$target" EARSHOT_VOICES="$PWD/voices" ASAN_OPTIONS=detect_leaks=0 \
    "$binary" "$work" -seed=1 -max_total_time="$per_target" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$out/crashes-$target/" -print_final_stats=1 >"$log" 2>&1
  result=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  echo "fuzz: $target: $runs inputs in $per_target s ($(( runs / per_target )) per second), exit $result"
  found=$(find "$out/crashes-$target" -type f | head -20)
  if [ "$result" -ne 0 ] || [ -n "$found" ]; then
    status=1
    echo "fuzz: $target: FAILED; last lines of $log:"
    tail -n 30 "$log"
    for file in $found; do
      cp "$file" "Tests/FuzzCorpus/$target/"
      echo "fuzz: $target: kept $(basename "$file") in Tests/FuzzCorpus/$target/ for the tests to replay"
    done
  fi
done
exit $status
