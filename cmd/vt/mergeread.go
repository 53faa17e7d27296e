package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// shardResult is one test's result in one shard's -json output: the
// extra fields vt test -json puts on a test's last event (or one line of
// vt check -json), with where it was read.
type shardResult struct {
	file string
	line int
	pkg  string
	name string
	// action is the test's last event's Action: pass, fail or skip
	// (vt check -json: pass or fail, from the verdict).
	action string
	// index and total are the shard, I/N from 1 (1/1 when the result
	// names none: an unsharded run).
	index, total int
	fields       resultFields
	// text is the report the shard printed for the test (its output
	// events), without go test's === and --- lines and indentation.
	text string
}

// resultFields are the fields of a result that vt merge reads (those of
// docs/vt-check.schema.json).
type resultFields struct {
	Name        string          `json:"name"`
	Verdict     string          `json:"verdict"`
	Strategy    string          `json:"strategy"`
	Shard       string          `json:"shard"`
	Exhaustive  bool            `json:"exhaustive"`
	Bound       *int            `json:"bound"`
	Executions  int             `json:"executions"`
	SleepPruned int             `json:"sleep_pruned"`
	States      int             `json:"states"`
	Matched     int             `json:"states_matched"`
	FoundBy     string          `json:"found_by"`
	Steps       int64           `json:"steps"`
	ElapsedMS   int64           `json:"elapsed_ms"`
	SetupMS     int64           `json:"setup_ms"`
	Budget      string          `json:"budget"`
	Failure     json.RawMessage `json:"failure"`
	Warnings    []string        `json:"warnings"`
	Notes       []string        `json:"notes"`
	Skipped     string          `json:"skipped"`
	Unexplored  string          `json:"unexplored"`
	Error       string          `json:"error"`
	Sharing     json.RawMessage `json:"sharing"`
}

// failureFields are the fields of a result's failure that vt merge reads.
type failureFields struct {
	Kind      string `json:"kind"`
	Execution int    `json:"execution"`
}

// failure returns the kind of r's failure ("" none) and the execution that
// failed (0: not said).
func (r *shardResult) failure() (kind string, execution int) {
	if len(r.fields.Failure) == 0 || string(r.fields.Failure) == "null" {
		return "", 0
	}
	var f failureFields
	if json.Unmarshal(r.fields.Failure, &f) != nil {
		return "", 0
	}
	return f.Kind, f.Execution
}

// shardInput is what vt merge read: the results, and the tool errors the
// shards' runs reported (a package that did not load).
type shardInput struct {
	results []*shardResult
	errs    []string // "FILE:LINE: message"
}

// mergeFiles lists the files of args: a file as given, a directory's
// *.json and *.jsonl files (recursively, in lexical order).
func mergeFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("vt merge: %w", err)
		}
		if !fi.IsDir() {
			files = append(files, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")) {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("vt merge: %w", err)
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("vt merge: no *.json or *.jsonl file under %s", a)
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

// readShards reads the -json outputs of vt test (go test -json's events,
// vt's result on each test's last event) and vt check (a result per
// line). Lines that are not JSON objects (a go command's messages mixed
// in) are skipped; a file with no result, or an object that does not
// parse, is an error.
func readShards(files []string) (*shardInput, error) {
	in := &shardInput{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("vt merge: %w", err)
		}
		if err := in.readFile(file, data); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// event is the go test -json part of a line, with whether it carries a
// result.
type event struct {
	Action  string  `json:"Action"`
	Package string  `json:"Package"`
	Test    string  `json:"Test"`
	Output  string  `json:"Output"`
	Verdict *string `json:"verdict"`
}

// readFile reads one shard's output.
func (in *shardInput) readFile(file string, data []byte) error {
	type key struct{ pkg, test string }
	outputs := map[key]*strings.Builder{}
	var results []*shardResult
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 1<<30)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var ev event
		if err := json.Unmarshal(line, &ev); err != nil {
			return fmt.Errorf("vt merge: %s:%d: not a JSON object of vt's -json output: %v", file, n, err)
		}
		if ev.Action == "output" && ev.Test != "" {
			k := key{ev.Package, ev.Test}
			if outputs[k] == nil {
				outputs[k] = &strings.Builder{}
			}
			outputs[k].WriteString(ev.Output)
			continue
		}
		if ev.Verdict == nil {
			continue // start, run, a package's pass: no result
		}
		r := &shardResult{file: file, line: n, pkg: ev.Package, name: ev.Test, action: ev.Action}
		if err := json.Unmarshal(line, &r.fields); err != nil {
			return fmt.Errorf("vt merge: %s:%d: not a result of vt's -json output: %v", file, n, err)
		}
		if r.action == "" {
			// vt check -json: one object per target.
			r.pkg = packageField(line)
			r.name = r.fields.Name
			r.action = "pass"
			if r.fields.Verdict != "ok" {
				r.action = "fail"
			}
		}
		if r.name == "" {
			// An error of the whole run (flags, packages that did
			// not load): the shard explored nothing.
			in.errs = append(in.errs, fmt.Sprintf("%s:%d: %s", file, n, strings.TrimPrefix(r.fields.Error, "vt: ")))
			continue
		}
		if r.fields.Shard != "" {
			i, t, ok := parseShard(r.fields.Shard)
			if !ok {
				return fmt.Errorf("vt merge: %s:%d: shard %q: want I/N with 1 ≤ I ≤ N", file, n, r.fields.Shard)
			}
			r.index, r.total = i, t
		}
		results = append(results, r)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("vt merge: %s: %w", file, err)
	}
	if len(results) == 0 && len(in.errs) == 0 {
		return fmt.Errorf("vt merge: %s: no result of vt test -json or vt check -json", file)
	}
	// A result that names no shard (a test vt could not run, one the
	// total budget left out) is the file's shard, if its others say one.
	fileShard := map[[2]int]bool{}
	for _, r := range results {
		if r.total > 0 {
			fileShard[[2]int{r.index, r.total}] = true
		}
	}
	for _, r := range results {
		if r.total > 0 {
			continue
		}
		r.index, r.total = 1, 1
		if len(fileShard) == 1 {
			for s := range fileShard {
				r.index, r.total = s[0], s[1]
			}
		}
	}
	for _, r := range results {
		if b := outputs[key{r.pkg, r.name}]; b != nil {
			r.text = reportText(b.String())
		}
	}
	in.results = append(in.results, results...)
	return nil
}

// parseShard parses "I/N".
func parseShard(s string) (i, n int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	return i, n, found && err1 == nil && err2 == nil && 1 <= i && i <= n
}

// packageField returns the "package" field of a vt check -json object.
func packageField(line []byte) string {
	var p struct {
		Package string `json:"package"`
	}
	json.Unmarshal(line, &p)
	return p.Package
}

// reportText returns a test's output as vt test printed it without -json:
// the lines of its report, without go test's === RUN and --- lines and
// the indentation test2json gives them.
func reportText(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") {
			continue
		}
		b.WriteString(strings.TrimPrefix(l, "    "))
	}
	return b.String()
}
