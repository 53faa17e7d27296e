// Package picture draws one execution of a concurrent program as a
// self-contained HTML page: a swimlane per goroutine, a row per scheduling
// step labeled with its operation and source line, arrows for the
// happens-before edges between goroutines, and the failure (the racing
// accesses, the blocked goroutines) highlighted. The page has no external
// assets: its SVG, style and script are inline.
package picture

import (
	"fmt"
	"html/template"
	"io"
	"strings"
)

// Picture is an execution to draw.
type Picture struct {
	// Title names the execution ("race found in execution 3 of TestX").
	Title string
	// Kind is the verdict ("race", "deadlock", ..., or "ok") and Message
	// the failure's message, shown on top.
	Kind, Message string
	// Replay is the execution's replay token.
	Replay string
	// Lanes are the goroutines, in the order of their columns.
	Lanes []Lane
	// Steps are the scheduling steps, in order.
	Steps []Step
	// Edges are happens-before edges between steps.
	Edges []Edge
	// Omitted counts the steps before Steps[0] that are not drawn.
	Omitted int
}

// Lane is one goroutine's column.
type Lane struct {
	G       int    // goroutine id (0: the clock)
	Name    string // the function it was created with
	Created string // "created by goroutine 1 at file.go:12", if known
	Blocked bool   // blocked (or leaked) at the end of the execution
}

// Step is one row: a scheduling step of one goroutine.
type Step struct {
	Lane   int    // index in Picture.Lanes
	Op     string // the operation ("chan send", "sync.Mutex.Lock", ...)
	Pos    string // short source position, "file.go:12"
	Source string // the text of that source line
	// Mark highlights the step: "race" (one of the two racing accesses is
	// in it), "blocked" (where its goroutine stays blocked), or "".
	Mark string
	// Note explains a mark ("write of x.go:12 races with ...").
	Note string
}

// Edge is a happens-before edge from step From to step To.
type Edge struct {
	From, To int
	Kind     string // "go", "chan", "close", "lock", "waitgroup"
}

// Geometry of the drawing, in pixels.
const (
	laneWidth = 170
	rowHeight = 24
	headerH   = 58
	numberW   = 46
	boxPad    = 8
	srcWidth  = 640 // the column of source lines
)

// Render writes p as an HTML page to w.
func Render(w io.Writer, p *Picture) error {
	d := drawing{P: p}
	d.SrcX = numberW + laneWidth*len(p.Lanes) + 12
	d.Width = d.SrcX + srcWidth
	d.Height = headerH + rowHeight*len(p.Steps) + 16
	for i, l := range p.Lanes {
		d.LaneViews = append(d.LaneViews, laneView{Lane: l, X: numberW + i*laneWidth, Mid: numberW + i*laneWidth + laneWidth/2, Index: i})
	}
	for i, s := range p.Steps {
		y := headerH + i*rowHeight
		d.StepViews = append(d.StepViews, stepView{Step: s, N: p.Omitted + i + 1, Index: i, X: numberW + s.Lane*laneWidth + boxPad, Y: y + 3, W: laneWidth - 2*boxPad, TextY: y + 16, G: p.Lanes[s.Lane].G})
	}
	for _, e := range p.Edges {
		if e.From < 0 || e.To < 0 || e.From >= len(p.Steps) || e.To >= len(p.Steps) {
			continue
		}
		a, b := d.StepViews[e.From], d.StepViews[e.To]
		x1, y1 := numberW+p.Steps[e.From].Lane*laneWidth+laneWidth/2, a.Y+rowHeight/2
		x2, y2 := numberW+p.Steps[e.To].Lane*laneWidth+laneWidth/2, b.Y+rowHeight/2-4
		if x2 > x1 {
			x1, x2 = x1+a.W/2, x2-b.W/2
		} else if x2 < x1 {
			x1, x2 = x1-a.W/2, x2+b.W/2
		}
		mx := (x1 + x2) / 2
		d.EdgeViews = append(d.EdgeViews, edgeView{Edge: e, Path: fmt.Sprintf("M%d %d C%d %d, %d %d, %d %d", x1, y1, mx, y1, mx, y2, x2, y2)})
	}
	return page.Execute(w, &d)
}

