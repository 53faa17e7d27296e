package main

// Tests that vt's usage messages and package documentation list every
// command and every flag, with the types and defaults of explore.OptionTable,
// and that the command honours each option's flag and environment variable.

import (
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
)

// The main usage lists every command and every exploration option with its
// type and default.
func TestMainUsageListsEverything(t *testing.T) {
	r := vt()
	assert.Equal(t, 2, r.code)
	h := vt("help")
	assert.Equal(t, 0, h.code)
	assert.Equal(t, r.stderr, h.stdout)
	for _, want := range []string{"run DIR [args...]", "check DIR", "test DIR|PATTERN...", "replay DIR TOKEN|FILE"} {
		assert.Contains(t, r.stderr, want)
	}
	for _, c := range commands {
		assert.Regexp(t, `(?m)^  `+regexp.QuoteMeta(c.name+" "+c.args)+` +\S`, r.stderr, "command %s", c.name)
	}
	for _, s := range explore.OptionTable {
		line := regexp.QuoteMeta("-"+s.Name+" "+s.Type) + ` +` + regexp.QuoteMeta(s.Doc)
		if s.Default != "" {
			line += regexp.QuoteMeta(" (default " + s.Default + ")")
		}
		assert.Regexp(t, `(?m)^[ *] `+line+`$`, r.stderr, "option %s", s.Name)
	}
	assert.Contains(t, r.stderr, "-json")
}

// Each command's -h lists its flags: check and test every option, replay
// those that shape one execution; each with its type and default.
func TestCommandHelpListsOptions(t *testing.T) {
	for _, cmd := range []string{"check", "test", "replay"} {
		h := vt(cmd, "-h")
		require.Equal(t, 0, h.code, cmd)
		assert.Contains(t, h.stderr, "usage: vt "+cmd)
		assert.Contains(t, h.stderr, "  -json\n")
		for _, s := range explore.OptionTable {
			entry := "  -" + s.Name + " " + s.Type + "\n    \t" + s.Doc
			if s.Default != "" {
				entry += " (default " + s.Default + ")"
			}
			if cmd == "replay" && !s.OneRun && s.Name != "html" {
				assert.NotContains(t, h.stderr, "-"+s.Name+" ", "vt replay -h")
				r := vt(cmd, "-"+s.Name+"=1", "testdata/correct", "vt1:00:0")
				assert.Equal(t, 2, r.code)
				assert.Contains(t, r.stderr, "flag provided but not defined: -"+s.Name)
				continue
			}
			assert.Contains(t, h.stderr, entry+"\n", "vt %s -h: option %s", cmd, s.Name)
		}
	}
	assert.Contains(t, vt("test", "-h").stderr, "  -run regexp\n")
	assert.Contains(t, vt("replay", "-h").stderr, "  -test TestX\n")
	assert.Contains(t, vt("run", "-h").stderr, "  -steps N\n")
}

// The package documentation (go doc) names every command and flag.
func TestPackageDocListsEverything(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	require.NoError(t, err)
	doc := f.Doc.Text()
	for _, c := range commands {
		assert.Contains(t, doc, "vt "+c.name+" ", "main.go's doc: command %s", c.name)
	}
	for _, s := range explore.OptionTable {
		assert.Regexp(t, `take every exploration option of vt.Check as a flag\s+-NAME \([^)]*-`+s.Name+`\b`, doc, "main.go's doc: flag -%s", s.Name)
		if s.OneRun {
			assert.Regexp(t, `replay those that shape one execution\s+\([^)]*-`+s.Name+`\b`, doc, "main.go's doc: replay's flag -%s", s.Name)
		} else {
			assert.NotRegexp(t, `replay those that shape one execution\s+\([^)]*-`+s.Name+`\b`, doc, "main.go's doc: -%s is not a flag of vt replay", s.Name)
		}
	}
	for _, flag := range []string{"-json", "-run", "-test"} {
		assert.Contains(t, doc, flag)
	}
}

// A bad option value gives the error vt.Check gives, from a flag or the
// environment; a flag beats the environment.
func TestCLIOptionSources(t *testing.T) {
	const msg = `vt: bad value "bogus" for option strategy: want portfolio, dpor, stateful, regions, dfs, random, pct, pct:DEPTH, guided or jrf`
	r := vt("check", "-strategy=bogus", "testdata/correct")
	assert.Equal(t, 2, r.code)
	assert.Equal(t, msg+"\n", r.stderr)

	t.Setenv("VT_STRATEGY", "bogus")
	r = vt("check", "testdata/correct")
	assert.Equal(t, 2, r.code)
	assert.Equal(t, msg+"\n", r.stderr, "VT_STRATEGY")
	r = vt("test", "testdata/tests")
	assert.Equal(t, msg+"\n", r.stderr, "VT_STRATEGY")

	// The flag beats the environment: the error is now about -execs.
	r = vt("check", "-strategy=dfs", "-execs=0", "testdata/correct")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `bad value "0" for option execs`)

	// vt replay reads the variables of its own options only.
	t.Setenv("VT_STEPS", "0")
	r = vt("replay", "testdata/correct", "vt1:00:0")
	assert.Contains(t, r.stderr, `bad value "0" for option steps`)
	r = vt("replay", "-steps=5", "testdata/correct", "bogus")
	assert.Contains(t, r.stderr, "neither a replay token")
}

// The replay command line repeats the options that shape one execution
// when they are not the default.
func TestReplayLineRepeatsOneRunOptions(t *testing.T) {
	o := explore.DefaultOptions()
	assert.Equal(t, "vt replay dir ", replayLine("", "dir", o))
	o, err := explore.ParseOptions(map[string]string{"seed": "3", "steps": "500", "race": "lockset", "trust": "a/b,c", "execs": "9", "strategy": "random"})
	require.NoError(t, err)
	line := replayLine("TestX", "./my dir", o)
	assert.Equal(t, "vt replay -test TestX -steps=500 -seed=3 -race=lockset -trust=a/b,c './my dir' ", line)
	for _, s := range explore.OptionTable {
		if !s.OneRun {
			assert.NotContains(t, line, "-"+s.Name, "option %s does not shape one execution", s.Name)
		}
	}
	assert.True(t, strings.HasPrefix(line, "vt replay "))
}
