// A fillable sheet's shared Mouse Down and Focus scripts run as pdf.js runs them: each event by
// global eval, `this` the document, in one lasting global scope (sheetgen/forms/taborder.py).
// stdin: {down, focus, runs}, each run a list of [event, field] steps ("down" or "focus") from a
// fresh start; stdout: per run, per step, the field the scripts moved the focus to, or null.
import { readFileSync } from "node:fs";

const spec = JSON.parse(readFileSync(0, "utf8"));
let moved = null;
globalThis.getField = (name) => ({ name, setFocus() { moved = name; } });
const out = spec.runs.map((run) => {
  globalThis.sheetgenTab = undefined;
  return run.map(([kind, name]) => {
    moved = null;
    globalThis.event = { target: { name } };
    (0, eval)(kind === "down" ? spec.down : spec.focus);
    return moved;
  });
});
console.log(JSON.stringify(out));
