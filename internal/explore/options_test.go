package explore

import (
	"flag"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The table is well formed: unique lower-case names, a known type, one line
// of doc, a default its own parser accepts and formats back unchanged.
func TestOptionTable(t *testing.T) {
	seen := map[string]bool{}
	def := DefaultOptions()
	for _, s := range OptionTable {
		assert.Regexp(t, `^[a-z]+$`, s.Name)
		assert.False(t, seen[s.Name], "option %s declared twice", s.Name)
		seen[s.Name] = true
		assert.Contains(t, []string{"int", "duration", "string", "list", "bool"}, s.Type, s.Name)
		assert.NotEmpty(t, s.Doc, s.Name)
		assert.NotContains(t, s.Doc, "\n", s.Name)
		assert.False(t, strings.HasSuffix(s.Doc, "."), "%s: doc ends with a period", s.Name)
		assert.LessOrEqual(t, len(s.Doc), 80, "%s: doc of one short line", s.Name)
		require.NotNil(t, s.set, s.Name)
		require.NotNil(t, s.get, s.Name)
		assert.Equal(t, s.Default, s.Value(&def), "%s: the default formats back to Default", s.Name)
		assert.Equal(t, "VT_"+strings.ToUpper(s.Name), s.EnvVar())
		assert.Same(t, s, LookupOption(s.Name))
	}
	assert.Nil(t, LookupOption("speed"))
}

// The defaults are those vt always had.
func TestDefaultOptions(t *testing.T) {
	assert.Equal(t, Options{Strategy: "portfolio", PCTDepth: 3, Execs: 100000, Steps: 0, Preempt: -2, Time: 10 * time.Second, Corpus: "auto", Race: "h", JRF: jrfHeuristics{true, true, true, true}, Clock: "1ms", Enumerate: 16}, DefaultOptions())
}

// Every option's value survives a round trip through its text form.
func TestOptionRoundTrip(t *testing.T) {
	cases := map[string]map[string]string{
		"strategy":     {"dfs": "dfs", "dpor": "dpor", "portfolio": "portfolio", "random": "random", "pct": "pct", "pct:3": "pct", "pct:5": "pct:5", "guided": "guided", "jrf": "jrf"},
		"guide":        {"": "", "a/x.go:3, y.go:14": "x.go:3,y.go:14"},
		"jrf":          {"WF,WW,ARA,AF": "WF,WW,ARA,AF", "af,wf": "WF,AF", "": ""},
		"transactions": {"on": "on", "true": "on", "off": "off"},
		"execs":        {"1": "1", "250": "250"},
		"steps":        {"7": "7"},
		"preempt":      {"auto": "auto", "-1": "-1", "0": "0", "4": "4"},
		"seed":         {"-3": "-3", "42": "42"},
		"time":         {"1m30s": "1m30s", "90s": "1m30s", "250ms": "250ms"},
		"replay":       {"vt1:00:0": "vt1:00:0", "": ""},
		"profile":      {"vt.pprof": "vt.pprof", "": ""},
		"html":         {"out.html": "out.html", "on": "on", "true": "on", "off": "", "": ""},
		"corpus":       {"auto": "auto", "on": "on", "off": "off", "true": "on", "false": "off"},
		"expect":       {"race": "race", "ok": "ok", "": ""},
		"race":         {"on": "on", "h": "on", "true": "on", "off": "off", "false": "off", "lockset": "lockset"},
		"trust":        {"a, b/c ,": "a,b/c", "": ""},
		"clock":        {"any": "any", "synctest": "synctest", "1ms": "1ms", "250us": "250us"},
		"enumerate":    {"0": "0", "16": "16", "100": "100"},
		"udploss":      {"on": "on", "true": "on", "off": "off", "false": "off"},
		"short":        {"true": "true", "1": "true", "false": "false", "0": "false"},
		"parallel":     {"auto": "auto", "1": "1", "3": "3"},
		"shard":        {"": "", "off": "", "1/1": "1/1", "2/3": "2/3"},
		"resume":       {"": "", "off": "", "on": "on", "true": "on", "ci/cache": "ci/cache"},
	}
	for _, s := range OptionTable {
		assert.Contains(t, cases, s.Name, "option %s: add its round trip cases", s.Name)
	}
	for name, want := range cases {
		s := LookupOption(name)
		require.NotNil(t, s, name)
		for in, out := range want {
			o, err := ParseOptions(map[string]string{s.Name: in})
			require.NoError(t, err, "%s=%q", s.Name, in)
			assert.Equal(t, out, s.Value(&o), "%s=%q", s.Name, in)
			back, err := ParseOptions(map[string]string{s.Name: out})
			require.NoError(t, err)
			assert.Equal(t, o, back, "%s=%q", s.Name, out)
		}
	}
}

// Bad values are refused with the option's name and what it accepts.
func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct{ name, value, msg string }{
		{"strategy", "bfs", `vt: bad value "bfs" for option strategy: want portfolio, dpor, stateful, regions, dfs, random, pct, pct:DEPTH, guided or jrf`},
		{"strategy", "pct:0", `want pct:DEPTH with DEPTH ≥ 1`},
		{"strategy", "dfs:2", `want portfolio, dpor, stateful, regions, dfs, random, pct, pct:DEPTH, guided or jrf`},
		{"execs", "0", `vt: bad value "0" for option execs: want a positive integer`},
		{"steps", "many", `option steps: want a positive integer`},
		{"preempt", "-2", `want an integer ≥ 0, -1 for no bound, or auto`},
		{"seed", "x", `option seed: want an integer`},
		{"time", "-1s", `option time: want a positive duration`},
		{"expect", "error", `option expect: want ok, race, region, deadlock`},
		{"race", "maybe", `option race: want on, off, h or lockset`},
		{"clock", "real", `vt: bad value "real" for option clock: want any, synctest or a duration such as 1ms`},
		{"enumerate", "-1", `option enumerate: want an integer ≥ 0`},
		{"udploss", "sometimes", `option udploss: want on or off`},
		{"short", "yes", `option short: want true or false`},
		{"speed", "fast", `vt: unknown option "speed" (options: strategy, execs, steps, preempt, seed, time, replay, profile, html, corpus, expect, race, trust, guide, jrf, transactions, clock, enumerate, udploss, short, parallel, shard, resume)`},
	} {
		_, err := ParseOptions(map[string]string{tc.name: tc.value})
		require.Error(t, err, "%s=%q", tc.name, tc.value)
		assert.Contains(t, err.Error(), tc.msg)
	}
}

