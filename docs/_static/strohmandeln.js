// The docs' own script (conf.py: html_js_files): a visible hint over each box that scrolls
// sideways, so that a reader knows there is more to the right (strohmandeln.css styles it).
// The boxes: a code block whose lines are longer than the column, and a table that a page
// marks with the class "scrolls" (.. table:: with :class: scrolls) and is wider than the column.
(() => {
  "use strict";
  const HINT = "scroll sideways for the rest \u2192";
  const boxes = () => [
    ...document.querySelectorAll("div.highlight > pre"),
    ...document.querySelectorAll("div.table-wrapper.scrolls, div.table-wrapper:has(> table.scrolls)"),
  ];
  const update = () => {
    for (const box of boxes()) {
      // (before the code block's outermost box: Furo lays out div.highlight-LANG as a flex row)
      const holder = box.tagName === "PRE" ? box.parentElement.closest("[class*='highlight-']") || box.parentElement : box;
      const wide = box.scrollWidth > box.clientWidth + 1;
      let hint = holder.previousElementSibling;
      if (!(hint && hint.classList.contains("scroll-hint"))) hint = null;
      if (wide && !hint) {
        hint = document.createElement("div");
        hint.className = "scroll-hint";
        hint.setAttribute("aria-hidden", "true");
        hint.textContent = HINT;
        holder.before(hint);
      } else if (!wide && hint) {
        hint.remove();
      }
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", update);
  else update();
  window.addEventListener("resize", update);
  document.addEventListener("toggle", update, true);  // (a folded block opened: <details>)
})();
