package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ciDir holds the CI snippets vt ships.
const ciDir = "../../docs/ci"

// ciJob is one parallel job of a CI snippet, as its engine starts it: its
// environment and its vt test command line.
type ciJob struct {
	env map[string]string
	cmd string
}

// ciSnippet is what a snippet runs: its parallel jobs and the vt merge
// command that combines them ("" none), which finds the jobs' results in
// download (a directory; "": where the jobs wrote them).
type ciSnippet struct {
	jobs     []ciJob
	merge    string
	download string
}

// jobPath returns the path p of a job's machine (relative to its working
// directory, or absolute) under root.
func jobPath(root, p string) string {
	if p == root || strings.HasPrefix(p, root+string(filepath.Separator)) {
		return p
	}
	return filepath.Join(root, p)
}

// vtCommand finds the vt command (vt test or vt merge) in a shell line.
var vtCommand = regexp.MustCompile(`\bvt (test|merge)\b[^;&|()]*`)

// findVT returns the vt sub command of line ("" none).
func findVT(line, sub string) string {
	for _, m := range vtCommand.FindAllStringSubmatch(line, -1) {
		if m[1] == sub {
			return strings.TrimSpace(m[0])
		}
	}
	return ""
}

// lookupPath returns the value at path (map keys; "#i" an index) in v.
func lookupPath(t *testing.T, v any, path ...string) any {
	t.Helper()
	for _, p := range path {
		if i, err := strconv.Atoi(strings.TrimPrefix(p, "#")); err == nil && strings.HasPrefix(p, "#") {
			s, ok := v.([]any)
			require.True(t, ok && i < len(s), "want a list of more than %d at %v", i, path)
			v = s[i]
			continue
		}
		m, ok := v.(map[string]any)
		require.True(t, ok, "want a mapping at %q of %v", p, path)
		v, ok = m[p]
		require.True(t, ok, "no %q in %v", p, path)
	}
	return v
}

// commandsIn returns the strings under v (a step list, a script) that hold
// the vt sub command.
func commandsIn(v any, sub string) []string {
	var out []string
	switch v := v.(type) {
	case string:
		if c := findVT(v, sub); c != "" {
			out = append(out, c)
		}
	case []any:
		for _, x := range v {
			out = append(out, commandsIn(x, sub)...)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, commandsIn(v[k], sub)...)
		}
	}
	return out
}

// one returns the only element of cmds.
func one(t *testing.T, cmds []string, what string) string {
	t.Helper()
	require.Len(t, cmds, 1, what)
	return cmds[0]
}

// jobsOf returns n jobs whose env sets index (from base) and total.
func jobsOf(n, base int, index, total, cmd string, extra map[string]string) []ciJob {
	var jobs []ciJob
	for j := range n {
		env := map[string]string{index: strconv.Itoa(j + base)}
		if total != "" {
			env[total] = strconv.Itoa(n)
		}
		for k, v := range extra {
			env[k] = v
		}
		jobs = append(jobs, ciJob{env: env, cmd: cmd})
	}
	return jobs
}

// atoi parses a count of jobs from a snippet.
func atoi(t *testing.T, v any) int {
	t.Helper()
	n, err := strconv.Atoi(fmt.Sprint(v))
	require.NoError(t, err)
	return n
}

