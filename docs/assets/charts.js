/* Draws every chart of the page interactively with the vendored vega-embed: tooltips, a legend
 * that hides and shows series, zoom and pan. Each <figure class="ab-chart"> carries its
 * Vega-Lite specification (light theme) and the dark theme to merge in under Material's dark
 * palette; until the chart is drawn, and in print or without JavaScript, the static SVG rendered
 * at build time from the same specification is shown instead. Loads nothing: the specification
 * holds its data, so the page also works opened from disk. */
(function () {
  "use strict";

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

  function draw(figure) {
    var carried;
    try {
      carried = JSON.parse(figure.querySelector("script.ab-chart__spec").textContent);
    } catch (error) {
      console.error("chart specification unreadable:", error); // this chart stays static; the others draw
      return;
    }
    var dark = darkPalette();
    var spec = Object.assign({}, carried.spec, { config: dark ? merged(carried.spec.config, carried.dark) : carried.spec.config });
    // a newer draw (palette toggled again, next page) wins; an older one that ends later is dropped
    var ticket = figure.abTicket = (figure.abTicket || 0) + 1;
    vegaEmbed(figure.querySelector(".ab-chart__live"), spec, {
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
      figure.classList.add("ab-chart--live");
    }).catch(function (error) {
      if (ticket === figure.abTicket) {
        figure.classList.remove("ab-chart--live"); // the static chart stays
      }
      console.error("chart could not be drawn:", error);
    });
  }

  function drawAll() {
    if (typeof vegaEmbed === "undefined") {
      return; // the static charts stay
    }
    document.querySelectorAll("figure.ab-chart").forEach(draw);
  }

  // Material's instant navigation replaces the page without a load event; document$ emits on each
  if (typeof document$ !== "undefined") {
    document$.subscribe(drawAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", drawAll);
  } else {
    drawAll();
  }

  // the palette toggle: redraw in the other theme
  new MutationObserver(drawAll).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
})();
