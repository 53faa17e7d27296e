package explore

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// A ShardEngine is a CI engine or batch scheduler that tells each of its
// parallel jobs which part of the work it is, in environment variables:
// the exploration takes its shard from them when no shard option is given
// (see ShardFromEnv).
type ShardEngine struct {
	// Name names the engine in messages: "GitLab CI".
	Name string
	// Index and Total are its variables: the job's index and the number
	// of jobs.
	Index, Total string
	// Base is the index of the first job: 0 or 1.
	Base int
	// InTests: package vt's Check, inside a go test binary, takes its
	// shard from the engine too. Bazel's rules_go splits a go_test's
	// test functions over its shards itself (its generated test main
	// reads TEST_SHARD_INDEX): a vt.Check in one of them explores the
	// whole space of its test, on the one shard that runs it.
	InTests bool
}

// ShardEngines are the engines whose variables set the shard, in the
// order messages list them.
var ShardEngines = []ShardEngine{
	{Name: "GitLab CI", Index: "CI_NODE_INDEX", Total: "CI_NODE_TOTAL", Base: 1, InTests: true},
	{Name: "CircleCI", Index: "CIRCLE_NODE_INDEX", Total: "CIRCLE_NODE_TOTAL", Base: 0, InTests: true},
	{Name: "Buildkite", Index: "BUILDKITE_PARALLEL_JOB", Total: "BUILDKITE_PARALLEL_JOB_COUNT", Base: 0, InTests: true},
	{Name: "Bazel", Index: "TEST_SHARD_INDEX", Total: "TEST_TOTAL_SHARDS", Base: 0},
	// A Kubernetes Indexed Job gives each pod its index, not the number
	// of completions: the Job's manifest sets VT_SHARDS to it.
	{Name: "a Kubernetes Indexed Job", Index: "JOB_COMPLETION_INDEX", Total: ShardsEnvVar, Base: 0, InTests: true},
}

// ShardsEnvVar is the variable that gives the number of shards where the
// engine gives only the index (a Kubernetes Indexed Job: its completions).
const ShardsEnvVar = "VT_SHARDS"

// BazelStatusEnvVar is Bazel's TEST_SHARD_STATUS_FILE: a test runner that
// shards as Bazel asks touches that file, so that Bazel knows it did.
const BazelStatusEnvVar = "TEST_SHARD_STATUS_FILE"

// CIShard is a shard an engine's variables set.
type CIShard struct {
	// Shard is the value of the shard option: "I/N" from 1, or "" when
	// the engine runs one job (N = 1): not sharded.
	Shard string
	// Engine is the engine, From its variables as they were set:
	// "CI_NODE_INDEX=2 CI_NODE_TOTAL=4".
	Engine, From string
	// StatusFile is the file to touch for Bazel (TEST_SHARD_STATUS_FILE;
	// "" none): see TouchStatusFile.
	StatusFile string
}

// Note says where the shard came from, for a result's notes.
func (c *CIShard) Note() string {
	if c.Shard == "" {
		return fmt.Sprintf("not sharded: %s runs one job (%s)", c.Engine, c.From)
	}
	return fmt.Sprintf("shard %s from %s (%s)", c.Shard, c.Engine, c.From)
}

// TouchStatusFile touches Bazel's shard status file, if the shard came
// from Bazel and Bazel named one: it tells Bazel that the test runner
// honoured TEST_SHARD_INDEX.
func (c *CIShard) TouchStatusFile() error {
	if c == nil || c.StatusFile == "" {
		return nil
	}
	f, err := os.OpenFile(c.StatusFile, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("vt: touching %s: %w", BazelStatusEnvVar, err)
	}
	return f.Close()
}

// ShardFromEnv returns the shard that the CI engines' variables (lookup
// reads them) set, nil when none is set. inTests says that the caller is
// vt.Check in a go test binary: the engines that shard the tests
// themselves are left out (ShardEngine.InTests). A malformed value, an
// index without its total, and engines that disagree are errors that name
// the variables.
func ShardFromEnv(lookup func(string) (string, bool), inTests bool) (*CIShard, error) {
	var found *CIShard
	var foundIndex, foundTotal int
	for _, e := range ShardEngines {
		if inTests && !e.InTests {
			continue
		}
		iv, iok := lookup(e.Index)
		nv, nok := lookup(e.Total)
		iv, nv = strings.TrimSpace(iv), strings.TrimSpace(nv)
		if iok && iv == "" {
			iok = false // set empty: as if unset
		}
		if nok && nv == "" {
			nok = false
		}
		if !iok && !nok {
			continue
		}
		if !iok {
			if e.Total == ShardsEnvVar {
				return nil, fmt.Errorf("vt: %s=%s is set but %s is not: %s is the number of shards of %s, whose pods %s numbers; elsewhere set VT_SHARD=I/N",
					e.Total, nv, e.Index, ShardsEnvVar, e.Name, e.Index)
			}
			return nil, fmt.Errorf("vt: %s=%s is set but %s is not (%s sets both)", e.Total, nv, e.Index, e.Name)
		}
		if !nok {
			if e.Total == ShardsEnvVar {
				return nil, fmt.Errorf("vt: %s=%s (%s) is set but %s is not: set %s to the Job's completions (or VT_SHARD=off to explore every part in every pod)",
					e.Index, iv, e.Name, ShardsEnvVar, ShardsEnvVar)
			}
			return nil, fmt.Errorf("vt: %s=%s is set but %s is not (%s sets both)", e.Index, iv, e.Total, e.Name)
		}
		n, err := strconv.Atoi(nv)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("vt: %s=%q: want a positive number of jobs (%s)", e.Total, nv, e.Name)
		}
		i, err := strconv.Atoi(iv)
		if err != nil || i < e.Base || i >= n+e.Base {
			return nil, fmt.Errorf("vt: %s=%q: want an integer from %d to %d, as %s=%d gives (%s numbers its jobs from %d)",
				e.Index, iv, e.Base, n-1+e.Base, e.Total, n, e.Name, e.Base)
		}
		i = i - e.Base + 1 // from 1, as the shard option counts
		c := &CIShard{Engine: e.Name, From: fmt.Sprintf("%s=%s %s=%s", e.Index, iv, e.Total, nv)}
		if n > 1 {
			c.Shard = fmt.Sprintf("%d/%d", i, n)
		}
		if e.Index == "TEST_SHARD_INDEX" {
			c.StatusFile, _ = lookup(BazelStatusEnvVar)
		}
		if found != nil {
			if foundIndex != i || foundTotal != n {
				return nil, fmt.Errorf("vt: the CI variables disagree on the shard: %s (%s) is %d/%d, %s (%s) is %d/%d; set -shard (or VT_SHARD) to say which",
					found.From, found.Engine, foundIndex, foundTotal, c.From, c.Engine, i, n)
			}
			continue
		}
		found, foundIndex, foundTotal = c, i, n
	}
	return found, nil
}

// ShardSetting sets settings["shard"] from the CI engines' variables
// (ShardFromEnv) unless the settings give a shard already (a flag, VT_SHARD
// or code: those win, and "off" turns sharding off). It returns the CI
// shard taken (nil: none) and touches Bazel's status file for it. The
// error is ShardFromEnv's, or the status file's.
func ShardSetting(settings map[string]string, lookup func(string) (string, bool), inTests bool) (*CIShard, error) {
	if _, given := settings["shard"]; given {
		return nil, nil
	}
	c, err := ShardFromEnv(lookup, inTests)
	if err != nil || c == nil {
		return nil, err
	}
	if c.Shard != "" {
		settings["shard"] = c.Shard
	}
	return c, c.TouchStatusFile()
}
