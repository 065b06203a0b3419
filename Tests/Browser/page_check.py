#!/usr/bin/env python3
"""Measures facts about one of Earshot's generated report pages in headless Chromium.

The Swift tests run this script and assert on what it prints, so it only measures: it never
decides whether a page is good. Each run opens one page from disk (file://, no network),
runs one command, and prints ONE JSON object on standard output.

OVERVIEW: page_check.py COMMAND PAGE.html [options]

COMMANDS:
  timeline PAGE [--activate N]   the timeline's bars; with --activate, seek by Enter, Space and click
  audio PAGE                     the audio element: error, duration, playback, caption cues
  stops PAGE [--screen NAME]     the screen drawings' stops; focuses the first stop by Tab
  index PAGE [--search TEXT]     the render index: rows, search timing, sorting
  axe PAGE                       axe-core's accessibility violations
  screenshot PAGE OUT.png [--width PX]  a full-page screenshot and its grayscale pixel variance
  hostile PAGE                   scripts that ran from the page's text, and links to a scheme
  layout PAGE --width PX         at a viewport PX CSS pixels wide: sideways scrolling, play
                                 controls in view, timeline labels inside their bars, overlaps

Every result also carries "pageErrors" (uncaught script errors and failed loads the browser
logged) and "externalRequests" (resources fetched from anywhere but data:, blob: or file:),
so a test can assert the page is quiet and self-contained.

Exit status: 0 when the facts were measured; 64 for a usage error; 66 when the page file is
missing; 65 when the page lacks an element of the contract; 69 when the browser or its driver
cannot be started or the page cannot be loaded. The reason is on standard error.
"""

import argparse
import base64
import importlib.util
import io
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.common.exceptions import WebDriverException
except ImportError:  # reported with a clear message when a command starts the browser
    webdriver = None
    WebDriverException = Exception  # never raised without selenium
try:
    from PIL import Image, ImageStat
except ImportError:  # only `screenshot` needs it
    Image = None

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# Flags for a fast, quiet, offline start. Autoplay without a user gesture lets `audio` call
# play(); --mute-audio keeps a developer's speakers quiet (playback still advances).
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",  # needed as root
    "--disable-dev-shm-usage",
    "--autoplay-policy=no-user-gesture-required",
    "--mute-audio",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
    # A short window, so a full-page screenshot is as tall as the page and no taller.
    "--window-size=1280,720",
    # Any host name fails to resolve, so a page that reaches for the network shows it.
    "--host-resolver-rules=MAP * ~NOTFOUND",
]

EX_USAGE, EX_DATAERR, EX_NOINPUT, EX_UNAVAILABLE = 64, 65, 66, 69


class CheckError(Exception):
    """A reason the facts could not be measured, with the exit status that names its kind."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


# --- The browser ---------------------------------------------------------------------------


SCRATCH = tempfile.mkdtemp(prefix="earshot-chromium-")


def start_browser():
    """Starts headless Chromium through chromedriver, or explains why it cannot."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            raise CheckError(f"{path} is missing: install the Debian package {package} "
                             "(scripts/setup.sh does)", EX_UNAVAILABLE)
    if webdriver is None:
        raise CheckError("selenium is not installed: run scripts/test-python.sh and use "
                         ".build/test-python/bin/python3", EX_UNAVAILABLE)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    # Keep the browser's console so script errors can be reported.
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    try:
        # The browser's profile and the files it leaves in the temporary folder go into a
        # folder of this run's own, removed when the script ends (`quit_browser`).
        options.add_argument(f"--user-data-dir={SCRATCH}/profile")
        environment = dict(os.environ, TMPDIR=SCRATCH)
        return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER, env=environment))
    except Exception as error:  # selenium raises several kinds; all mean "no browser"
        raise CheckError(f"cannot start {CHROMIUM} through {CHROMEDRIVER}: "
                         f"{first_line(error)}", EX_UNAVAILABLE)


