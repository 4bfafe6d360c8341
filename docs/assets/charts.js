/* Draws the page's charts interactively with the vendored vega-embed: tooltips, a legend that
 * hides and shows series, zoom and pan, filters. Each <figure class="ab-chart"> carries its
 * Vega-Lite specification (light theme) and the dark theme to merge in under Material's dark
 * palette; the static SVG rendered at build time from the same specification is what the page
 * shows first, and what stays in print or without JavaScript.
 *
 * Vega (about 820 KB) is fetched only once the reader interacts with the page (a pointer, a key,
 * a touch, a scroll), and a chart is drawn only once it is in view: a reader who only reads pays
 * nothing for it. The libraries come from this site (the script's data-ab-vega attribute lists
 * them, relative to the page), so the page also works opened from disk. */
(function () {
  "use strict";

  var self = document.currentScript;
  var libraries = null; // the promise of vega, vega-lite and vega-embed, loaded in order, once

  function loadLibraries() {
    if (libraries === null) {
      var urls = (self && self.getAttribute("data-ab-vega") || "").trim().split(/\s+/).filter(Boolean);
      libraries = urls.reduce(function (chain, url) {
        return chain.then(function () {
          return new Promise(function (resolve, reject) {
            var script = document.createElement("script");
            script.src = url;
            script.onload = resolve;
            script.onerror = function () { reject(new Error("could not load " + url)); };
            document.head.appendChild(script);
          });
        });
      }, Promise.resolve());
    }
    return libraries;
  }

  function darkPalette() {
    return document.body.getAttribute("data-md-color-scheme") === "slate";
  }

  // the dark theme over the specification's own (light) one; vega-embed's config option would
  // lose to the specification's
  function merged(light, dark) {
    var out = Object.assign({}, light);
    Object.keys(dark).forEach(function (key) {
      var both = light[key] && typeof light[key] === "object" && !Array.isArray(light[key]);
      out[key] = both ? merged(light[key], dark[key]) : dark[key];
    });
    return out;
  }

  // a touch screen has no hover: there a point's link would open on the tap meant to read it. So on such a
  // screen the links come off the marks, the first tap on a point shows its tooltip (a tap is a pointer
  // event to the view), and a second tap on the same point follows its link, one tap further
  function touchScreen() {
    return window.matchMedia && window.matchMedia("(hover: none)").matches;
  }

  function withoutLinks(node) {
    if (Array.isArray(node)) {
      return node.map(withoutLinks);
    }
    if (!node || typeof node !== "object") {
      return node;
    }
    var out = {};
    Object.keys(node).forEach(function (key) {
      if (key !== "href") {
        out[key] = withoutLinks(node[key]);
      }
    });
    return out;
  }

  function tapTwiceToFollow(figure, view) {
    view.addEventListener("click", function (event, item) {
      var url = item && item.datum && item.datum.url;
      if (!url) {
        figure.abTapped = null;
        return;
      }
      if (figure.abTapped === item.datum) {
        window.location.assign(url);
      } else {
        figure.abTapped = item.datum;
        // Vega shows a tooltip on a pointer's move, which a tap does not make: shown here, as a hover would
        var show = view.tooltip();
        if (show && item.tooltip != null) {
          show.call(view, view._handler, event, item, item.tooltip);
        }
      }
    });
  }

  function draw(figure) {
    var carried;
    try {
      carried = JSON.parse(figure.querySelector("script.ab-chart__spec").textContent);
    } catch (error) {
      console.error("chart specification unreadable:", error); // this chart stays static; the others draw
      return;
    }
    var dark = darkPalette();
    // a chart laid out for a phone too: that layout on a phone's screen (the query the stylesheet
    // shows its static SVG by), its datasets the desktop's where it carries none of its own
    var phone = carried.phone && window.matchMedia(carried.media).matches;
    var chosen = phone ? Object.assign({ datasets: carried.spec.datasets }, carried.phone) : carried.spec;
    watchMedia(carried.media);
    var touch = touchScreen();
    var spec = Object.assign({}, touch ? withoutLinks(chosen) : chosen,
                             { config: dark ? merged(chosen.config, carried.dark) : chosen.config });
    var live = figure.querySelector(".ab-chart__live");
    if (spec.usermeta && spec.usermeta.fit) {
      // a chart made to fit (the answers' charts): the width of its container, whatever the screen;
      // the static SVG keeps the width it was rendered at
      spec.width = "container";
      spec.autosize = { type: "fit-x", contains: "padding" };
      live.classList.add("ab-chart__live--fit");
    }
    // a newer draw (palette toggled again, next page) wins; an older one that ends later is dropped
    var ticket = figure.abTicket = (figure.abTicket || 0) + 1;
    vegaEmbed(live, spec, {
      renderer: "svg",
      tooltip: { theme: dark ? "dark" : "light" },
      // no menu: its editor link leads to another host, and the data to take away is in the
      // download links under each table
      actions: false,
    }).then(function (result) {
      if (ticket !== figure.abTicket) {
        result.finalize();
        return;
      }
      if (figure.abEmbed) {
        figure.abEmbed.finalize(); // the previous view's listeners and tooltip handler go with it
      }
      figure.abEmbed = result;
      figure.abTapped = null;
      if (touch) {
        tapTwiceToFollow(figure, result.view);
      }
      figure.classList.add("ab-chart--live");
      watchTooltip();
    }).catch(function (error) {
      if (ticket === figure.abTicket) {
        figure.classList.remove("ab-chart--live"); // the static chart stays
      }
      console.error("chart could not be drawn:", error);
    });
  }

  // vega-tooltip places its tooltip by a corner of the pointer, and where no corner fits the screen
  // (a phone's, a tall tooltip) past its edge: moved back inside it, as far as its size allows
  var GAP = 4;
  function keepInside(tooltip) {
    if (!tooltip.classList.contains("visible")) {
      return;
    }
    var box = tooltip.getBoundingClientRect();
    var left = Math.max(GAP, Math.min(box.left, window.innerWidth - box.width - GAP));
    var top = Math.max(GAP, Math.min(box.top, window.innerHeight - box.height - GAP));
    if (Math.abs(left - box.left) > 0.5 || Math.abs(top - box.top) > 0.5) { // (its own move is then left alone)
      tooltip.style.left = left + "px";
      tooltip.style.top = top + "px";
    }
  }
  // no wider than the screen, its columns narrower on a phone's; here rather than in the site's
  // stylesheet, which pages without a chart fetch too
  var TOOLTIP_STYLE = "#vg-tooltip-element { max-width: calc(100vw - 16px); box-sizing: border-box; pointer-events: none; }"
    + " #vg-tooltip-element table tr td.key { max-width: 30vw; }"
    + " #vg-tooltip-element table tr td.value { max-width: min(300px, calc(70vw - 40px)); overflow-wrap: anywhere; }";
  var tooltipWatched = false;
  function watchTooltip() {
    if (tooltipWatched || typeof MutationObserver === "undefined") {
      return;
    }
    tooltipWatched = true;
    var style = document.createElement("style");
    style.textContent = TOOLTIP_STYLE; // after vega-tooltip's own, which it puts first in <head>
    document.head.appendChild(style);
    var moved = new MutationObserver(function (records) { keepInside(records[0].target); });
    function follow(tooltip) {
      moved.observe(tooltip, { attributes: true, attributeFilter: ["style", "class"] });
      keepInside(tooltip);
    }
    var existing = document.getElementById("vg-tooltip-element");
    if (existing) {
      follow(existing);
      return;
    }
    var added = new MutationObserver(function () { // vega-tooltip adds its element on the first hover
      var tooltip = document.getElementById("vg-tooltip-element");
      if (tooltip) {
        added.disconnect();
        follow(tooltip);
      }
    });
    added.observe(document.body, { childList: true });
  }

  // a screen that turns from a phone's to a desktop's (or back): the charts with a phone layout drawn again
  var mediaWatched = {};
  function watchMedia(media) {
    if (!media || mediaWatched[media] || !window.matchMedia) {
      return;
    }
    mediaWatched[media] = true;
    window.matchMedia(media).addEventListener("change", function () {
      document.querySelectorAll("figure.ab-chart").forEach(function (figure) {
        if (figure.abWanted && figure.querySelector(".ab-chart__static--phone")) {
          drawWhenReady(figure);
        }
      });
    });
  }

  function drawWhenReady(figure) {
    figure.abWanted = true;
    loadLibraries().then(function () { draw(figure); }, function (error) {
      console.error("chart libraries could not be loaded:", error); // the static charts stay
    });
  }

  var seen = typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (entry.isIntersecting) {
        seen.unobserve(entry.target);
        drawWhenReady(entry.target);
      }
    });
  }, { rootMargin: "200px 0px" });

  function watch() {
    document.querySelectorAll("figure.ab-chart").forEach(function (figure) {
      if (seen === null) {
        drawWhenReady(figure);
      } else {
        seen.observe(figure);
      }
    });
  }

  // the first interaction arms the charts; until then nothing is fetched
  var INTERACTIONS = ["pointerover", "pointermove", "pointerdown", "keydown", "touchstart", "wheel", "scroll", "focusin"];
  function armed() {
    INTERACTIONS.forEach(function (type) { window.removeEventListener(type, armed, true); });
    watch();
  }
  INTERACTIONS.forEach(function (type) { window.addEventListener(type, armed, { capture: true, passive: true }); });

  // the palette toggle: redraw, in the other theme, the charts already drawn or on their way
  new MutationObserver(function () {
    document.querySelectorAll("figure.ab-chart").forEach(function (figure) {
      if (figure.abWanted) {
        drawWhenReady(figure);
      }
    });
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
})();
