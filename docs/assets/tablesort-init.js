/* Every table of a page sorts by any column: a click on its heading (Material for MkDocs'
   documented pattern with tablesort, vendored in assets/vendor/tablesort/). Numeric cells carry
   their raw number in data-sort, so "1.2 ms" sorts before "3 s". Under instant navigation
   Material announces each new page on document$; without it, the page is ready on DOMContentLoaded. */
(function () {
  /* A row that spans columns (a failed measurement: one cell saying why) has no value per
     column: it keeps its place. A column whose every other cell carries a number sorts as numbers
     (tablesort guesses from the first three cells, which a failed row can mislead). */
  function prepare(table) {
    var rows = Array.prototype.filter.call(table.tBodies[0] ? table.tBodies[0].rows : [], function (row) {
      if (row.querySelector("td[colspan]")) {
        row.setAttribute("data-sort-method", "none");
        return false;
      }
      return true;
    });
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (head, i) {
      var numeric = rows.length > 0 && rows.every(function (row) {
        var cell = row.cells[i];
        return cell && cell.hasAttribute("data-sort") && cell.getAttribute("data-sort") !== "" &&
          !isNaN(Number(cell.getAttribute("data-sort")));
      });
      if (numeric && !head.hasAttribute("data-sort-method")) {
        head.setAttribute("data-sort-method", "number");
      }
    });
  }

  /* One task per table: a page of many tables does not hold the main thread in one long task (a
     phone's reader would feel it as a page that does not answer). */
  function sortable() {
    var tables = Array.prototype.slice.call(document.querySelectorAll("article table"));
    (function next() {
      var table = tables.shift();
      if (!table) {
        return;
      }
      if (!table.hasAttribute("data-tablesort")) {  /* once per table */
        table.setAttribute("data-tablesort", "");
        prepare(table);
        new Tablesort(table);
      }
      setTimeout(next, 0);
    })();
  }
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(sortable);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", sortable);
  } else {
    sortable();
  }
})();