def open_page(driver, page):
    """Loads the page from disk and waits until its document has finished loading."""
    url = page.resolve().as_uri()
    try:
        driver.get(url)
    except Exception as error:
        raise CheckError(f"{page}: the page did not load: {first_line(error)}", EX_UNAVAILABLE)
    # A page Chromium could not show is replaced by its own error page, at another URL.
    if not driver.current_url.startswith("file://"):
        raise CheckError(f"{page}: the page did not load (browser shows {driver.current_url})",
                         EX_UNAVAILABLE)
    wait_for(driver, "return document.readyState === 'complete'", 5.0)


def wait_for(driver, script, timeout, *args):
    """Runs the script until it returns something truthy or the timeout passes; returns the last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(script, *args)
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(0.02)


def require(driver, page, selector, description):
    """Returns the first element matching the selector, or stops: the page breaks the contract."""
    found = driver.find_elements(By.CSS_SELECTOR, selector)
    if not found:
        raise CheckError(f"{page}: no {description} ({selector}) on the page", EX_DATAERR)
    return found[0]


def page_health(driver):
    """The browser's logged errors and any resource fetched from outside the page itself."""
    errors = [entry["message"] for entry in driver.get_log("browser")]
    external = driver.execute_script("""
        return performance.getEntriesByType("resource").map((entry) => entry.name)
            .filter((name) => !/^(data|blob|file):/.test(name));
    """)
    return {"pageErrors": errors, "externalRequests": external}


