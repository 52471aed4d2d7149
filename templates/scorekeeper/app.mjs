// The scorekeeper's start: the store reads the saved game back, the controller decides, the view
// draws; each page event the view binds runs one controller action, then the view draws the result.
import { Store } from "./store.mjs";
import { Controller } from "./controller.mjs";
import { View } from "./view.mjs";

/** After the next frame is drawn (or a tenth of a second, in a tab that draws none): a save waits for it. */
function afterFrame(write) {
  const timer = setTimeout(write, 100);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      write();
    }),
  );
}

const model = JSON.parse(document.getElementById("model").textContent);
const view = new View(model);
const store = new Store(model, localStorage, { later: afterFrame, refused: () => update({ alert: model.text.not_saved }) });
const controller = new Controller(model, store.load(), { lang: document.documentElement.lang });
/** Show what an action said and draw the screen it left; the result goes back to the view. */
const update = (result) => view.show(result ?? {}, controller.screen());
const run = (action) => (...args) => update(action.apply(controller, args));

view.bindStart(run(controller.start));
view.bindBack(run(controller.back));
view.bindNewPlayers(run(controller.openSetup));
view.bindDice(run(controller.typeDice), run(controller.enterDice));
view.bindFaces(run(controller.addDie), run(controller.removeDie));
view.bindClearDice(() => update(controller.typeDice("")));
view.bindPlace(run(controller.place));
view.bindScratch(run(controller.setScratch));
view.bindChooseBox(run(controller.chooseBox));
view.bindWriteScore(run(controller.writeScore));
view.bindBoxButtons(run(controller.clearBox), run(controller.tick));
view.bindUndo(run(controller.undo));
/** A game as a file: downloaded, and the page says under which name. */
const exported = (id) => {
  const file = controller.exportGame(id);
  if (file) view.download(file);
  return update(file ? { status: file.status } : {});
};
view.bindButtons({
  "cancel-correction": run(controller.cancelCorrection),
  "new-game": run(controller.newGame),
  export: () => exported(null),
  "download-set-aside": () => view.download(controller.setAsideFile()),
  "dismiss-set-aside": run(controller.forgetSetAside),
});
view.bindImport(async (file) =>
  // A file past the limit is refused unread, as `sheetgen score` refuses it.
  update(file.size > model.constants.max_import_bytes ? controller.tooBig(file.name) : controller.importText(await file.text(), file.name)),
);
view.bindHistory({
  resume: run(controller.resume),
  "view-game": run(controller.view),
  "export-game": exported,
  "delete-game": (id) => {
    const question = controller.deleteQuestion(id);
    if (question && view.confirm(question)) update(controller.remove(id));
  },
});
view.bindCard({ tap: run(controller.tapCell), move: run(controller.moveCursor), focus: run(controller.cursorToTurn), enter: run(controller.tapCursor) });
view.bindPage(() => controller.flush(), (key) => {
  const result = controller.storageChanged(key);
  if (result) update(result);
});
update({});
