// A fillable sheet's tab scripts run as pdf.js runs them: each event by global eval, `this` the
// document, in one lasting global scope (sheetgen/forms/taborder.py). stdin: {down, focus,
// forward, runs}, each run a list of steps from a fresh start: ["down", field] (Mouse Down),
// ["focus", field], or ["key", field, text] (a key its own keystroke script let through, then the
// script that follows it). stdout: per run, per step, what the scripts did: "->F" moved the focus
// to F, "F=text" set F's value and refused the key, "calc" recalculated, or null for nothing.
import { readFileSync } from "node:fs";

const spec = JSON.parse(readFileSync(0, "utf8"));
let did = [];
globalThis.getField = (name) => ({
  name,
  setFocus() { did.push("->" + name); },
  set value(text) { did.push(name + "=" + text); },
  get value() { return ""; },
});
globalThis.calculateNow = () => { did.push("calc"); };
const out = spec.runs.map((run) => {
  globalThis.sheetgenTab = undefined;
  return run.map(([kind, name, change]) => {
    did = [];
    globalThis.event = { target: { name }, change: change || "", willCommit: false, rc: true };
    (0, eval)(spec[kind === "key" ? "forward" : kind]);
    if (kind === "key" && globalThis.event.rc) did = did.filter((x) => !x.includes("="));
    return did.length ? did.join(" ") : null;
  });
});
console.log(JSON.stringify(out));