def first_line(error):
    text = str(getattr(error, "msg", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


# --- Commands ------------------------------------------------------------------------------

# The audio element's state; an unknown duration (NaN) or a stream's (Infinity) reads as null.
AUDIO_STATE = """
    const audio = document.getElementById("report-audio");
    const finite = (value) => Number.isFinite(value) ? value : null;
    return {error: audio.error ? audio.error.code : null, duration: finite(audio.duration),
            readyState: audio.readyState};
"""


def wait_for_audio_metadata(driver):
    """Waits up to 3 s for the audio's duration to be known (or for it to fail)."""
    wait_for(driver, """
        const audio = document.getElementById("report-audio");
        return audio.readyState >= 1 || audio.error !== null;
    """, 3.0)


def check_timeline(driver, page, args):
    require(driver, page, "svg#timeline", "timeline")
    bars = driver.execute_script("""
        const number = (text) => (text === null || text.trim() === "") ? null : parseFloat(text);
        return Array.from(document.querySelectorAll("#timeline .bar")).map((bar) => {
            const label = bar.querySelector(".bar-label");
            let visible = false;
            if (label) {
                const box = label.getBoundingClientRect();
                const style = getComputedStyle(label);
                visible = box.width > 0 && box.height > 0 && style.visibility !== "hidden"
                    && style.display !== "none" && parseFloat(style.opacity) > 0;
            }
            return {
                start: number(bar.getAttribute("data-start")),
                end: number(bar.getAttribute("data-end")),
                fate: bar.getAttribute("data-fate"),
                kind: bar.getAttribute("data-kind"),
                text: label ? label.textContent.replace(/\\s+/g, " ").trim() : null,
                labelVisible: visible,
                ariaLabel: bar.getAttribute("aria-label"),
            };
        });
    """)
    for bar in bars:
        bar["start"], bar["end"] = seconds(bar["start"]), seconds(bar["end"])
    result = {"bars": bars}
    if args.activate is not None:
        result.update(activate_bar(driver, page, args.activate, len(bars)))
    return result


def activate_bar(driver, page, index, count):
    """Seeks by the Nth bar three ways (Enter, Space, click), from currentTime 0 each time."""
    if not 0 <= index < count:
        raise CheckError(f"--activate {index}: the timeline has {count} bars (0 to {count - 1})",
                         EX_USAGE)
    require(driver, page, "audio#report-audio", "audio element")
    wait_for_audio_metadata(driver)
    bar = driver.find_elements(By.CSS_SELECTOR, "#timeline .bar")[index]
    reset = "document.getElementById('report-audio').currentTime = 0;"
    # A page may seek a frame later; wait up to 0.5 s for the position to move from 0.
    moved = "return document.getElementById('report-audio').currentTime !== 0;"
    read = "return document.getElementById('report-audio').currentTime;"

    def seek_by(action):
        driver.execute_script(reset)
        action()
        wait_for(driver, moved, 0.5)
        return seconds(driver.execute_script(read))

    # send_keys focuses the bar first, as Tab would, then types into it.
    enter_time = seek_by(lambda: bar.send_keys(Keys.ENTER))
    focused = driver.execute_script("return document.activeElement === arguments[0];", bar)
    space_time = seek_by(lambda: bar.send_keys(Keys.SPACE))
    click_time = seek_by(bar.click)
    return {"activated": index, "focused": focused, "currentTime": enter_time,
            "enterTime": enter_time, "spaceTime": space_time, "clickTime": click_time}


def check_audio(driver, page, args):
    require(driver, page, "audio#report-audio", "audio element")
    wait_for_audio_metadata(driver)
    state = driver.execute_script(AUDIO_STATE)
    # Playing needs --autoplay-policy=no-user-gesture-required (no user gesture here).
    playback = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const audio = document.getElementById("report-audio");
        const started = performance.now();
        audio.play().then(() => {
            const poll = () => {
                if (audio.currentTime > 0.2 || performance.now() - started > 3000) {
                    audio.pause();
                    done({played: audio.currentTime > 0.2, playError: null,
                          playedTo: audio.currentTime});
                } else {
                    setTimeout(poll, 20);
                }
            };
            poll();
        }).catch((error) => done({played: false, playError: String(error), playedTo: null}));
    """)
    # Cues load only once the track is not "disabled"; "hidden" loads them without drawing.
    # The mode is reported as the page left it, so a test can see whether `default` worked.
    track_mode = driver.execute_script("""
        const track = document.getElementById("report-audio").textTracks[0];
        if (!track) return null;
        const mode = track.mode;
        if (mode === "disabled") track.mode = "hidden";
        return mode;
    """)
    cue_script = """
        const audio = document.getElementById("report-audio");
        const track = audio.textTracks[0];
        const element = audio.querySelector("track");
        return {trackCount: audio.textTracks.length,
                trackReadyState: element ? element.readyState : null,
                cues: track && track.cues ? track.cues.length : 0,
                firstCueText: track && track.cues && track.cues.length ? track.cues[0].text : null};
    """
    wait_for(driver, "const c = (function () {" + cue_script + "})(); return c.cues > 0 "
             "|| c.trackCount === 0 || c.trackReadyState === 3;", 3.0)
    cues = driver.execute_script(cue_script)
    state["duration"] = seconds(state["duration"])
    playback["playedTo"] = seconds(playback["playedTo"])
    return {**state, **playback, "trackMode": track_mode, **cues}


def check_stops(driver, page, args):
    require(driver, page, "svg.screen-drawing", "screen drawing")
    screens = driver.execute_script("""
        const wanted = arguments[0];
        return Array.from(document.querySelectorAll("svg.screen-drawing"))
            .filter((svg) => wanted === null || svg.getAttribute("data-screen") === wanted)
            .map((svg) => ({
                screen: svg.getAttribute("data-screen"),
                stops: Array.from(svg.querySelectorAll(".stop")).map((stop) => {
                    const number = stop.querySelector(".stop-number");
                    const index = stop.getAttribute("data-index");
                    return {index: index === null ? null : parseInt(index, 10),
                            number: number ? number.textContent.trim() : null,
                            id: stop.getAttribute("data-id"),
                            label: stop.getAttribute("aria-label")};
                }),
                picture: (() => {
                    // A screenshot under the drawing: the img beside the svg in its frame.
                    const frame = svg.closest(".picture-frame");
                    const img = frame ? frame.querySelector("img.screenshot") : null;
                    if (!img) return null;
                    const box = img.getBoundingClientRect(), over = svg.getBoundingClientRect();
                    const inside = Array.from(svg.querySelectorAll(".stop circle")).filter((circle) => {
                        const c = circle.getBoundingClientRect();
                        const x = c.left + c.width / 2, y = c.top + c.height / 2;
                        return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
                    }).length;
                    return {alt: img.getAttribute("alt"), complete: img.complete,
                            naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
                            shownWidth: box.width, shownHeight: box.height,
                            overlayWidth: over.width, overlayHeight: over.height,
                            markersInside: inside};
                })(),
            }));
    """, args.screen)
    if args.screen is not None and not screens:
        raise CheckError(f"{page}: no screen drawing with data-screen=\"{args.screen}\"",
                         EX_DATAERR)
    result = {"screens": screens, "focus": None}
    if not screens or not screens[0]["stops"]:
        return result
    # Reach the first stop by Tab: focus it, step back with Shift+Tab, and Tab forward again.
    # That proves the stop is in the page's tab order without tabbing through everything
    # before it.
    screen = screens[0]["screen"]
    stop = driver.find_elements(
        By.CSS_SELECTOR, f'svg.screen-drawing[data-screen="{css_string(screen)}"] .stop')[0]
    # #stop-said is emptied just before the last Tab, so what it shows afterwards was written
    # by that focus.
    driver.execute_script("arguments[0].focus();", stop)
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    driver.execute_script("""
        const said = document.getElementById("stop-said");
        if (said) said.textContent = "";
    """)
    ActionChains(driver).send_keys(Keys.TAB).perform()
    reached = driver.execute_script("return document.activeElement === arguments[0];", stop)
    if not reached:
        driver.execute_script("arguments[0].focus();", stop)
    said = wait_for(driver, """
        const said = document.getElementById("stop-said");
        return said ? said.textContent.trim() : null;
    """, 1.0)
    if said is None:
        raise CheckError(f"{page}: no element with id stop-said", EX_DATAERR)
    result["focus"] = {"screen": screen, "index": screens[0]["stops"][0]["index"],
                       "reachedByTab": reached, "said": said}
    return result


def check_index(driver, page, args):
    require(driver, page, "table#render-table", "render table")
    count_rows = """
        const rows = Array.from(document.querySelectorAll("tr.render-row"));
        const visible = rows.filter((row) => !row.hidden && getComputedStyle(row).display !== "none");
        const count = document.getElementById("render-count");
        return {rows: rows.length, visible: visible.length,
                countText: count ? count.textContent.trim() : null};
    """
    result = driver.execute_script(count_rows)
    if args.search is not None:
        require(driver, page, "input#render-search", "search field")
        # The page filters synchronously in its input handler, so one script can time it.
        search_ms = driver.execute_script("""
            const field = document.getElementById("render-search");
            const started = performance.now();
            field.value = arguments[0];
            field.dispatchEvent(new Event("input", {bubbles: true}));
            return performance.now() - started;
        """, args.search)
        after = driver.execute_script(count_rows)
        # Chromium's clock has 0.1 ms resolution on a page that is not cross-origin isolated.
        result.update({"search": args.search, "visibleAfter": after["visible"],
                       "searchMs": round(search_ms, 1), "countTextAfter": after["countText"]})
    result["sort"] = sort_by_first_header(driver)
    return result


def sort_by_first_header(driver):
    """Clicks the first sortable header and reports whether the rows moved."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "th button[data-sort]")
    if not buttons:
        return None
    order = """return Array.from(document.querySelectorAll("tr.render-row"))
                   .map((row) => row.textContent.replace(/\\s+/g, " ").trim());"""
    before = driver.execute_script(order)
    button = buttons[0]
    button.click()
    after = driver.execute_script(order)
    aria_sort = driver.execute_script(
        "return arguments[0].closest('th').getAttribute('aria-sort');", button)
    return {"key": button.get_attribute("data-sort"), "orderChanged": before != after,
            "ariaSort": aria_sort}


def check_axe(driver, page, args):
    script = axe_script()
    driver.set_script_timeout(30)
    driver.execute_script(script.read_text(encoding="utf-8"))
    results = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ["violations"]})
            .then((results) => done({version: axe.version, violations: results.violations}))
            .catch((error) => done({error: String(error)}));
    """)
    if "error" in results:
        raise CheckError(f"{page}: axe-core failed: {results['error']}", EX_UNAVAILABLE)
    violations = [{"id": v["id"], "impact": v["impact"], "help": v["help"],
                   "nodes": len(v["nodes"]),
                   "targets": [" ".join(map(str, n["target"])) for n in v["nodes"][:3]]}
                  for v in results["violations"]]
    return {"axeVersion": results["version"], "violations": violations}


# Where axe-core's axe.min.js comes from, newest engine first. axe-core-python ships
# axe-core 4.4.3; axe-selenium-python 2.1.6 (its last release for Python 3.11) ships 3.1.1,
# from 2018, which lacks newer rules such as aria-command-name. Neither package is imported:
# the script only reads their file.
AXE_SCRIPTS = [
    ("axe_core_python", "axe.min.js"),
    ("axe_selenium_python", "node_modules/axe-core/axe.min.js"),
]


def axe_script():
    """The newest axe.min.js that an installed package ships."""
    for package, name in AXE_SCRIPTS:
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            path = Path(list(spec.submodule_search_locations)[0]) / name
            if path.is_file():
                return path
    raise CheckError("no axe-core script: install axe-core-python or axe-selenium-python "
                     "(scripts/test-python.sh does)", EX_UNAVAILABLE)


def check_screenshot(driver, page, args):
    if Image is None:
        raise CheckError("Pillow is not installed: run scripts/test-python.sh", EX_UNAVAILABLE)
    # Capture the whole page, past the window, at its laid-out size (1280 CSS pixels wide).
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    width, height = args.width or 1280, max(1, min(int(size["height"] + 0.5), 16384))
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
    })
    png = base64.b64decode(shot["data"])
    out = Path(args.out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    image = Image.open(io.BytesIO(png))
    variance = ImageStat.Stat(image.convert("L")).var[0]
    return {"path": str(out), "width": image.width, "height": image.height,
            "variance": round(variance, 3)}


def seconds(value):
    """A time as a JSON float (JavaScript hands whole numbers over as integers), or None."""
    return None if value is None else float(value)


# Installed before the page's own scripts: every dialog an injected payload would open is
# recorded instead (the hostile names call alert, confirm or prompt).
HOSTILE_HOOK = """
    window.__earshotRuns = [];
    for (const name of ["alert", "confirm", "prompt", "print"]) {
        window[name] = function (...args) { window.__earshotRuns.push(name + "(" + args.join(",") + ")"); };
    }
