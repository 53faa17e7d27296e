package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
)

// clearShardEnv unsets every CI engine's shard variables and VT_SHARD for
// the test (t.Setenv restores them), so that the machine's own do not
// count.
func clearShardEnv(t *testing.T) {
	t.Helper()
	vars := []string{"VT_SHARD", explore.BazelStatusEnvVar}
	for _, e := range explore.ShardEngines {
		vars = append(vars, e.Index, e.Total)
	}
	for _, v := range vars {
		t.Setenv(v, "")
		require.NoError(t, os.Unsetenv(v))
	}
}

// Setting only one engine's variables makes vt test explore the shard
// they give (the result says it), and Bazel's status file is touched; a
// flag beats them; malformed or disagreeing variables are a usage error
// that names them.
func TestTestShardFromEnv(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	cases := []struct {
		engine string
		env    map[string]string
		args   []string
		shard  string // "" : not sharded
	}{
		{engine: "GitLab CI", env: map[string]string{"CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"}, shard: "2/3"},
		{engine: "CircleCI", env: map[string]string{"CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3"}, shard: "3/3"},
		{engine: "Buildkite", env: map[string]string{"BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "2"}, shard: "1/2"},
		{engine: "Bazel", env: map[string]string{"TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": status}, shard: "2/2"},
		{engine: "a Kubernetes Indexed Job", env: map[string]string{"JOB_COMPLETION_INDEX": "3", "VT_SHARDS": "4"}, shard: "4/4"},
		{engine: "a flag beats them", env: map[string]string{"CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"}, args: []string{"-shard", "1/2"}, shard: "1/2"},
		{engine: "VT_SHARD beats them", env: map[string]string{"CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3", "VT_SHARD": "off"}, shard: ""},
		{engine: "-shard off", env: map[string]string{"CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"}, args: []string{"-shard", "off"}, shard: ""},
	}
	for _, c := range cases {
		t.Run(c.engine, func(t *testing.T) {
			clearShardEnv(t)
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			args := append([]string{"test", "-json", "-corpus", "off", "-run", "TestCounter"}, c.args...)
			r := vt(append(args, "./testdata/tests")...)
			require.Equal(t, 0, r.code, r.stdout+r.stderr)
			ends, _ := testEnds(t, r.stdout)
			require.Contains(t, ends, "TestCounter")
			assert.Equal(t, c.shard, ends["TestCounter"].Shard)
			if c.engine == "Bazel" {
				assert.FileExists(t, status, "Bazel's TEST_SHARD_STATUS_FILE is touched")
			}
			if len(c.args) == 0 && c.shard != "" {
				// Without -json, vt says where the shard came from.
				txt := vt("test", "-corpus", "off", "-run", "TestCounter", "./testdata/tests")
				require.Equal(t, 0, txt.code)
				assert.Contains(t, txt.stderr, "vt: shard "+c.shard+" from "+c.engine+" (")
			}
		})
	}

	clearShardEnv(t)
	t.Setenv("CI_NODE_INDEX", "5")
	t.Setenv("CI_NODE_TOTAL", "4")
	r := vt("test", "-run", "TestCounter", "./testdata/tests")
	assert.Equal(t, 2, r.code)
	assert.Equal(t, "vt: CI_NODE_INDEX=\"5\": want an integer from 1 to 4, as CI_NODE_TOTAL=4 gives (GitLab CI numbers its jobs from 1)\n", r.stderr)
	t.Setenv("CI_NODE_INDEX", "1")
	t.Setenv("CIRCLE_NODE_INDEX", "1")
	t.Setenv("CIRCLE_NODE_TOTAL", "4")
	r = vt("check", "testdata/correct")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "vt: the CI variables disagree on the shard: CI_NODE_INDEX=1 CI_NODE_TOTAL=4 (GitLab CI) is 1/4, CIRCLE_NODE_INDEX=1 CIRCLE_NODE_TOTAL=4 (CircleCI) is 2/4")
}