// drawing is the data of the page template.
type drawing struct {
	P             *Picture
	Width, Height int
	SrcX          int // where the source column starts
	LaneViews     []laneView
	StepViews     []stepView
	EdgeViews     []edgeView
}

type laneView struct {
	Lane
	X, Mid, Index int
}

type stepView struct {
	Step
	N, Index, X, Y, W, TextY, G int
}

type edgeView struct {
	Edge
	Path string
}

// label shortens an operation to fit its box.
func label(s string) string {
	if len(s) > 22 {
		return s[:21] + "…"
	}
	return s
}

// shortName drops the package path of a function name for a lane header.
func shortName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 24 {
		s = "…" + s[len(s)-23:]
	}
	return s
}

var page = template.Must(template.New("page").Funcs(template.FuncMap{"label": label, "short": shortName, "add": func(a, b int) int { return a + b }}).Parse(pageHTML))

const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>vt: {{.P.Title}}</title>
<style>
body { font: 13px/1.4 system-ui, sans-serif; margin: 16px; color: #1d1d1f; background: #fff; }
h1 { font-size: 17px; margin: 0 0 6px; }
h1 .kind { color: #fff; background: #c62828; border-radius: 4px; padding: 1px 7px; margin-right: 6px; }
h1 .kind.ok { background: #2e7d32; }
pre.message { background: #fff4f4; border-left: 4px solid #c62828; padding: 8px 10px; margin: 0 0 10px; white-space: pre-wrap; font-size: 12px; max-height: 16em; overflow: auto; }
.token { color: #555; font-size: 12px; margin-bottom: 10px; }
.wrap { display: flex; align-items: flex-start; gap: 0; }
svg text { font: 11px ui-monospace, Menlo, Consolas, monospace; }
svg .lanehead text.name { font-weight: 600; }
svg .lanehead rect { fill: #eef2f7; stroke: #b8c4d4; }
svg .lanehead.blocked rect { fill: #fff0d6; stroke: #e0a030; }
svg .laneline { stroke: #d6dde8; stroke-dasharray: 3 3; }
svg .step > rect { fill: #f6f8fb; stroke: #9aa8bb; rx: 4; }
svg .step.race > rect { fill: #ffd6d6; stroke: #c62828; stroke-width: 2; }
svg .step.blocked > rect { fill: #ffe7b8; stroke: #d08a00; stroke-width: 2; }
svg .step.hl > rect { stroke: #1565c0; stroke-width: 2; }
svg .num { fill: #888; }
svg .edge { fill: none; stroke: #1565c0; stroke-width: 1.4; opacity: .75; marker-end: url(#arrow); }
svg .edge.go { stroke: #6a1b9a; }
svg .edge.lock { stroke: #2e7d32; }
svg .edge.waitgroup { stroke: #ef6c00; }
svg .edge.hl { stroke-width: 3; opacity: 1; }
svg .src .srcbg { fill: transparent; }
svg .step.race .src .srcbg { fill: #ffe3e3; }
svg .step.blocked .src .srcbg { fill: #fff1d0; }
svg .step.hl .src .srcbg { fill: #e3efff; }
svg .src .pos { fill: #1a55a0; }
svg .step.race .src .line { fill: #b71c1c; }
.legend { margin: 6px 0 12px; font-size: 12px; color: #444; }
.legend span { margin-right: 14px; }
.legend i { display: inline-block; width: 18px; height: 3px; vertical-align: middle; margin-right: 4px; }
</style>
</head>
<body>
<h1><span class="kind {{.P.Kind}}">{{.P.Kind}}</span>{{.P.Title}}</h1>
{{if .P.Message}}<pre class="message" id="message">{{.P.Message}}</pre>{{end}}
{{if .P.Replay}}<div class="token">replay token: <code>{{.P.Replay}}</code></div>{{end}}
<div class="legend"><span><i style="background:#6a1b9a"></i>go → start</span><span><i style="background:#1565c0"></i>send → receive, close → receive</span><span><i style="background:#2e7d32"></i>unlock → lock</span><span><i style="background:#ef6c00"></i>Done → Wait</span>{{if .P.Omitted}}<span>(the first {{.P.Omitted}} steps are not drawn)</span>{{end}}</div>
<div class="wrap">
<svg id="lanes" xmlns="http://www.w3.org/2000/svg" width="{{.Width}}" height="{{.Height}}" viewBox="0 0 {{.Width}} {{.Height}}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#1565c0"/></marker></defs>
{{range .LaneViews}}<g class="lanehead{{if .Blocked}} blocked{{end}}" id="lane-{{.G}}" data-goroutine="{{.G}}">
<title>{{if .G}}goroutine {{.G}}: {{.Name}}{{if .Created}}, {{.Created}}{{end}}{{else}}the virtual clock{{end}}</title>
<rect x="{{add .X 4}}" y="4" width="162" height="44" rx="5"/>
<text class="name" x="{{add .X 10}}" y="21">{{if .G}}goroutine {{.G}}{{else}}clock{{end}}</text>
<text x="{{add .X 10}}" y="38">{{short .Name}}</text>
<line class="laneline" x1="{{.Mid}}" y1="50" x2="{{.Mid}}" y2="{{$.Height}}"/>
</g>
{{end}}{{range .StepViews}}<g class="step{{if .Mark}} {{.Mark}}{{end}}" id="step-{{.N}}" data-step="{{.Index}}" data-goroutine="{{.G}}">
<title>step {{.N}}: goroutine {{.G}} {{.Op}} at {{.Pos}}{{if .Source}}: {{.Source}}{{end}}{{if .Note}} — {{.Note}}{{end}}</title>
<text class="num" x="4" y="{{.TextY}}">{{.N}}</text>
<rect x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="18"/>
<text x="{{add .X 6}}" y="{{.TextY}}">{{label .Op}}</text>
<g class="src"><rect class="srcbg" x="{{$.SrcX}}" y="{{.Y}}" width="636" height="20"/><a href="#step-{{.N}}"><text class="pos" x="{{add $.SrcX 6}}" y="{{.TextY}}">{{.Pos}}</text></a><text class="line" x="{{add $.SrcX 110}}" y="{{.TextY}}">{{.Source}}{{if .Note}}   ← {{.Note}}{{end}}</text></g>
</g>
{{end}}{{range .EdgeViews}}<path class="edge {{.Kind}}" data-from="{{.From}}" data-to="{{.To}}" d="{{.Path}}"><title>{{.Kind}}</title></path>
{{end}}</svg>
</div>
<script>
(function () {
  "use strict";
  var steps = document.querySelectorAll("[data-step]");
  var edges = document.querySelectorAll("path.edge");
  function mark(i, on) {
    steps.forEach(function (el) { if (el.getAttribute("data-step") === i) { el.classList.toggle("hl", on); } });
    edges.forEach(function (e) {
      if (e.getAttribute("data-from") === i || e.getAttribute("data-to") === i) { e.classList.toggle("hl", on); }
    });
  }
  steps.forEach(function (el) {
    var i = el.getAttribute("data-step");
    el.addEventListener("mouseenter", function () { mark(i, true); });
    el.addEventListener("mouseleave", function () { mark(i, false); });
  });
  document.body.setAttribute("data-rendered", document.querySelectorAll("g.lanehead").length + " lanes, " + edges.length + " edges");
})();
</script>
</body>
</html>
`