"""

# Every attribute that holds a URL, resolved against the page: anything but file:, data:,
# blob: (and about:blank) is a link to a scheme the page should never carry.
SCHEME_LINKS = """
    const found = [];
    const names = ["href", "src", "data-src", "action", "formaction", "xlink:href", "poster", "srcset"];
    for (const element of document.querySelectorAll("*")) {
        for (const name of names) {
            const value = element.getAttribute(name);
            if (value === null) continue;
            let protocol;
            try { protocol = new URL(value, document.baseURI).protocol; } catch (error) { protocol = "unparsable"; }
            if (!["file:", "data:", "blob:"].includes(protocol) && value !== "about:blank") {
                found.push({element: element.tagName.toLowerCase(), attribute: name, value: value.slice(0, 200), protocol});
            }
        }
    }
    return found;
"""


def check_hostile(driver, page, args):
    """Focuses every focusable element and plays nothing; reports what an injected payload did."""
    driver.execute_script("""
        for (const element of document.querySelectorAll("[tabindex], a, button, input")) { element.focus(); }
    """)
    time.sleep(0.2)
    injected = driver.execute_script("""
        return Array.from(document.querySelectorAll("*")).filter((element) =>
            Array.from(element.attributes).some((attribute) => /^on/i.test(attribute.name))
        ).map((element) => element.outerHTML.slice(0, 200));
    """)
    return {
        "scriptRuns": driver.execute_script("return window.__earshotRuns || null"),
        "schemeLinks": driver.execute_script(SCHEME_LINKS),
        "eventAttributes": injected,
        "scripts": driver.execute_script("return document.scripts.length"),
    }


# Measured in the page at the emulated width. An element "escapes" when it reaches past the
# viewport and no ancestor clips or scrolls it; a control is "in view" when the page's layout
# puts it inside the viewport horizontally and, inside a box that scrolls sideways, inside that
# box's visible part (so it is reachable without scrolling the document or the box sideways).
LAYOUT = r"""
const width = document.documentElement.clientWidth;
function describe(element) {
    let name = element.tagName.toLowerCase();
    if (element.id) { name += "#" + element.id; }
    const cls = element.getAttribute("class");
    if (cls) { name += "." + cls.trim().split(/\s+/).join("."); }
    return name;
}
function clipper(element) {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === "auto" || overflow === "scroll" || overflow === "hidden" || overflow === "clip") { return parent; }
    }
    return null;
}
const escaping = [];
for (const element of document.body.querySelectorAll("*")) {
    if (element.closest("svg") && element.tagName.toLowerCase() !== "svg") { continue; }
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) { continue; }
    if (getComputedStyle(element).position === "absolute" && box.right < 0) { continue; }  // a skip link off screen
    if (box.right > width + 0.5 && !clipper(element)) { escaping.push({element: describe(element), right: Math.round(box.right)}); }
}
const controls = [];
for (const element of document.querySelectorAll("audio#report-audio, button.play")) {
    const box = element.getBoundingClientRect();
    let left = 0, right = width;
    const box2 = clipper(element);
    if (box2) { const b = box2.getBoundingClientRect(); left = Math.max(left, b.left); right = Math.min(right, b.right); }
    controls.push({element: describe(element), left: Math.round(box.left), right: Math.round(box.right),
                   inView: box.width > 0 && box.left >= left - 0.5 && box.right <= right + 0.5});
}
// Timeline labels in the drawing's own coordinates: each bar's label inside its rectangle.
const labels = [];
for (const bar of document.querySelectorAll("#timeline .bar")) {
    const rect = bar.querySelector("rect").getBBox();
    const text = bar.querySelector("text.bar-label");
    const shown = text ? text.textContent : "";
    const box = text && shown !== "" ? text.getBBox() : null;
    labels.push({text: shown, dataFull: text ? text.getAttribute("data-full") : null, full: bar.getAttribute("aria-label"), title: (bar.querySelector("title") || {}).textContent || "",
                 inside: box === null || (box.x >= rect.x - 0.5 && box.x + box.width <= rect.x + rect.width + 0.5
                                          && box.y >= rect.y - 0.5 && box.y + box.height <= rect.y + rect.height + 0.5),
                 barWidth: Math.round(rect.width * 10) / 10, labelWidth: box ? Math.round(box.width * 10) / 10 : 0});
}
// Every text drawn on the timeline (bar labels, marker labels, row names, the axis): pairs whose boxes overlap.
const texts = Array.from(document.querySelectorAll("#timeline text")).filter((t) => t.textContent !== "").map((t) => {
    const b = t.getBBox(); return {text: t.textContent, x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height};
});
const overlaps = [];
for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i], c = texts[j];
        const w = Math.min(a.r, c.r) - Math.max(a.x, c.x), h = Math.min(a.b, c.b) - Math.max(a.y, c.y);
        if (w > 0.5 && h > 0.5) { overlaps.push([a.text, c.text]); }
    }
}
// Texts crossed by another group's outline or line (a bar's rectangle, a marker's line): the
// line would cut through its letters. The axis's light grid lines are left out.
const shapes = Array.from(document.querySelectorAll("#timeline .bar rect, #timeline .marker line")).map((shape) => {
    const b = shape.getBBox(); return {group: shape.parentNode, x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height};
});
const crossings = [];
for (const t of document.querySelectorAll("#timeline .bar text, #timeline .marker text, #timeline .rowname")) {
    if (t.textContent === "") { continue; }
    const a = t.getBBox();
    for (const shape of shapes) {
        if (shape.group === t.parentNode) { continue; }
        const w = Math.min(a.x + a.width, shape.r) - Math.max(a.x, shape.x), h = Math.min(a.y + a.height, shape.b) - Math.max(a.y, shape.y);
        if (w >= 0 && h >= 0 && (w > 0.5 || shape.r - shape.x < 0.5) && (h > 0.5 || shape.b - shape.y < 0.5)) {
            crossings.push(t.textContent); break;
        }
    }
}
// Focusing the first bar whose label was shortened: what the page then shows of it.
let focusShows = null, focusBar = null;
const cut = Array.from(document.querySelectorAll("#timeline .bar")).find((bar) => {
    const text = bar.querySelector("text.bar-label"); return text && text.hasAttribute("data-full");
});
if (cut) {
    cut.focus();
    focusBar = cut.getAttribute("aria-label");
    const shown = document.getElementById("bar-said");
    focusShows = shown ? shown.textContent : null;
}
return {focusShows: focusShows, focusBar: focusBar, crossings: crossings.slice(0, 20), crossingCount: crossings.length, viewportWidth: width, scrollWidth: document.documentElement.scrollWidth,
        bodyScrollWidth: document.body.scrollWidth, escaping: escaping.slice(0, 20), escapingCount: escaping.length,
        controls: controls, labels: labels, overlaps: overlaps.slice(0, 20), overlapCount: overlaps.length};
