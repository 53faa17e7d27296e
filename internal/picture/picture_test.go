package picture

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sample() *Picture {
	return &Picture{
		Title: "race in execution 1 of main", Kind: "race", Message: "data race (write-read): <hits>", Replay: "vt1:00:0",
		Lanes: []Lane{{G: 1, Name: "main.main"}, {G: 2, Name: "example.com/p.worker", Created: "created by goroutine 1 at main.go:9", Blocked: true}},
		Steps: []Step{
			{Lane: 0, Op: "go", Pos: "main.go:9", Source: "go worker(ch)"},
			{Lane: 1, Op: "start", Pos: "main.go:3", Source: "func worker(ch chan<- int) {"},
			{Lane: 1, Op: "chan send", Pos: "main.go:4", Source: "ch <- 1 // a < b && c > d", Mark: "race", Note: "write at main.go:4"},
			{Lane: 0, Op: "chan receive", Pos: "main.go:10", Source: "<-ch", Mark: "blocked"},
		},
		Edges: []Edge{{From: 0, To: 1, Kind: "go"}, {From: 2, To: 3, Kind: "chan"}, {From: 9, To: 1, Kind: "chan"}},
	}
}

func TestRenderIsSelfContained(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Render(&b, sample()))
	page := b.String()
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	// Every lane, every step, the highlighted ones, the drawable edges.
	assert.Contains(t, page, `id="lane-1"`)
	assert.Contains(t, page, `id="lane-2"`)
	assert.Contains(t, page, `class="lanehead blocked" id="lane-2"`)
	assert.Equal(t, 4, strings.Count(page, `<g class="step`))
	assert.Equal(t, 1, strings.Count(page, `<g class="step race"`))
	assert.Equal(t, 1, strings.Count(page, `<g class="step blocked"`))
	assert.Equal(t, 2, strings.Count(page, `<path class="edge`), "an edge to a step not drawn is left out")
	assert.Contains(t, page, `<path class="edge go"`)
	// Text is escaped.
	assert.Contains(t, page, "&lt;hits&gt;")
	assert.Contains(t, page, "a &lt; b &amp;&amp; c &gt; d")
	assert.NotContains(t, page, "<hits>")
	// Nothing is fetched: no external scripts, styles, images or fonts.
	for _, re := range []string{`<script[^>]+src=`, `<link`, `<img`, `@import`, `url\((?:'|")?https?:`, `https?://(?:[^w]|w[^w]|ww[^w]|www[^.]|www\.[^w]|www\.w[^3])`} {
		assert.NotRegexp(t, regexp.MustCompile(re), page)
	}
}

func TestLabelsFit(t *testing.T) {
	assert.Equal(t, "chan send", label("chan send"))
	assert.Equal(t, 22, len([]rune(label("sync.RWMutex.RUnlock and more"))))
	assert.Equal(t, "p.worker", shortName("example.com/p.worker"))
}
