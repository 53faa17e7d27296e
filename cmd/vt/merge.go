package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

// mergeCmd is vt merge [-json] FILE|DIR...: it combines the -json
// outputs of a sharded exploration's shards (vt test -json or vt check
// -json, one file per shard) into one result per test.
func mergeCmd(args []string, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("vt merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "print go test -json's event stream, as vt test -json does, with each test's merged result")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: vt merge [-json] FILE|DIR...

Merge the results of the shards of a sharded exploration (vt test -json or
vt check -json with -shard I/N, or a shard from a CI engine's variables:
one output per shard; a directory stands for its *.json and *.jsonl
files) into one result per test. The failure reported is the lowest
shard's that failed (its schedule, replay token and report; the other
shards' failures are listed); executions and steps are summed; a test is
exhaustive only when every shard 1..N is there, once, and exhausted its
part. Missing and duplicated shards are reported. Exit status: 0 nothing
found, 1 a failure found or shards missing or duplicated, 2 a usage or
tool error (unreadable output, a shard's run that failed, shards of
different splits).

Flags:
`)
		printFlags(stderr, fs)
	}
	if ok, code := parseFlags(fs, args); !ok {
		return code
	}
	out := newOutput(stdout, stderr, *jsonOut)
	stream := &testStream{w: stdout, now: time.Now}
	if *jsonOut {
		out.stream = stream
	}
	defer out.recoverPanic("merge", &code)
	if fs.NArg() == 0 {
		if *jsonOut {
			return out.toolError("merge", errors.New("vt merge: want the -json outputs of the shards (files or directories)"))
		}
		fs.Usage()
		return 2
	}
	files, err := mergeFiles(fs.Args())
	if err != nil {
		return out.toolError("merge", err)
	}
	in, err := readShards(files)
	if err != nil {
		return out.toolError("merge", err)
	}
	tests, err := mergeTests(in.results)
	if err != nil {
		return out.toolError("merge", err)
	}
	var passed, failed, incomplete, skipped, unsupported int
	for _, m := range tests {
		text := m.text()
		if *jsonOut {
			data, _ := json.Marshal(m.j)
			stream.test(m.pkg, m.name, m.action, text, time.Duration(m.j.ElapsedMS)*time.Millisecond, data)
		} else {
			fmt.Fprint(stdout, text)
		}
		switch {
		case len(m.missing) > 0 || len(m.dups) > 0:
			incomplete++
		case m.j.Verdict == "error":
			unsupported++
		case m.action == "fail":
			failed++
		case m.action == "skip":
			skipped++
			passed++
		default:
			passed++
		}
	}
	for _, e := range in.errs {
		msg := "vt merge: a shard's run failed: " + e
		if *jsonOut {
			stream.toolError("", errors.New(msg), nil)
		} else {
			fmt.Fprintln(stderr, msg)
		}
	}
	if *jsonOut {
		stream.endPackage()
	} else {
		word := "ok"
		if failed+incomplete+unsupported+len(in.errs) > 0 {
			word = "FAIL"
		}
		okWord := "ok"
		if skipped > 0 {
			okWord = fmt.Sprintf("ok (%d skipped)", skipped)
		}
		line := fmt.Sprintf("%s: %d tests merged from %d files: %d %s, %d failed, %d unsupported", word, len(tests), len(files), passed, okWord, failed, unsupported)
		if incomplete > 0 {
			line += fmt.Sprintf(", %d incomplete (shards missing or duplicated)", incomplete)
		}
		if len(in.errs) > 0 {
			line += fmt.Sprintf(", %d shard runs failed", len(in.errs))
		}
		fmt.Fprintln(stdout, line)
	}
	switch {
	case unsupported > 0 || len(in.errs) > 0:
		return 2
	case failed > 0 || incomplete > 0:
		return 1
	}
	return 0
}
