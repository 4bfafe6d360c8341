/* The cost-to-train estimate on the cost page: the same arithmetic as the priced table beside it
   (publish/render/pricing.py), on the same figures, shipped in the page as JSON. Chip-hours =
   work / throughput (a billion tokens: 1e9 / (tokens/s per chip x 3600); a run: its chip-hours),
   dollars = chip-hours x the list price per chip-hour. A plain script: it works from disk. */
(function () {
  "use strict";

  function chipHours(work, quantity, amount) {
    return work === "tokens" ? amount / (quantity * 3600) : amount * quantity;
  }

  function money(x) {
    return "$" + x.toLocaleString("en-US", {minimumFractionDigits: 2, maximumFractionDigits: 2});
  }

  function hours(x) {
    return x.toLocaleString("en-US", {maximumFractionDigits: x < 10 ? 2 : 0});
  }

  function sideText(name, side, price, work, amount) {
    if (!price || !side.quantity) return null;
    var h = chipHours(work, side.quantity, amount);
    var wall = side.chips ? "; " + hours(h / side.chips) + " h on its " + side.chips + " chips" : "";
    return {usd: h * price.usd_per_chip_hour,
            text: name + " " + side.chip + ": " + hours(h) + " chip-hours" + wall + " × $" +
                  price.usd_per_chip_hour.toFixed(2) + "/chip-hour (" + (price.region || "region not stated") +
                  ", " + price.when + ") = "};
  }

  function setUp(form) {
    var data = JSON.parse(form.querySelector(".ab-estimator__data").textContent);
    var pick = form.elements.comparison, tier = form.elements.tier, amount = form.elements.amount;
    var out = form.elements.result, workLabel = form.querySelector("[data-ab-work]");

    function fillTiers() {
      var c = data[pick.value];
      tier.innerHTML = "";
      c.tiers.forEach(function (t, i) {
        var o = document.createElement("option");
        o.value = String(i);
        o.textContent = t.provider === "–" ? "not priced" : t.provider + " " + t.tier + (t.reason ? " (not priced)" : "");
        tier.appendChild(o);
      });
      workLabel.textContent = c.work === "tokens" ? "Tokens to train" : "Training runs";
      if (c.work !== "tokens" && Number(amount.value) > 1e6) amount.value = "1";
      if (c.work === "tokens" && Number(amount.value) < 1e6) amount.value = "1000000000";
    }

    function show() {
      var c = data[pick.value], t = c.tiers[Number(tier.value)], n = Number(amount.value);
      out.textContent = "";
      if (!t) return;
      if (t.reason || !(n > 0)) {
        out.textContent = t.reason ? "Not priced: " + t.reason : "Give an amount above zero.";
        return;
      }
      var list = document.createElement("ul");
      [["TPU", c.tpu, t.tpu], ["GPU", c.gpu, t.gpu]].forEach(function (s) {
        var r = sideText(s[0], s[1], s[2], c.work, n), li = document.createElement("li");
        if (r) {
          li.textContent = r.text;
          var b = document.createElement("strong");
          b.className = "ab-estimator__usd";
          b.dataset.side = s[0].toLowerCase();
          b.textContent = money(r.usd);
          li.appendChild(b);
        } else {
          li.textContent = s[0] + ": not priced";
        }
        list.appendChild(li);
      });
      out.appendChild(list);
    }

    function firstPriced(c) {
      return c.tiers.findIndex(function (t) { return !t.reason; });
    }

    pick.addEventListener("change", function () {
      fillTiers();
      tier.value = String(Math.max(0, firstPriced(data[pick.value])));
      show();
    });
    tier.addEventListener("change", show);
    amount.addEventListener("input", show);
    // open on the first comparison that has a price, at its first priced tier
    var start = data.findIndex(function (c) { return firstPriced(c) >= 0; });
    if (start >= 0) pick.value = String(start);
    fillTiers();
    tier.value = String(Math.max(0, firstPriced(data[pick.value])));
    show();
  }

  document.querySelectorAll("form.ab-estimator").forEach(setUp);
})();
