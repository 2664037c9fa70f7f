// @ts-check
// A classic (non-module) script, so it runs even where module scripts are
// refused: opened straight from the disk (file://), browsers will not run the
// app's modules or WebAssembly. Say so, and how to play from a downloaded copy,
// instead of showing a table that never fills.
(function () {
  if (location.protocol !== "file:") return;
  function show() {
    var box = document.createElement("div");
    box.className = "file-notice";
    box.setAttribute("role", "alert");
    var title = document.createElement("h2");
    title.textContent = "Clover Leaf cannot start from a file";
    var text = document.createElement("p");
    text.textContent =
      "Browsers do not run the game's engine (WebAssembly) from a page opened from the disk. " +
      "In the downloaded folder, run ./build.sh (or: python3 -m http.server --directory dist) " +
      "and open the address it prints, such as http://127.0.0.1:8000/.";
    box.append(title, text);
    document.body.prepend(box);
    document.body.dataset.status = "error";
  }
  if (document.body) show();
  else document.addEventListener("DOMContentLoaded", show);
})();
