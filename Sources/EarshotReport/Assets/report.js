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
  // A bar's label stays inside its bar: the page wrote as much as its estimate said fits; the
  // browser's own measure of the text shortens or lengthens it here, ending in "…" when cut.
  function fitLabel(bar) {
    var text = bar.querySelector("text.bar-label"), rect = bar.querySelector("rect");
    if (!text || !rect || !text.getComputedTextLength) { return; }
    var full = text.getAttribute("data-full") || text.textContent;
    var room = parseFloat(rect.getAttribute("width")) - 8;
    text.textContent = full;
    if (text.getComputedTextLength() <= room) { return; }
    var characters = Array.from(full), low = 0, high = characters.length - 1;
    while (low < high) {
      var middle = Math.ceil((low + high) / 2);
      text.textContent = characters.slice(0, middle).join("") + "\u2026";
      if (text.getComputedTextLength() <= room) { low = middle; } else { high = middle - 1; }
    }
    text.textContent = low < 2 ? "" : characters.slice(0, low).join("") + "\u2026";
    text.setAttribute("data-full", full);
  }
  function fitLabels() { bars.forEach(fitLabel); }
  fitLabels();
  if (document.fonts && document.fonts.ready) { document.fonts.ready.then(fitLabels); }
  // Focusing or pointing at a bar shows its whole text above the drawing (its name says the
  // same to a screen reader, so this is no live region).
  var barSaid = document.getElementById("bar-said");
  function showBar(bar) { if (barSaid) { barSaid.textContent = bar.getAttribute("aria-label"); } }
  bars.forEach(function (bar) {
    bar.addEventListener("focus", function () { showBar(bar); });
    bar.addEventListener("mouseenter", function () { showBar(bar); });
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

  // A box that scrolls sideways (a wide table or the timeline on a narrow screen) is a named
  // region in the tab order, so a keyboard can scroll it; one that fits is neither.
  function markScrollers() {
    document.querySelectorAll(".table-scroll, .scroll").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", box.dataset.label || "Timeline drawing (scrolls sideways)");
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex"); box.removeAttribute("role"); box.removeAttribute("aria-label");
      }
    });
  }
  markScrollers();
  window.addEventListener("resize", markScrollers);
})();
