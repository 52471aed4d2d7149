// Drives the scorekeeper's controller and store in Node, without a browser, for
// tests/test_scorekeeper_actions.py. stdin: {model, lang, runs}; each run is {storage?, steps}, a
// page opened on a localStorage holding `storage` ({key: text}), then steps, each one of
//   ["c", method, ...args]   a controller call: what it returned
//   ["s", method, ...args]   a store call: what it returned
//   ["other", key, text]     another tab writes `key` (text, or null to remove it): nothing
//   ["broken", on]           the browser refuses (on) or takes (off) every write from now: nothing
// An argument "$past" stands for the id of the newest past game at that step.
// stdout: per run, {results, ui, saved, screen, refused}: every step's result (functions dropped),
// the controller's ui, the storage after a flush, what the view would draw (screen(), its
// derived part left out) and how often the store said the browser refused a write.
import { readFileSync } from "node:fs";
import { Controller } from "../../templates/scorekeeper/controller.mjs";
import { Store } from "../../templates/scorekeeper/store.mjs";

const { model, lang, runs } = JSON.parse(readFileSync(0, "utf8"));

/** A localStorage holding `items`, which throws on writes while `state.broken`. */
function storageOf(items, state) {
  const kept = new Map(Object.entries(items));
  return {
    kept,
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => {
      if (state.broken) throw new Error("QuotaExceededError");
      kept.set(key, String(value));
    },
    removeItem: (key) => kept.delete(key),
  };
}

/** A value as JSON can carry it: functions and the store's own objects left out. */
function plain(value) {
  return JSON.parse(JSON.stringify(value ?? null, (key, v) => (typeof v === "function" || v instanceof Map ? undefined : v)));
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function play({ storage = {}, steps }) {
  const state = { broken: false, refused: 0 };
  const local = storageOf(storage, state);
  const waiting = [];
  const store = new Store(model, local, { later: (write) => waiting.push(write), refused: () => (state.refused += 1) }).load();
  const controller = new Controller(model, store, { lang });
  const results = steps.map(([kind, name, ...args]) => {
    if (kind === "other") {
      if (args[0] === null) local.kept.delete(name);
      else local.kept.set(name, args[0]);
      return null;
    }
    if (kind === "broken") {
      state.broken = name;
      return null;
    }
    const target = kind === "c" ? controller : store;
    return plain(target[name](...args.map((arg) => (arg === "$past" ? store.history[0]?.id : arg))));
  });
  for (const write of waiting.splice(0)) write();
  const { d, ...screen } = controller.screen();
  return {
    results,
    ui: plain(controller.ui),
    saved: Object.fromEntries([...local.kept].map(([k, v]) => [k, parsed(v)])),
    screen: plain({ ...screen, history: screen.history() }),
    refused: state.refused,
  };
}

process.stdout.write(JSON.stringify(runs.map(play)));
