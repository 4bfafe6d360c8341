/* The cost-to-train estimate on the cost page: the priced and break-even tables' arithmetic
   (core/prices.py, publish/render/pricing.py) on the same figures, shipped in the page as JSON,
   at the reader's own price per chip-hour on either side (a list price fills a field in where one
   exists). Chip-hours = work / throughput (a billion tokens: 1e9 / (tokens/s per chip x 3600); a
   run: its chip-hours); dollars = chip-hours x the price per chip-hour. A plain script that reads
   only its form: it works from disk, and what the reader types is neither stored nor sent. */
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

  function money(x) {
    return "$" + x.toLocaleString("en-US", {minimumFractionDigits: 2, maximumFractionDigits: 2});
  }

  function hours(x) {
    return x.toLocaleString("en-US", {maximumFractionDigits: x < 10 ? 2 : 0});
  }

  // an element whose text is set as text, never parsed as HTML
  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
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

  // where a side's price comes from: the list (with its source), the reader over the list, or the reader alone
  function showHint(hint, listed, typed) {
    hint.replaceChildren();
    if (!listed) {
      hint.textContent = typed === null ? "No list price here: enter your quote." : "Your quote: no list price here.";
      return;
    }
    var own = typed !== null && typed !== listed.usd_per_chip_hour;
    var host = listed.host_included === false ? ", the GPUs alone: no host VM price in the catalog" : "";
    hint.textContent = (own ? "Your price; the list price is " : "List price: ") + money(listed.usd_per_chip_hour) +
      " (" + listed.where + ", " + listed.tier + ", " + listed.when + host + "), ";
    if (/^https?:\/\//.test(listed.url)) {
      hint.appendChild(el("a", "source", {href: listed.url, title: listed.source}));
    } else {
      hint.appendChild(document.createTextNode("source: " + listed.source));
    }
  }

  function sideOf(c, side, input, units) {
    var q = c[side].quantity, typed = input.value === "" ? NaN : Number(input.value);
    return {side: side, label: sideName(c, side), quantity: q, chips: c[side].chips,
            hours: q ? chipHours(c.work, q, units) : null, price: typed > 0 ? typed : null};
  }

  function sideLine(s) {
    var li = el("li", s.label + ": ");
    if (!s.hours) {
      li.textContent += "no throughput figure on this side";
      return li;
    }
    var wall = s.chips ? " (" + hours(s.hours / s.chips) + " h on its " + s.chips + " chips)" : "";
    li.textContent += hours(s.hours) + " chip-hours" + wall;
    if (s.price === null) {
      li.textContent += "; no price given";
      return li;
    }
    li.textContent += " × " + money(s.price) + " per chip-hour = ";
    li.appendChild(el("strong", money(s.hours * s.price), {"class": "ab-estimator__usd", "data-side": s.side}));
    return li;
  }

  function cheaperLine(t, g) {
    var tc = t.hours * t.price, gc = g.hours * g.price;
    if (tc === gc) return el("p", "Both cost the same.", {"data-ab-cheaper": "neither"});
    var cheap = tc < gc ? t : g, dear = tc < gc ? g : t;
    return el("p", "The " + NAME[cheap.side] + " is cheaper: the " + NAME[dear.side] + " costs " +
              (Math.max(tc, gc) / Math.min(tc, gc)).toFixed(2) + "× as much.", {"data-ab-cheaper": cheap.side});
  }

  // the break-even price of the side left empty (the TPU where both are given), at the other side's price
  function breakEvenLine(work, t, g) {
    var target = t.price === null ? t : g.price === null ? g : t, known = target === t ? g : t;
    if (known.price === null || !t.quantity || !g.quantity) return null;
    var p = el("p", "Break-even " + NAME[target.side] + " price: ");
    p.appendChild(el("strong", money(breakEven(work, known.price, known.quantity, target.quantity)),
                     {"data-ab-break-even": target.side}));
    p.appendChild(document.createTextNode(" per chip-hour, with the " + NAME[known.side] + " at " +
      money(known.price) + ": below it, the " + NAME[target.side] + " is the cheaper."));
    return p;
  }

  function setUp(form) {
    var data = JSON.parse(form.querySelector(".ab-estimator__data").textContent);
    var pick = form.elements.comparison, offer = form.elements.offer, amount = form.elements.amount;
    var out = form.elements.result, workLabel = form.querySelector("[data-ab-work]");
    var offerNote = form.querySelector("[data-ab-offer-note]");
    var field = function (side) { return form.elements[side + "_price"]; };

    function current() {
      var c = data[pick.value];
      return {c: c, o: c.offers[Number(offer.value)] || c.offers[0]};
    }

    function fillOffers() {
      var c = data[pick.value];
      offer.replaceChildren();
      c.offers.forEach(function (o, i) { offer.appendChild(el("option", offerLabel(o), {value: String(i)})); });
      workLabel.textContent = c.work === "tokens" ? "Tokens to train" : "Training runs";
      if (c.work !== "tokens" && Number(amount.value) > 1e6) amount.value = "1";
      if (c.work === "tokens" && Number(amount.value) < 1e6) amount.value = "1000000000";
    }

    // a comparison or offer picked: each field takes its list price again, or is left for a quote
    function fillPrices() {
      var now = current();
      SIDES.forEach(function (side) {
        var listed = now.o[side];
        field(side).value = listed ? String(listed.usd_per_chip_hour) : "";
        form.querySelector('[data-ab-chip="' + side + '"]').textContent = chipName(now.c, side);
      });
      offerNote.textContent = now.o.note;
    }

    function show() {
      var now = current(), n = Number(amount.value);
      SIDES.forEach(function (side) {
        var typed = field(side).value === "" ? null : Number(field(side).value);
        showHint(form.querySelector('[data-ab-hint="' + side + '"]'), now.o[side], typed);
      });
      out.replaceChildren();
      if (!(n > 0)) {
        out.textContent = "Give an amount above zero.";
        return;
      }
      var units = now.c.work === "tokens" ? n / 1e9 : n;
      var t = sideOf(now.c, "tpu", field("tpu"), units), g = sideOf(now.c, "gpu", field("gpu"), units);
      var list = el("ul");
      list.appendChild(sideLine(t));
      list.appendChild(sideLine(g));
      out.appendChild(list);
      if (t.price !== null && g.price !== null && t.hours && g.hours) out.appendChild(cheaperLine(t, g));
      var even = breakEvenLine(now.c.work, t, g);
      if (even) {
        out.appendChild(even);
      } else if (t.price === null && g.price === null) {
        out.appendChild(el("p", "Give either side's price per chip-hour: the other's break-even price follows."));
      }
    }

    function pickOffer(index) {
      offer.value = String(index);
      fillPrices();
      show();
    }

    pick.addEventListener("change", function () { fillOffers(); pickOffer(0); });
    offer.addEventListener("change", function () { pickOffer(offer.value); });
    [amount, field("tpu"), field("gpu")].forEach(function (input) { input.addEventListener("input", show); });
    // open on the first comparison a list prices on both sides, at that offer
    var both = function (o) { return o.tpu && o.gpu; };
    var start = Math.max(0, data.findIndex(function (c) { return c.offers.some(both); }));
    pick.value = String(start);
    fillOffers();
    pickOffer(Math.max(0, data[start].offers.findIndex(both)));
  }

  document.querySelectorAll("form.ab-estimator").forEach(setUp);
})();
