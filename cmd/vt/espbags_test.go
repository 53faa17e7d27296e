package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkJSON runs vt check -json with args and decodes the result.
func checkJSON(t *testing.T, args ...string) (res struct {
	Verdict    string
	Exhaustive bool
	Executions int
	Notes      []string
	Failure    *struct{ Kind, Message string }
}) {
	t.Helper()
	r := vt(append([]string{"check", "-json", "-corpus", "off"}, args...)...)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), "%s%s", r.stdout, r.stderr)
	return res
}

// TestESPBags: vt check decides an async/finish program in one depth-first
// execution with ESP-bags and says so: every determinacy race (here on
// total, not on parts, whose slots are the tasks' own) or ok for every
// schedule. Another strategy, or a program that uses isolated, is
// explored as usual.
func TestESPBags(t *testing.T) {
	res := checkJSON(t, filepath.Join("testdata", "espbags"))
	assert.Equal(t, "race", res.Verdict)
	assert.Equal(t, 1, res.Executions)
	assert.True(t, res.Exhaustive)
	require.NotNil(t, res.Failure)
	assert.Contains(t, res.Failure.Message, "determinacy races (ESP-bags, every schedule): 3")
	assert.Contains(t, res.Failure.Message, "data race (write-read): read at main.go:20:6 by goroutine 3, previous write at main.go:20:6 by goroutine 2")
	assert.Contains(t, res.Failure.Message, "data race (write-write): write at main.go:20:6")
	assert.Contains(t, res.Failure.Message, "data race (read-write): write at main.go:20:6")
	assert.NotContains(t, res.Failure.Message, "main.go:19:")
	require.NotEmpty(t, res.Notes)
	assert.Contains(t, res.Notes[0], "ESP-bags")

	res = checkJSON(t, filepath.Join("testdata", "annotate", "slice"))
	assert.Equal(t, "ok", res.Verdict)
	assert.Equal(t, 1, res.Executions)
	assert.True(t, res.Exhaustive)
	require.NotEmpty(t, res.Notes)
	assert.Contains(t, res.Notes[0], "one depth-first execution, which covers every schedule")

	res = checkJSON(t, "-strategy", "regions", filepath.Join("testdata", "espbags"))
	assert.Equal(t, "race", res.Verdict)
	assert.Empty(t, res.Notes)

	res = checkJSON(t, filepath.Join("testdata", "annotate", "isolated"))
	assert.Equal(t, "ok", res.Verdict)
	assert.Greater(t, res.Executions, 1)
	assert.Empty(t, res.Notes)
}