// readSnippet expands the snippet file as its engine does: the jobs it
// starts in parallel with their variables, and its commands.
func readSnippet(t *testing.T, rel string) ciSnippet {
	t.Helper()
	src := mustRead(t, filepath.Join(ciDir, rel))
	var doc any
	if strings.HasSuffix(rel, ".yml") || strings.HasSuffix(rel, ".yaml") {
		var err error
		doc, err = parseYAML(src)
		require.NoError(t, err, rel)
	}
	var s ciSnippet
	switch rel {
	case "github-actions.yml":
		// No variable: the matrix's values, expanded into the command
		// as Actions expands ${{ }} expressions.
		shards := lookupPath(t, doc, "jobs", "vt", "strategy", "matrix", "shard").([]any)
		steps := lookupPath(t, doc, "jobs", "vt", "steps")
		cmd := one(t, commandsIn(steps, "test"), "the vt test step")
		for j, v := range shards {
			r := strings.NewReplacer("${{ matrix.shard }}", fmt.Sprint(v), "${{ strategy.job-total }}", strconv.Itoa(len(shards)),
				"${{ strategy.job-index }}", strconv.Itoa(j))
			c := r.Replace(cmd)
			require.NotContains(t, c, "${{", "an expression the test does not expand")
			s.jobs = append(s.jobs, ciJob{env: map[string]string{}, cmd: c})
			// The job uploads the file it wrote; the merge job downloads
			// the uploads where vt merge reads them.
			uploaded := fmt.Sprint(lookupPath(t, steps, "#4", "with", "path"))
			_, out, _ := strings.Cut(c, "> ")
			assert.Contains(t, r.Replace(uploaded), strings.TrimSpace(out), "the job uploads its result")
		}
		msteps := lookupPath(t, doc, "jobs", "merge", "steps")
		s.merge = one(t, commandsIn(msteps, "merge"), "the vt merge step")
		s.download = fmt.Sprint(lookupPath(t, msteps, "#2", "with", "path"))
		assert.Equal(t, "vt merge "+s.download, s.merge, "vt merge reads what was downloaded")
		assert.Equal(t, "always()", lookupPath(t, doc, "jobs", "merge", "if"), "the merge runs whatever the shards found")
	case "gitlab-ci.yml":
		n := atoi(t, lookupPath(t, doc, "vt", "parallel"))
		cmd := one(t, commandsIn(lookupPath(t, doc, "vt", "script"), "test"), "the vt test command")
		s.jobs = jobsOf(n, 1, "CI_NODE_INDEX", "CI_NODE_TOTAL", cmd, nil)
		s.merge = one(t, commandsIn(lookupPath(t, doc, "vt-merge", "script"), "merge"), "the vt merge command")
	case "circleci.yml":
		n := atoi(t, lookupPath(t, doc, "jobs", "vt", "parallelism"))
		cmd := one(t, commandsIn(lookupPath(t, doc, "jobs", "vt", "steps"), "test"), "the vt test command")
		s.jobs = jobsOf(n, 0, "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", cmd, nil)
		s.merge = one(t, commandsIn(lookupPath(t, doc, "jobs", "merge", "steps"), "merge"), "the vt merge command")
	case "buildkite.yml":
		n := atoi(t, lookupPath(t, doc, "steps", "#0", "parallelism"))
		cmd := one(t, commandsIn(lookupPath(t, doc, "steps", "#0", "command"), "test"), "the vt test command")
		s.jobs = jobsOf(n, 0, "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", cmd, nil)
		s.merge = one(t, commandsIn(lookupPath(t, doc, "steps", "#1", "command"), "merge"), "the vt merge command")
	case "kubernetes-job.yaml":
		n := atoi(t, lookupPath(t, doc, "spec", "completions"))
		assert.Equal(t, "Indexed", lookupPath(t, doc, "spec", "completionMode"))
		c := lookupPath(t, doc, "spec", "template", "spec", "containers", "#0")
		env := lookupPath(t, c, "env", "#0").(map[string]any)
		assert.Equal(t, "VT_SHARDS", env["name"])
		assert.Equal(t, strconv.Itoa(n), env["value"], "VT_SHARDS is the Job's completions")
		cmd := one(t, commandsIn(lookupPath(t, c, "command"), "test"), "the vt test command")
		s.jobs = jobsOf(n, 0, "JOB_COMPLETION_INDEX", "", cmd, map[string]string{"VT_SHARDS": fmt.Sprint(env["value"])})
		s.merge = "vt merge /results"
	case "bazel/BUILD.bazel":
		m := regexp.MustCompile(`shard_count = (\d+)`).FindStringSubmatch(src)
		require.NotNil(t, m, "shard_count")
		assert.Contains(t, src, `srcs = ["vt_test.sh"]`)
		var cmd string
		for _, l := range strings.Split(mustRead(t, filepath.Join(ciDir, "bazel/vt_test.sh")), "\n") {
			if !strings.HasPrefix(l, "#") && cmd == "" {
				cmd = findVT(l, "test")
			}
		}
		require.NotEmpty(t, cmd)
		s.jobs = jobsOf(atoi(t, m[1]), 0, "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", cmd,
			map[string]string{"TEST_UNDECLARED_OUTPUTS_DIR": "/outputs", "TEST_SHARD_STATUS_FILE": "/status"})
	case "bazel/vt_test.sh":
		return ciSnippet{} // BUILD.bazel's
	default:
		t.Fatalf("docs/ci/%s: a snippet this test does not know: teach readSnippet how its engine runs it", rel)
	}
	require.NotEmpty(t, s.jobs, rel)
	return s
}

