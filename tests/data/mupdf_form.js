// A fillable sheet in MuPDF with its JavaScript on, run by `mutool run` (Debian's mupdf-tools).
// Arguments: the sheet, a JSON spec {names, type, read, save}. `names` lists each page's widgets'
// full field names in /Annots order (this MuPDF's script API cannot name a widget); `type` is
// [field, text] pairs typed key by key as the viewer's editor sends them ("\b" deletes one);
// `read` the fields whose values are printed as one JSON line; `save` a path to save to.
var doc = new PDFDocument(scriptArgs[0]);
var spec = JSON.parse(read(scriptArgs[1]));
var alerts = [];
doc.enableJS();
doc.setJSEventListener({ onAlert: function (message) { alerts.push(String(message)); } });
var widgets = {}, pages = [];
for (var p = 0; p < spec.names.length; p++) {
  var page = doc.loadPage(p), list = page.getWidgets();
  pages.push(page);
  for (var i = 0; i < list.length; i++) widgets[spec.names[p][i]] = { widget: list[i], page: page };
}
function update() { for (var p = 0; p < pages.length; p++) pages[p].update(); }
for (var t = 0; t < spec.type.length; t++) {
  var found = widgets[spec.type[t][0]], text = spec.type[t][1];
  if (!found) throw new Error("no widget named " + spec.type[t][0]);
  for (var k = 0; k < text.length; k++) {
    var now = String(found.widget.getValue());
    found.widget.setTextValue(text[k] === "\b" ? now.substring(0, now.length - 1) : now + text[k]);
  }
  update();
}
var out = { alerts: alerts, values: {} };
for (var r = 0; r < spec.read.length; r++) out.values[spec.read[r]] = String(widgets[spec.read[r]].widget.getValue());
if (spec.save) doc.save(spec.save, "");
print(JSON.stringify(out));
