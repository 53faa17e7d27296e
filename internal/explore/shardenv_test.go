package explore

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// envOf is a lookup over vars.
func envOf(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

// Setting only one engine's variables gives its shard, counted from 1;
// engines that agree are one shard; a malformed value, an index without
// its total and engines that disagree are errors naming the variables.
func TestShardFromEnv(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		inTests bool
		shard   string // "" with want "": not sharded
		engine  string // "" : nil result
		err     string
	}{
		{name: "none", env: map[string]string{"CI": "true", "GITHUB_ACTIONS": "true"}},
		{name: "gitlab first", env: map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"}, shard: "1/4", engine: "GitLab CI"},
		{name: "gitlab last", env: map[string]string{"CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "4"}, shard: "4/4", engine: "GitLab CI"},
		{name: "circleci first", env: map[string]string{"CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"}, shard: "1/3", engine: "CircleCI"},
		{name: "circleci last", env: map[string]string{"CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3"}, shard: "3/3", engine: "CircleCI"},
		{name: "circleci one job", env: map[string]string{"CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1"}, shard: "", engine: "CircleCI"},
		{name: "buildkite", env: map[string]string{"BUILDKITE_PARALLEL_JOB": "5", "BUILDKITE_PARALLEL_JOB_COUNT": "10"}, shard: "6/10", engine: "Buildkite"},
		{name: "bazel", env: map[string]string{"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"}, shard: "1/2", engine: "Bazel"},
		{name: "bazel in go test", env: map[string]string{"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"}, inTests: true},
		{name: "kubernetes", env: map[string]string{"JOB_COMPLETION_INDEX": "99", "VT_SHARDS": "100"}, shard: "100/100", engine: "a Kubernetes Indexed Job"},
		{name: "kubernetes in go test", env: map[string]string{"JOB_COMPLETION_INDEX": "0", "VT_SHARDS": "100"}, inTests: true, shard: "1/100", engine: "a Kubernetes Indexed Job"},
		{name: "empty values", env: map[string]string{"CI_NODE_INDEX": "", "CI_NODE_TOTAL": " "}},
		{name: "spaces", env: map[string]string{"CI_NODE_INDEX": " 2", "CI_NODE_TOTAL": "3 "}, shard: "2/3", engine: "GitLab CI"},
		{name: "agree", env: map[string]string{"CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"}, shard: "2/3", engine: "GitLab CI"},

		{name: "gitlab zero", env: map[string]string{"CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"},
			err: `vt: CI_NODE_INDEX="0": want an integer from 1 to 4, as CI_NODE_TOTAL=4 gives (GitLab CI numbers its jobs from 1)`},
		{name: "circleci past the end", env: map[string]string{"CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "3"},
			err: `vt: CIRCLE_NODE_INDEX="3": want an integer from 0 to 2, as CIRCLE_NODE_TOTAL=3 gives (CircleCI numbers its jobs from 0)`},
		{name: "index not a number", env: map[string]string{"BUILDKITE_PARALLEL_JOB": "two", "BUILDKITE_PARALLEL_JOB_COUNT": "4"},
			err: `vt: BUILDKITE_PARALLEL_JOB="two": want an integer from 0 to 3, as BUILDKITE_PARALLEL_JOB_COUNT=4 gives (Buildkite numbers its jobs from 0)`},
		{name: "total zero", env: map[string]string{"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"},
			err: `vt: TEST_TOTAL_SHARDS="0": want a positive number of jobs (Bazel)`},
		{name: "total not a number", env: map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4x"},
			err: `vt: CI_NODE_TOTAL="4x": want a positive number of jobs (GitLab CI)`},
		{name: "index without total", env: map[string]string{"CIRCLE_NODE_INDEX": "1"},
			err: `vt: CIRCLE_NODE_INDEX=1 is set but CIRCLE_NODE_TOTAL is not (CircleCI sets both)`},
		{name: "total without index", env: map[string]string{"CI_NODE_TOTAL": "4"},
			err: `vt: CI_NODE_TOTAL=4 is set but CI_NODE_INDEX is not (GitLab CI sets both)`},
		{name: "kubernetes without VT_SHARDS", env: map[string]string{"JOB_COMPLETION_INDEX": "3"},
			err: `vt: JOB_COMPLETION_INDEX=3 (a Kubernetes Indexed Job) is set but VT_SHARDS is not: set VT_SHARDS to the Job's completions (or VT_SHARD=off to explore every part in every pod)`},
		{name: "VT_SHARDS without an index", env: map[string]string{"VT_SHARDS": "4"},
			err: `vt: VT_SHARDS=4 is set but JOB_COMPLETION_INDEX is not: VT_SHARDS is the number of shards of a Kubernetes Indexed Job, whose pods JOB_COMPLETION_INDEX numbers; elsewhere set VT_SHARD=I/N`},
		{name: "disagree", env: map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "2"},
			err: `vt: the CI variables disagree on the shard: CI_NODE_INDEX=1 CI_NODE_TOTAL=2 (GitLab CI) is 1/2, BUILDKITE_PARALLEL_JOB=1 BUILDKITE_PARALLEL_JOB_COUNT=2 (Buildkite) is 2/2; set -shard (or VT_SHARD) to say which`},
		{name: "disagree on the total", env: map[string]string{"CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2", "TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "3"},
			err: `vt: the CI variables disagree on the shard: CIRCLE_NODE_INDEX=0 CIRCLE_NODE_TOTAL=2 (CircleCI) is 1/2, TEST_SHARD_INDEX=0 TEST_TOTAL_SHARDS=3 (Bazel) is 1/3; set -shard (or VT_SHARD) to say which`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ShardFromEnv(envOf(c.env), c.inTests)
			if c.err != "" {
				require.EqualError(t, err, c.err)
				return
			}
			require.NoError(t, err)
			if c.engine == "" {
				assert.Nil(t, got)
				return
			}
			require.NotNil(t, got)
			assert.Equal(t, c.shard, got.Shard)
			assert.Equal(t, c.engine, got.Engine)
			if c.shard != "" {
				// The shard the variables give is one the option takes.
				o, err := ParseOptions(map[string]string{"shard": got.Shard})
				require.NoError(t, err)
				assert.Equal(t, c.shard, LookupOption("shard").Value(&o))
			}
		})
	}
}

// Every shard of N jobs, as each engine numbers them, is one of 1/N..N/N,
// each once.
func TestShardFromEnvCoversEveryPart(t *testing.T) {
	for _, e := range ShardEngines {
		const n = 5
		seen := map[string]int{}
		for j := range n {
			env := map[string]string{e.Index: strconv.Itoa(j + e.Base), e.Total: strconv.Itoa(n)}
			c, err := ShardFromEnv(envOf(env), false)
			require.NoError(t, err, e.Name)
			require.NotNil(t, c, e.Name)
			seen[c.Shard]++
		}
		for i := 1; i <= n; i++ {
			assert.Equal(t, 1, seen[strconv.Itoa(i)+"/"+strconv.Itoa(n)], "%s: shard %d/%d", e.Name, i, n)
		}
	}
}

// An explicit shard (a flag, VT_SHARD, code; off included) beats the CI
// variables; Bazel's status file is touched when Bazel's variables set
// the shard.
func TestShardSetting(t *testing.T) {
	env := map[string]string{"TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "3"}
	for _, given := range []string{"2/3", "off", ""} {
		s := map[string]string{"shard": given}
		c, err := ShardSetting(s, envOf(env), false)
		require.NoError(t, err)
		assert.Nil(t, c)
		assert.Equal(t, given, s["shard"])
	}

	status := filepath.Join(t.TempDir(), "shard-status")
	env[BazelStatusEnvVar] = status
	s := map[string]string{}
	c, err := ShardSetting(s, envOf(env), false)
	require.NoError(t, err)
	require.NotNil(t, c)
	assert.Equal(t, "2/3", s["shard"])
	assert.Equal(t, "shard 2/3 from Bazel (TEST_SHARD_INDEX=1 TEST_TOTAL_SHARDS=3)", c.Note())
	assert.FileExists(t, status, "Bazel's status file is touched")

	// In a go test binary, rules_go shards the test functions: vt.Check
	// leaves Bazel's variables alone (and the status file to rules_go).
	require.NoError(t, os.Remove(status))
	s = map[string]string{}
	c, err = ShardSetting(s, envOf(env), true)
	require.NoError(t, err)
	assert.Nil(t, c)
	assert.NotContains(t, s, "shard")
	assert.NoFileExists(t, status)

	// A status file that cannot be made is an error naming the variable.
	env[BazelStatusEnvVar] = filepath.Join(t.TempDir(), "no", "such", "dir", "status")
	_, err = ShardSetting(map[string]string{}, envOf(env), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "vt: touching TEST_SHARD_STATUS_FILE: ")

	// Malformed variables are an error for ShardSetting too.
	_, err = ShardSetting(map[string]string{}, envOf(map[string]string{"CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "2"}), true)
	require.EqualError(t, err, `vt: CI_NODE_INDEX="x": want an integer from 1 to 2, as CI_NODE_TOTAL=2 gives (GitLab CI numbers its jobs from 1)`)
}

// vt.Check (CheckCall) takes its shard from the CI engine's variables and
// says so; it leaves Bazel's to rules_go; a malformed one stops it.
func TestCheckCallShardFromEnv(t *testing.T) {
	for _, e := range ShardEngines {
		t.Setenv(e.Index, "")
		t.Setenv(e.Total, "")
		require.NoError(t, os.Unsetenv(e.Index))
		require.NoError(t, os.Unsetenv(e.Total))
	}
	t.Chdir("testdata/verdicts")
	t.Setenv("CIRCLE_NODE_INDEX", "1")
	t.Setenv("CIRCLE_NODE_TOTAL", "2")
	out, err := CheckCall("TestOK", 0, CallSite{}, map[string]string{"strategy": "dpor", "corpus": "off"})
	require.NoError(t, err)
	require.False(t, out.Failed, out.Text)
	assert.Contains(t, out.Text, "note: shard 2/2 from CircleCI (CIRCLE_NODE_INDEX=1 CIRCLE_NODE_TOTAL=2)")

	// An explicit shard wins.
	out, err = CheckCall("TestOK", 0, CallSite{}, map[string]string{"strategy": "dpor", "corpus": "off", "shard": "off"})
	require.NoError(t, err)
	assert.NotContains(t, out.Text, "shard")

	require.NoError(t, os.Unsetenv("CIRCLE_NODE_INDEX"))
	require.NoError(t, os.Unsetenv("CIRCLE_NODE_TOTAL"))
	t.Setenv("TEST_SHARD_INDEX", "1")
	t.Setenv("TEST_TOTAL_SHARDS", "2")
	out, err = CheckCall("TestOK", 0, CallSite{}, map[string]string{"strategy": "dpor", "corpus": "off"})
	require.NoError(t, err)
	assert.NotContains(t, out.Text, "shard", "rules_go shards a go_test by test function: vt.Check explores all")

	t.Setenv("CI_NODE_INDEX", "0")
	t.Setenv("CI_NODE_TOTAL", "2")
	_, err = CheckCall("TestOK", 0, CallSite{}, map[string]string{"strategy": "dpor", "corpus": "off"})
	require.EqualError(t, err, `vt: CI_NODE_INDEX="0": want an integer from 1 to 2, as CI_NODE_TOTAL=2 gives (GitLab CI numbers its jobs from 1)`)
}
