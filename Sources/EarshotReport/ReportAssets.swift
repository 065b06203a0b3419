/// The one stylesheet and the one script of every report page (desk check, screen, render
/// index, suite index), compiled into the binary so a page is written from anywhere and works
/// offline from disk: nothing is fetched.
///
/// The script only adds behaviour to markup that is complete without it: every picture has its
/// table or list beside it, every control is a real button or a focusable element with a name.
enum ReportAssets {
    static let stylesheet = #"""
    :root { --ink: #1a1a1a; --muted: #4a4a4a; --line: #8a8a8a; --paper: #ffffff; --tint: #f3f4f6;
            --focus: #1d4ed8; --bad: #9b1c1c; --good: #14532d; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans KR", "NanumGothic",
           "Apple SD Gothic Neo", sans-serif; color: var(--ink); background: var(--paper); }
    a { color: var(--focus); }
    .skip { position: absolute; left: -9999px; top: 0; background: var(--paper); padding: .5rem; }
    .skip:focus { left: .5rem; }
    header.site { background: var(--tint); border-bottom: 1px solid var(--line); padding: .5rem 1rem; }
    header.site p { margin: 0; font-weight: 600; }
    header.site nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: .25rem 0 0; padding: 0; }
    main { padding: 1rem; max-width: 90rem; }
    h1 { font-size: 1.6rem; margin: .25rem 0 .5rem; }
    h2 { font-size: 1.3rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
    h3 { font-size: 1.1rem; }
    .verdict { font-weight: 700; }
    .verdict.failed, .failed { color: var(--bad); }
    .verdict.passed, .passed { color: var(--good); }
    table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
    th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
    thead th { background: var(--tint); }
    th button { font: inherit; font-weight: 700; background: none; border: 0; padding: 0; cursor: pointer; color: var(--ink); }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
    .scroll { overflow-x: auto; border: 1px solid var(--line); }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    audio { width: 100%; max-width: 48rem; }
    svg text { font-size: 12px; fill: var(--ink); }
    .legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; list-style: none; }
    .swatch { display: inline-block; width: 1.2em; height: .9em; border: 2px solid var(--ink); vertical-align: middle; margin-right: .3em; }
    .k-element, .bar.k-element rect { fill: #dbeafe; background: #dbeafe; }
    .k-hint, .bar.k-hint rect { fill: #ede9fe; background: #ede9fe; }
    .k-announcement, .bar.k-announcement rect, .bar.k-layoutString rect, .bar.k-pageScroll rect { fill: #fef3c7; background: #fef3c7; }
    .k-earcon, .bar.k-earcon rect { fill: #d1fae5; background: #d1fae5; }
    .bar rect { stroke: var(--ink); stroke-width: 1.5; }
    .bar.f-cut rect { stroke-dasharray: 5 3; }
    .bar.f-dropped rect { fill: url(#hatch); stroke: var(--bad); stroke-width: 2; }
    .bar { cursor: pointer; }
    .bar:focus { outline: none; }
    .bar:focus rect, .bar:hover rect { stroke: var(--focus); stroke-width: 3; }
    .bar.playing rect { stroke: var(--focus); stroke-width: 4; }
    .marker line { stroke: var(--ink); stroke-width: 1.5; }
    .marker.finding line { stroke: var(--bad); stroke-width: 2; }
    .playhead { stroke: var(--focus); stroke-width: 2; }
    .axis line { stroke: var(--line); }
    .rowname { font-weight: 700; }
    .pair { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
    .screen-drawing { border: 1px solid var(--line); background: #fafafa; }
    .screen-drawing .node rect { fill: none; stroke: #9ca3af; stroke-width: 1; }
    .screen-drawing .node.unreached rect { stroke-dasharray: 2 2; opacity: .6; }
    .screen-drawing .stop rect.frame { fill: rgba(29, 78, 216, .08); stroke: var(--focus); stroke-width: 2; }
    .screen-drawing .stop rect.child { fill: none; stroke: var(--focus); stroke-width: 1; stroke-dasharray: 3 2; }
    .screen-drawing .stop circle { fill: var(--focus); }
    .screen-drawing .stop text.stop-number { fill: #ffffff; font-weight: 700; font-size: 11px; }
    .screen-drawing .stop:focus rect.frame, .screen-drawing .stop:hover rect.frame, .screen-drawing .stop.current rect.frame { stroke-width: 4; fill: rgba(29, 78, 216, .2); }
    .stops-list li.current { background: #dbeafe; }
    .said { min-height: 1.5em; padding: .25rem .5rem; border-left: 4px solid var(--focus); background: var(--tint); }
    .finding { border: 1px solid var(--line); padding: .5rem .75rem; margin: .5rem 0; list-style: none; }
    .finding h3 { margin: 0 0 .25rem; }
    .finding dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; margin: 0; }
    .finding dt { font-weight: 700; }
    .finding dd { margin: 0; }
    ul.findings { padding: 0; }
    .search { margin: .5rem 0; }
    .search input { font: inherit; padding: .3rem .5rem; width: min(30rem, 100%); border: 2px solid var(--ink); }
    button.play { font: inherit; padding: .1rem .6rem; border: 1px solid var(--ink); background: var(--tint); cursor: pointer; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    footer { padding: 1rem; color: var(--muted); border-top: 1px solid var(--line); margin-top: 2rem; }
    """#

    static let script = #"""
    (function () {
      "use strict";
      var audio = document.getElementById("report-audio");
      var status = document.getElementById("report-status");
      function say(text) { if (status) { status.textContent = text; } }
      function clock(t) {
        var ms = Math.round(t * 1000), m = Math.floor(ms / 60000), s = (ms % 60000) / 1000;
        return (m < 10 ? "0" : "") + m + ":" + (s < 10 ? "0" : "") + s.toFixed(3);
      }

      // Captions: the WebVTT text is embedded in the page; if the browser did not load the
      // track from its data: URI, the cues are added here from the same text.
      function addCues(track, vtt) {
        var blocks = vtt.replace(/\r/g, "").split(/\n\n+/);
        blocks.forEach(function (block) {
          var lines = block.split("\n");
          var i = lines.findIndex(function (l) { return l.indexOf("-->") >= 0; });
          if (i < 0) { return; }
          var parts = lines[i].split("-->");
          function secs(x) { var p = x.trim().split(" ")[0].split(":"); var v = 0; p.forEach(function (q) { v = v * 60 + parseFloat(q); }); return v; }
          try { track.addCue(new VTTCue(secs(parts[0]), secs(parts[1]), lines.slice(i + 1).join("\n"))); } catch (e) { }
        });
      }
      var vttSource = document.getElementById("report-vtt");
      if (audio && vttSource) {
        var element = audio.querySelector("track");
        var ensure = function () {
          var track = element ? element.track : null;
          if (track && track.cues && track.cues.length > 0) { return; }
          var added = audio.addTextTrack("captions", "Transcript", document.documentElement.dataset.speechLang || "ko");
          added.mode = "hidden";
          addCues(added, vttSource.textContent);
          if (element) { element.remove(); }
        };
        if (element) {
          element.track.mode = "hidden";
          element.addEventListener("error", ensure);
          setTimeout(ensure, 1500);
        } else {
          ensure();
        }
      }

      // The timeline: a bar plays from its start; the bar under the playhead is marked.
      var bars = Array.prototype.slice.call(document.querySelectorAll("#timeline .bar"));
      var playhead = document.getElementById("playhead");
      var scale = parseFloat((document.getElementById("timeline") || { dataset: {} }).dataset.scale || "0");
      var offset = parseFloat((document.getElementById("timeline") || { dataset: {} }).dataset.offset || "0");
      function seek(time) {
        if (!audio) { return; }
        audio.currentTime = time;
        var played = audio.play();
        if (played && played.catch) { played.catch(function () { }); }
        say("Playing from " + clock(time));
      }
      bars.forEach(function (bar) {
        bar.addEventListener("click", function () { seek(parseFloat(bar.dataset.start)); });
        bar.addEventListener("keydown", function (event) {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); seek(parseFloat(bar.dataset.start)); }
        });
      });
      if (audio && bars.length) {
        audio.addEventListener("timeupdate", function () {
          var t = audio.currentTime;
          bars.forEach(function (bar) {
            var start = parseFloat(bar.dataset.start), end = bar.dataset.end === "" ? start : parseFloat(bar.dataset.end);
            var on = t >= start && t < end;
            bar.classList.toggle("playing", on);
            if (on) { bar.setAttribute("aria-current", "true"); } else { bar.removeAttribute("aria-current"); }
          });
          if (playhead && scale > 0) {
            var x = offset + t * scale;
            playhead.setAttribute("x1", x); playhead.setAttribute("x2", x);
          }
        });
      }

      // Screens: focusing a stop (or pointing at it) shows what VoiceOver says there.
      var said = document.getElementById("stop-said");
      function show(stop) {
        document.querySelectorAll(".stop.current, .stops-list li.current").forEach(function (e) { e.classList.remove("current"); });
        stop.classList.add("current");
        var item = document.getElementById("item-" + stop.dataset.key);
        if (item) { item.classList.add("current"); }
        if (said) { said.textContent = stop.dataset.index + ". " + stop.dataset.said; }
      }
      var player = null;
      function play(source, name) {
        if (player) { player.pause(); }
        player = new Audio(source);
        var played = player.play();
        if (played && played.catch) { played.catch(function () { say("Cannot play " + name); }); }
        say("Playing " + name);
      }
      document.querySelectorAll(".screen-drawing .stop").forEach(function (stop) {
        stop.addEventListener("focus", function () { show(stop); });
        stop.addEventListener("mouseenter", function () { show(stop); });
        var activate = function () {
          show(stop);
          if (stop.dataset.src) { play(stop.dataset.src, "stop " + stop.dataset.index); } else { say(stop.dataset.index + ". " + stop.dataset.said); }
        };
        stop.addEventListener("click", activate);
        stop.addEventListener("keydown", function (event) {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); activate(); }
        });
      });

      // Play buttons (a stop's speech, a rendered file).
      document.querySelectorAll("button.play").forEach(function (button) {
        button.addEventListener("click", function () {
          var stop = button.dataset.stop ? document.querySelector('.stop[data-key="' + button.dataset.stop + '"]') : null;
          play(stop ? stop.dataset.src : button.dataset.src, button.getAttribute("aria-label") || "");
        });
      });

      // The render index: search filters rows as you type; headers sort.
      var search = document.getElementById("render-search");
      var table = document.getElementById("render-table");
      var count = document.getElementById("render-count");
      if (search && table) {
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var keys = rows.map(function (row) { return (row.dataset.search || row.textContent).toLowerCase(); });
        var total = rows.length;
        var update = function () {
          var words = search.value.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
          var shown = 0;
          for (var i = 0; i < rows.length; i++) {
            var key = keys[i], hit = true;
            for (var j = 0; j < words.length; j++) { if (key.indexOf(words[j]) < 0) { hit = false; break; } }
            rows[i].hidden = !hit;
            if (hit) { shown++; }
          }
          count.textContent = shown + " of " + total + " files";
        };
        search.addEventListener("input", update);
        table.querySelectorAll("th button[data-sort]").forEach(function (button) {
          button.addEventListener("click", function () {
            var th = button.parentElement, column = Array.prototype.indexOf.call(th.parentElement.children, th);
            var ascending = th.getAttribute("aria-sort") !== "ascending";
            table.querySelectorAll("th[aria-sort]").forEach(function (other) { other.removeAttribute("aria-sort"); });
            th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
            var numeric = button.dataset.sort === "number";
            var order = rows.map(function (row, i) { return i; });
            order.sort(function (a, b) {
              var x = rows[a].cells[column].dataset.value || rows[a].cells[column].textContent;
              var y = rows[b].cells[column].dataset.value || rows[b].cells[column].textContent;
              var c = numeric ? parseFloat(x) - parseFloat(y) : x.localeCompare(y);
              return ascending ? c : -c;
            });
            rows = order.map(function (i) { return rows[i]; });
            keys = order.map(function (i) { return keys[i]; });
            rows.forEach(function (row) { body.appendChild(row); });
            say("Sorted by " + button.textContent + (ascending ? ", ascending" : ", descending"));
          });
        });
      }
    })();
    """#
}
