/* Every table of a page sorts by any column: a click on its heading (Material for MkDocs'
   documented pattern with tablesort, vendored in assets/vendor/tablesort/). Numeric cells carry
   their raw number in data-sort, so "1.2 ms" sorts before "3 s". Under instant navigation
   Material announces each new page on document$; without it, the page is ready on DOMContentLoaded. */
(function () {
  function sortable() {
    document.querySelectorAll("article table").forEach(function (table) {
      if (!table.hasAttribute("data-tablesort")) {  /* once per table */
        table.setAttribute("data-tablesort", "");
        new Tablesort(table);
      }
    });
  }
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(sortable);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", sortable);
  } else {
    sortable();
  }
})();
