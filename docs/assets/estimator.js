/* The cost estimator (docs/estimator.md): the priced and break-even tables' arithmetic (core/prices.py,
   publish/render/pricing.py) on the same figures, shipped in the page as JSON with the verdicts' margin
   and the words to say the result in, at the reader's own work, chips, price per chip-hour and
   throughput on either side (a list price fills a price field in where one exists).
   Chip-hours = work / throughput (a billion tokens: 1e9 / (tokens/s per chip x 3600); a run: its
   chip-hours); time = chip-hours / chips; dollars = chip-hours x the price per chip-hour. Which side is
   cheaper follows the verdicts' rule (judge/judging.py beyond_margin): the GPU's cost over the TPU's
   beyond 1 +- the margin, else the same cost. A plain script that reads only its form: it works from
   disk, and what the reader types is neither stored nor sent. */
(function () {
  "use strict";

  var SIDES = ["tpu", "gpu"];
  var NAME = {tpu: "TPU", gpu: "GPU"};

  // core/prices.py chip_hours, written the same way so that both round alike; UNITS: billion tokens or runs
  function chipHours(work, quantity, units) {
    return work === "tokens" ? units * 1e9 / (quantity * 3600) : units * quantity;
  }

  // core/prices.py break_even: the price per chip-hour at which the other side costs what the known side does
  function breakEven(work, knownPrice, knownQuantity, otherQuantity) {
    return knownPrice * chipHours(work, knownQuantity, 1) / chipHours(work, otherQuantity, 1);
  }

  function fixed(x, digits) {
    return x.toLocaleString("en-US", {minimumFractionDigits: digits, maximumFractionDigits: digits});
  }

  // dollars to the cent, never more digits: $12,345.67, $0.05
  function money(x) {
    return "$" + fixed(x, 2);
  }

  function chipHoursText(x) {
    return x.toLocaleString("en-US", {maximumFractionDigits: x < 10 ? 2 : 0});
  }

  // wall-clock time: minutes under an hour, hours under two days, else days
  function duration(h) {
    if (h < 1) return fixed(h * 60, 1) + " minutes";
    if (h < 48) return fixed(h, 1) + " hours";
    return fixed(h / 24, 1) + " days";
  }

  // a number the reader typed: above zero, else null
  function positive(text) {
    var x = text === "" ? NaN : Number(text);
    return x > 0 ? x : null;
  }

  // an element whose text is set as text, never parsed as HTML
  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }

  // the page's words (vocabulary.ESTIMATE) into PARENT, each {name} replaced by a text or an element
  function fill(parent, template, values) {
    template.split(/\{(\w+)\}/).forEach(function (part, i) {
      if (i % 2 === 0) {
        if (part) parent.appendChild(document.createTextNode(part));
      } else {
        var v = values[part];
        parent.appendChild(typeof v === "string" ? document.createTextNode(v) : v);
      }
    });
    return parent;
  }

  function chipName(c, side) {
    return c[side].chip || NAME[side] + " (a system that is no chip of the reference data)";
  }

  function sideName(c, side) {
    return c[side].chip ? c[side].chip + " (" + NAME[side] + ")" : chipName(c, side);
  }

  function offerLabel(o) {
    if (!o.provider) return "no list price: enter both quotes";
    var listed = SIDES.filter(function (s) { return o[s]; });
    if (listed.length === 2) return o.provider + " " + o.tier;
    return o.provider + " " + o.tier + (listed.length ? " (" + NAME[listed[0]] + " list price only)" : " (no list price)");
  }

  // where a side's price comes from: the list (its provider and region, tier, date and source), the reader
  // over the list, or the reader alone
  function showHint(hint, listed, typed) {
    hint.replaceChildren();
    if (!listed) {
      hint.textContent = typed === "" ? "No list price here: enter your quote." : "Your quote: no list price here.";
      return;
    }
    var own = typed !== listed.to_cents;
    var host = listed.host_included === false ? ", the GPUs alone: no host VM price in the catalog" : "";
    hint.textContent = (own ? "Your price; the list price is $" : "List price: $") + listed.to_cents +
      " (" + listed.where + ", " + listed.tier + ", " + listed.when + host + "), ";
    if (/^https?:\/\//.test(listed.url)) {
      hint.appendChild(el("a", "source", {href: listed.url, title: listed.source}));
    } else {
      hint.appendChild(document.createTextNode("source: " + listed.source));
    }
  }

  // a side as the sums use it: the reader's throughput over the comparison's, the list price itself while
  // its field shows it (to the cent), else the reader's price
  function sideOf(form, c, side, listed, units) {
    var own = positive(form.elements[side + "_own"].value);
    var q = own || c[side].quantity, chips = positive(form.elements[side + "_chips"].value);
    var typed = form.elements[side + "_price"].value;
    var price = listed && typed === listed.to_cents ? listed.usd_per_chip_hour : positive(typed);
    var hours = q ? chipHours(c.work, q, units) : null;
    return {side: side, label: sideName(c, side), quantity: q, own: own !== null, chips: chips, hours: hours,
            time: hours && chips ? hours / chips : null, price: price};
  }

  function sideLine(s) {
    var li = el("li", s.label + ": ");
    if (!s.hours) {
      li.textContent += "no throughput figure on this side: give yours";
      return li;
    }
    li.textContent += chipHoursText(s.hours) + " chip-hours" + (s.own ? " (at your throughput)" : "");
    if (s.time !== null) {
      li.appendChild(document.createTextNode(", "));
      li.appendChild(el("span", duration(s.time), {"data-ab-time": s.side}));
      li.appendChild(document.createTextNode(" on " + s.chips.toLocaleString("en-US") + " chips"));
    } else {
      li.appendChild(document.createTextNode(" (give the chips for the time)"));
    }
    if (s.price === null) {
      li.appendChild(document.createTextNode("; no price given"));
      return li;
    }
    li.appendChild(document.createTextNode(" × " + money(s.price) + " per chip-hour = "));
    li.appendChild(el("strong", money(s.hours * s.price), {"class": "ab-estimator__usd", "data-side": s.side}));
    return li;
  }

  // the verdicts' rule on the two costs: the TPU's advantage (the GPU's cost over the TPU's) beyond the
  // margin either way names the cheaper side; within it, the same cost
  function verdictLine(data, t, g) {
    var tc = t.hours * t.price, gc = g.hours * g.price, advantage = gc / tc, m = data.margin;
    var side = advantage > 1 + m ? "tpu" : advantage < 1 - m ? "gpu" : null;
    var cheap = side || (tc <= gc ? "tpu" : "gpu"), dear = cheap === "tpu" ? "gpu" : "tpu";
    return fill(el("p", "", {"data-ab-cheaper": side || "neither"}), side ? data.words.cheaper : data.words.tie,
                {cheap: NAME[cheap], dear: NAME[dear], ratio: (Math.max(tc, gc) / Math.min(tc, gc)).toFixed(2)});
  }

  // the break-even price of the side left empty (the TPU where both are given), at the other side's price
  function breakEvenLine(data, work, t, g) {
    var target = t.price === null ? t : g.price === null ? g : t, known = target === t ? g : t;
    if (known.price === null || !t.quantity || !g.quantity) return null;
    var price = el("strong", money(breakEven(work, known.price, known.quantity, target.quantity)),
                   {"data-ab-break-even": target.side});
    return fill(el("p"), data.words.break_even, {side: NAME[target.side], other: NAME[known.side], price: price,
                                                 known: money(known.price)});
  }

  function setUp(form) {
    var data = JSON.parse(form.querySelector(".ab-estimator__data").textContent);
    var words = data.words, comparisons = data.comparisons;
    var pick = form.elements.comparison, offer = form.elements.offer, amount = form.elements.amount;
    var unit = form.elements.unit, out = form.elements.result, workLabel = form.querySelector("[data-ab-work]");
    var unitField = form.querySelector("[data-ab-unit-field]"), offerNote = form.querySelector("[data-ab-offer-note]");
    var field = function (side, name) { return form.elements[side + "_" + name]; };

    function current() {
      var c = comparisons[pick.value];
      return {c: c, o: c.offers[Number(offer.value)] || c.offers[0]};
    }

    // a comparison picked: its offers, its kind of work, each side's chips; a throughput of the reader's
    // own belongs to the comparison it was typed for
    function fillComparison() {
      var c = comparisons[pick.value];
      offer.replaceChildren();
      c.offers.forEach(function (o, i) { offer.appendChild(el("option", offerLabel(o), {value: String(i)})); });
      workLabel.textContent = words[c.work];
      unitField.hidden = c.work !== "tokens";
      SIDES.forEach(function (side) {
        field(side, "chips").value = c[side].chips ? String(c[side].chips) : "";
        field(side, "own").value = "";
        form.querySelector('[data-ab-own-label="' + side + '"]').textContent = words["own_" + c.work];
        form.querySelector('[data-ab-chip="' + side + '"]').textContent = chipName(c, side);
        var figure = c[side].quantity;
        form.querySelector('[data-ab-own-hint="' + side + '"]').textContent = figure ?
          words["figure_" + c.work].replace("{figure}", figure.toLocaleString("en-US", {maximumFractionDigits: 2})) :
          words.no_figure;
      });
    }

    // an offer picked: each price field takes its list price again (to the cent), or is left for a quote
    function fillPrices() {
      var now = current();
      SIDES.forEach(function (side) {
        field(side, "price").value = now.o[side] ? now.o[side].to_cents : "";
      });
      offerNote.textContent = now.o.note;
    }

    function show() {
      var now = current(), n = positive(amount.value);
      SIDES.forEach(function (side) {
        showHint(form.querySelector('[data-ab-hint="' + side + '"]'), now.o[side], field(side, "price").value);
      });
      out.replaceChildren();
      // the answer first (the cheaper side, then the price ratio that decides it whatever the prices), so a
      // phone shows it at once; the arithmetic and the unit of work under it
      var units = n === null ? null : now.c.work === "tokens" ? n * Number(unit.value) / 1e9 : n;
      var t = units === null ? null : sideOf(form, now.c, "tpu", now.o.tpu, units);
      var g = units === null ? null : sideOf(form, now.c, "gpu", now.o.gpu, units);
      if (t && t.price !== null && g.price !== null && t.hours && g.hours) out.appendChild(verdictLine(data, t, g));
      if (now.c.ratio) {
        out.appendChild(fill(el("p", "", {"data-ab-ratio": ""}), words.ratio,
                             {tpu: chipName(now.c, "tpu"), gpu: chipName(now.c, "gpu"), ratio: now.c.ratio.toFixed(2)}));
      }
      if (n === null) {
        out.appendChild(el("p", "Give an amount above zero."));
      } else {
        var list = el("ul");
        list.appendChild(sideLine(t));
        list.appendChild(sideLine(g));
        out.appendChild(list);
        var even = breakEvenLine(data, now.c.work, t, g);
        if (even) {
          out.appendChild(even);
        } else if (t.price === null && g.price === null) {
          out.appendChild(el("p", words.no_price));
        }
      }
      if (now.c.work === "runs") out.appendChild(el("p", words.run_unit, {"data-ab-unit-of-work": ""}));
    }

    function pickOffer(index) {
      offer.value = String(index);
      fillPrices();
      show();
    }

    pick.addEventListener("change", function () { fillComparison(); pickOffer(0); });
    offer.addEventListener("change", function () { pickOffer(offer.value); });
    unit.addEventListener("change", show);
    [amount].concat(SIDES.flatMap(function (side) { return ["chips", "price", "own"].map(function (name) {
      return field(side, name);
    }); })).forEach(function (input) { input.addEventListener("input", show); });
    // open on the first comparison of chips on offer today that a list prices on both sides, at that offer
    // (else the first of chips on offer today, else the first a list prices on both sides)
    var both = function (o) { return o.tpu && o.gpu; };
    var found = [function (c) { return c.current && c.offers.some(both); }, function (c) { return c.current; },
                 function (c) { return c.offers.some(both); }].map(function (test) { return comparisons.findIndex(test); });
    var start = Math.max(0, found.find(function (i) { return i >= 0; }) || 0);
    pick.value = String(start);
    fillComparison();
    pickOffer(Math.max(0, comparisons[start].offers.findIndex(both)));
    form.setAttribute("data-ab-ready", "");  // the result is written: the fields may show (accelbench.css)
  }

  document.querySelectorAll("form.ab-estimator").forEach(setUp);
})();
