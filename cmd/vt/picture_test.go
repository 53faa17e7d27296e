package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// browser returns a headless-capable Chromium, or skips the test: $VT_BROWSER,
// else chromium, chromium-browser or google-chrome on PATH.
func browser(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("VT_BROWSER"); b != "" {
		return b
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no headless browser: install Chromium (apt-get install -y chromium; .ci/run does) or set VT_BROWSER to test the HTML picture in a browser")
	return ""
}

// consoleLine matches what Chromium logs for the page's console messages
// and uncaught errors with --enable-logging=stderr.
var consoleLine = regexp.MustCompile(`:CONSOLE[:(]\d+\)?\] .*`)

// render loads page in headless Chromium and returns the DOM after its
// scripts ran, and the console messages the page produced.
func render(t *testing.T, chromium, page string) (dom string, console []string) {
	t.Helper()
	abs, err := filepath.Abs(page)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--enable-logging=stderr", "--v=0", "--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+abs)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "chromium: %s", stderr.String())
	return string(out), consoleLine.FindAllString(stderr.String(), -1)
}

func TestPictureInBrowser(t *testing.T) {
	chromium := browser(t)
	freshCorpus(t, "picture")
	dir := t.TempDir()

	// A page with a script error: the console check sees it.
	bad := filepath.Join(dir, "bad.html")
	require.NoError(t, os.WriteFile(bad, []byte(`<!DOCTYPE html><body><script>notDefined();</script></body>`), 0o644))
	_, console := render(t, chromium, bad)
	require.NotEmpty(t, console, "an uncaught error is logged")
	assert.Contains(t, strings.Join(console, "\n"), "notDefined")

	// vt check -html draws the race it finds.
	page := filepath.Join(dir, "race.html")
	r := vt("check", "-html", page, "testdata/picture")
	assertNoTraceback(t, r)
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "vt: race found")
	assert.Contains(t, r.stdout, "picture: "+page)

	dom, console := render(t, chromium, page)
	assert.Empty(t, console, "the page logs nothing and throws nothing")
	assert.Contains(t, dom, `data-rendered="3 lanes,`, "the page's script ran to its end")
	for _, g := range []string{"1", "2", "3"} {
		assert.Regexp(t, `<g class="lanehead" id="lane-`+g+`" data-goroutine="`+g+`">`, dom, "goroutine %s has its lane", g)
	}
	assert.Contains(t, dom, "main.count")
	assert.Contains(t, dom, "main.produce")
	// Both racing accesses are highlighted, with their source lines.
	assert.Equal(t, 2, strings.Count(dom, `<g class="step race"`))
	assert.Contains(t, dom, "write at main.go:36:2: hits += v (races with goroutine 3)")
	assert.Contains(t, dom, "read at main.go:21:2: *hits++ (races with goroutine 1)")
	// The happens-before edges: go → start, send → receive, unlock → lock, Done → Wait.
	for _, kind := range []string{"go", "chan", "lock", "waitgroup"} {
		assert.Contains(t, dom, `<path class="edge `+kind+`"`, "a %s edge", kind)
	}
	assert.Contains(t, dom, "data race (write-read)", "the failure is on top")

	// vt replay -html draws the same execution from its token.
	tok := regexp.MustCompile(`vt1:[0-9a-f]+:\S+`).FindString(r.stdout)
	require.NotEmpty(t, tok)
	again := filepath.Join(dir, "replay.html")
	rr := vt("replay", "-html", again, "testdata/picture", tok)
	require.Equal(t, 1, rr.code, "stdout:\n%s\nstderr:\n%s", rr.stdout, rr.stderr)
	assert.Contains(t, rr.stdout, "picture: "+again)
	dom2, console := render(t, chromium, again)
	assert.Empty(t, console)
	assert.Equal(t, 2, strings.Count(dom2, `<g class="step race"`))
}

func TestPictureNextToSavedSchedule(t *testing.T) {
	freshCorpus(t, "lockorder")
	r := vt("check", "-strategy", "dfs", "-html", "on", "testdata/lockorder")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	files, err := filepath.Glob("testdata/lockorder/testdata/vt/main/*.html")
	require.NoError(t, err)
	require.Len(t, files, 1, "the picture is written next to the saved schedule")
	assert.Contains(t, r.stdout, "picture: "+files[0])
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	page := string(data)
	assert.Equal(t, 3, strings.Count(page, `<g class="step blocked"`), "the goroutines blocked in Lock and main in Wait are highlighted")
	assert.Equal(t, 2, strings.Count(page, "← blocked here: sync.Mutex.Lock"))
	assert.Contains(t, page, `class="lanehead blocked"`)
	assert.Contains(t, page, "fatal error: all goroutines are asleep - deadlock!")
	// The picture is not taken for a schedule on the next run.
	again := vt("check", "testdata/lockorder")
	assert.Equal(t, 1, again.code, again.stderr)
	assert.Contains(t, again.stdout, "vt: deadlock found in execution 1 of main")
}