"""


def emulate_width(driver, width):
    """Lays the page out as a device `width` CSS pixels wide: a phone below 800 (the page's
    viewport meta applies, as on a phone), a desktop window at and above."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 800,
    })


def check_layout(driver, page, args):
    facts = driver.execute_script(LAYOUT)
    facts["width"] = args.width
    facts["horizontalScroll"] = facts["scrollWidth"] > facts["viewportWidth"]
    return facts


def css_string(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


COMMANDS = {
    "timeline": check_timeline,
    "audio": check_audio,
    "stops": check_stops,
    "index": check_index,
    "axe": check_axe,
    "screenshot": check_screenshot,
    "hostile": check_hostile,
    "layout": check_layout,
}


# --- Command line --------------------------------------------------------------------------


class ArgumentParser(argparse.ArgumentParser):
    """argparse, with usage errors exiting 64 as Earshot's own commands do."""

    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        sys.exit(EX_USAGE)


def parse_arguments(argv):
    parser = ArgumentParser(prog="page_check.py",
                            description="Measures facts about an Earshot report page in "
                                        "headless Chromium and prints them as one JSON object.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name, help):
        sub = commands.add_parser(name, help=help)
        sub.add_argument("page", metavar="PAGE", help="the .html file to open")
        return sub

    command("timeline", "the timeline's bars").add_argument(
        "--activate", type=int, metavar="N",
        help="seek by the Nth bar (0-based) with Enter, Space and a click")
    command("audio", "the audio element and its caption track")
    command("stops", "the screen drawings' stops").add_argument(
        "--screen", metavar="NAME", help="only the drawing with this data-screen")
    command("index", "the render index").add_argument(
        "--search", metavar="TEXT", help="type TEXT into the search field")
    command("axe", "axe-core's accessibility violations")
    command("hostile", "scripts run from the page's text, and scheme links")
    command("layout", "the layout at a viewport width").add_argument(
        "--width", type=int, required=True, metavar="PX", help="the viewport's width in CSS pixels")
    shot = command("screenshot", "a full-page screenshot")
    shot.add_argument("out", metavar="OUT.png", help="where to write the PNG")
    shot.add_argument("--width", type=int, metavar="PX", help="lay the page out this many CSS pixels wide (default 1280)")
    return parser.parse_args(argv)


def main(argv):
    args = parse_arguments(argv)
    page = Path(args.page)
    if not page.is_file():
        print(f"error: {page}: no such file", file=sys.stderr)
        return EX_NOINPUT
    driver = None
    try:
        driver = start_browser()
        if args.command == "hostile":
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOSTILE_HOOK})
        if getattr(args, "width", None) is not None:
            if not 200 <= args.width <= 4000:
                print(f"error: --width {args.width}: expected 200 to 4000 CSS pixels", file=sys.stderr)
                return EX_USAGE
            emulate_width(driver, args.width)
        open_page(driver, page)
        result = COMMANDS[args.command](driver, page, args)
        result.update(page_health(driver))
    except CheckError as error:
        print(f"error: {error}", file=sys.stderr)
        return error.status
    except WebDriverException as error:  # the browser crashed or stopped answering
        print(f"error: {page}: the browser failed during `{args.command}`: "
              f"{first_line(error)}", file=sys.stderr)
        return EX_UNAVAILABLE
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(SCRATCH, ignore_errors=True)
    sys.stdout.reconfigure(encoding="utf-8")
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