// runSnippetVT runs a vt command line of a snippet in this module's test
// directory: its package pattern ./... is testdata/tests, its paths are
// under root, and its output goes where the line redirects it (under
// root). It returns the exit code.
func runSnippetVT(t *testing.T, line, root string, env map[string]string) int {
	t.Helper()
	expanded := os.Expand(line, func(k string) string {
		v, ok := env[k]
		require.True(t, ok, "%s: $%s is not a variable of the job", line, k)
		return v
	})
	fields := strings.Fields(expanded)
	var args []string
	out := ""
	for i := 1; i < len(fields); i++ {
		f := strings.Trim(fields[i], `"'`)
		switch {
		case f == ">":
			require.Less(t, i+1, len(fields), line)
			out = jobPath(root, strings.Trim(fields[i+1], `"'`))
			i++
		case f == "./...":
			args = append(args, "./testdata/tests")
		case i > 1 && !strings.HasPrefix(f, "-") && fields[1] == "merge":
			matches, err := filepath.Glob(jobPath(root, f))
			require.NoError(t, err)
			require.NotEmpty(t, matches, "%s: %s", line, f)
			args = append(args, matches...)
		default:
			args = append(args, f)
		}
	}
	r := vt(args...)
	if out != "" {
		require.NoError(t, os.MkdirAll(filepath.Dir(out), 0o755))
		require.NoError(t, os.WriteFile(out, []byte(r.stdout), 0o644))
	}
	return r.code
}

// Every snippet under docs/ci, expanded as its engine expands it, runs
// each part of the space once: its jobs get the shards 1/N..N/N, each
// once, and vt merge of their results gives the unsharded run's verdicts,
// its executions where it explored everything, and exhaustion where it
// had it. Bazel's status file is touched.
func TestShippedCISnippets(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir(ciDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(ciDir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	}))
	require.Contains(t, files, "github-actions.yml")
	require.GreaterOrEqual(t, len(files), 6)

	freshCorpus(t, "tests")
	whole := vt("test", "-json", "-corpus", "off", "./testdata/tests")
	require.Equal(t, 1, whole.code, whole.stderr)
	wholeEnds, _ := testEnds(t, whole.stdout)

	for _, rel := range files {
		s := readSnippet(t, rel)
		if s.jobs == nil {
			continue
		}
		t.Run(rel, func(t *testing.T) {
			root := t.TempDir()
			shards := map[string]int{}
			for _, job := range s.jobs {
				clearShardEnv(t)
				env := map[string]string{}
				for k, v := range job.env {
					if strings.HasPrefix(v, "/") {
						v = filepath.Join(root, v) // a path of the job's machine
					}
					env[k] = v
					t.Setenv(k, v)
				}
				// Each job runs on a machine of its own: no schedule
				// another saved.
				require.NoError(t, os.RemoveAll("testdata/tests/testdata"))
				code := runSnippetVT(t, job.cmd, root, env)
				assert.Contains(t, []int{0, 1}, code, job.cmd)
				var out string
				if _, o, ok := strings.Cut(os.Expand(job.cmd, func(k string) string { return env[k] }), "> "); ok {
					out = jobPath(root, strings.Trim(strings.TrimSpace(o), `"`))
				}
				require.NotEmpty(t, out, "%s: the job keeps its result in a file", job.cmd)
				ends, _ := testEnds(t, mustRead(t, out))
				require.Contains(t, ends, "TestCounter")
				shards[ends["TestCounter"].Shard]++
				if f, ok := env["TEST_SHARD_STATUS_FILE"]; ok {
					assert.FileExists(t, f, "Bazel's status file")
				}
				if s.download != "" {
					// The engine hands the job's result to the merge
					// job: one directory per job.
					dst := filepath.Join(root, s.download, fmt.Sprintf("job%d", len(shards)), filepath.Base(out))
					require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
					require.NoError(t, os.Rename(out, dst))
				}
			}
			n := len(s.jobs)
			want := map[string]int{}
			for i := 1; i <= n; i++ {
				want[fmt.Sprintf("%d/%d", i, n)] = 1
			}
			assert.Equal(t, want, shards, "the jobs explore the parts 1..%d, each once", n)

			merge := s.merge
			if merge == "" {
				merge = "vt merge " + root
			}
			clearShardEnv(t)
			mergeOut := filepath.Join(root, "merged.json")
			code := runSnippetVT(t, strings.Replace(merge, "vt merge", "vt merge -json", 1)+" > merged.json", root, nil)
			assert.Equal(t, 1, code, "the deadlock is found")
			merged, _ := testEnds(t, mustRead(t, mergeOut))
			require.Len(t, merged, len(wholeEnds))
			for name, w := range wholeEnds {
				assert.Equal(t, w.Verdict, merged[name].Verdict, name)
				assert.Equal(t, n, merged[name].Shards, name)
				assert.Empty(t, merged[name].Missing, name)
			}
			assert.True(t, merged["TestCounter"].Exhaustive)
			assert.Equal(t, wholeEnds["TestCounter"].Executions, merged["TestCounter"].Executions)
		})
	}
}
