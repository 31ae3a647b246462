// Starts Mission 10, part 2, in the table named by ?table=, with the seat
// token the table's phone UI stored in localStorage "tw:<tableId>".
(function () {
  "use strict";
  var button = document.getElementById("start-part2");
  var status = document.getElementById("start-status");
  if (!button || !status) { return; }
  var table = button.getAttribute("data-table") || "";
  var cred = null;
  try {
    cred = JSON.parse(window.localStorage.getItem("tw:" + table) || "null");
  } catch (e) { cred = null; }
  if (!cred || !cred.token) {
    button.disabled = true;
    status.textContent = "This phone has not joined table " + table + ": open this page from a phone that has.";
    return;
  }
  function randomKey() {
    var a = new Uint8Array(16);
    window.crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  var key = randomKey();
  button.addEventListener("click", function () {
    button.disabled = true;
    status.textContent = "Starting part 2…";
    fetch("/api/tables/" + encodeURIComponent(table) + "/moves", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + cred.token },
      body: JSON.stringify({ type: "start_kraken_part2", args: {}, idempotency_key: key })
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (res.ok) {
          status.textContent = "Part 2 has started at your table. Good hunting, Cadets.";
          return;
        }
        var msg = (body && (body.message || (body.error && body.error.message))) || ("error " + res.status);
        status.textContent = "Not started: " + msg;
        button.disabled = false;
      });
    }).catch(function () {
      status.textContent = "No connection to the table server; try again.";
      button.disabled = false;
    });
  });
})();