// DefineFlags: one flag per option kept, showing the default; a flag given
// records its value as given, one not given records nothing.
func TestDefineFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	settings := map[string]string{}
	DefineFlags(fs, "p.", "u: ", func(s *OptionSpec) bool { return s.Name != "seed" }, settings)
	for _, s := range OptionTable {
		f := fs.Lookup("p." + s.Name)
		if s.Name == "seed" {
			assert.Nil(t, f)
			continue
		}
		require.NotNil(t, f, s.Name)
		assert.Equal(t, "u: "+s.Doc, f.Usage)
		assert.Equal(t, s.Default, f.DefValue)
		assert.Equal(t, s.Type, f.Value.(interface{ OptionType() string }).OptionType())
	}
	require.NoError(t, fs.Parse([]string{"-p.execs=7", "-p.strategy", "bogus", "-p.trust="}))
	assert.Equal(t, map[string]string{"execs": "7", "strategy": "bogus", "trust": ""}, settings)
	assert.Equal(t, "7", fs.Lookup("p.execs").Value.String())
	assert.Equal(t, "10s", fs.Lookup("p.time").Value.String())

	// The flag package's default listing shows the defaults.
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	assert.Regexp(t, regexp.MustCompile(`-p.execs value\s+u: maximum number of executions \(default 100000\)`), b.String())
	assert.NotContains(t, b.String(), "PANIC")
}

func TestSetFromEnv(t *testing.T) {
	env := map[string]string{"VT_EXECS": "5", "VT_TRUST": "", "VT_SPEED": "fast", "EXECS": "6"}
	s := map[string]string{"execs": "1", "seed": "2"}
	SetFromEnv(s, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	assert.Equal(t, map[string]string{"execs": "5", "seed": "2", "trust": ""}, s)
}
