// Command benchtables rewrites one table of BENCHMARKS.md from the output
// of the measurement that produces it: scripts/benchmarks.sh pipes each
// measurement into it.
//
// Usage:
//
//	go run ./scripts/benchtables [-file BENCHMARKS.md] -table NAME -format FORMAT -cmd COMMAND < OUTPUT
//
// The table is the text between "<!-- table:NAME -->" and the next
// "<!-- end -->" in the file. It becomes the input formatted as FORMAT,
// followed by a line that names the command, the commit, the machine and
// its load, so that every table says how and where it was measured:
//
//	table     the input's lines that start with "|" (a markdown table),
//	          and those that start with "Geomean" (scripts/speed.sh's)
//	text      the input as it is, in a code block
//	gobench   go test -bench output: one row per benchmark, the median of
//	          each of its metrics over the -count runs
//	stdlib    scripts/stdlib-tests.sh's output as a markdown table
//	libs      scripts/libs-tests.sh's output: one row per module
//	verdicts  scripts/verdicts.sh's output: verdicts counted per directory
//	memory    lines "LABEL KB" (/usr/bin/time -f %M): the median per label
//	rate      lines "LABEL EXECUTIONS DURATION": executions per second
//	strategies  tab-separated "TEST STRATEGY VERDICT EXECUTIONS STATES
//	          EXHAUSTED": a row per test, a column per strategy
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

func main() {
	file := flag.String("file", "BENCHMARKS.md", "the page whose table is rewritten")
	table := flag.String("table", "", "name of the table (<!-- table:NAME -->)")
	format := flag.String("format", "table", "format of the input: table, text, gobench, stdlib, libs, verdicts, memory, rate, strategies")
	cmd := flag.String("cmd", "", "the command that produced the input, for the table's footer")
	load := flag.String("load", "", "the load average when the measurement started (/proc/loadavg's first field)")
	flag.Parse()
	if *table == "" || flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*file, *table, *format, *cmd, *load, os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "benchtables:", err)
		os.Exit(1)
	}
}

func run(file, table, format, cmd, load string, in io.Reader) error {
	input, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	body, err := formatInput(format, string(input))
	if err != nil {
		return err
	}
	body += "\n" + footer(cmd, load) + "\n"
	doc, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	out, err := replaceTable(string(doc), table, body)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return os.WriteFile(file, []byte(out), 0o644)
}

// endMarker closes every table.
const endMarker = "<!-- end -->"

// beginMarker opens table name.
func beginMarker(name string) string { return "<!-- table:" + name + " -->" }

// replaceTable returns doc with the text between table name's markers
// (each on a line of its own) replaced by body. The table must occur
// exactly once.
func replaceTable(doc, name, body string) (string, error) {
	begin := beginMarker(name) + "\n"
	i := strings.Index(doc, begin)
	if i < 0 || (i > 0 && doc[i-1] != '\n') {
		return "", fmt.Errorf("no table %q (a line %q)", name, strings.TrimSpace(begin))
	}
	if strings.Contains(doc[i+len(begin):], begin) {
		return "", fmt.Errorf("table %q occurs twice", name)
	}
	start := i + len(begin)
	rest := doc[start:]
	j := 0
	if !strings.HasPrefix(rest, endMarker+"\n") {
		k := strings.Index(rest, "\n"+endMarker+"\n")
		if k < 0 {
			return "", fmt.Errorf("table %q has no line %q after it", name, endMarker)
		}
		j = k + 1
	}
	if strings.Contains(rest[:j], "<!-- table:") {
		return "", fmt.Errorf("table %q is not closed before the next table", name)
	}
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	return doc[:start] + body + rest[j:], nil
}

// formatInput turns a measurement's output into the table's markdown.
func formatInput(format, input string) (string, error) {
	switch format {
	case "table":
		var b strings.Builder
		for _, l := range strings.Split(input, "\n") {
			switch {
			case strings.HasPrefix(l, "|"):
				b.WriteString(l + "\n")
			case strings.HasPrefix(l, "Geomean"):
				b.WriteString("\n" + l + "\n")
			}
		}
		if b.Len() == 0 {
			return "", errors.New("the input has no markdown table")
		}
		return b.String(), nil
	case "text":
		return "```\n" + strings.Trim(input, "\n") + "\n```\n", nil
	case "gobench":
		return goBench(input)
	case "stdlib":
		return stdlibTable(input)
	case "libs":
		return libsTable(input)
	case "verdicts":
		return verdictsTable(input)
	case "memory":
		return memoryTable(input)
	case "rate":
		return rateTable(input)
	case "strategies":
		return strategiesTable(input)
	}
	return "", fmt.Errorf("unknown format %q", format)
}

// footer says how, at which commit, on which machine and under what load
// a table was measured.
func footer(cmd, load string) string {
	commit := "unknown"
	if out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		commit = strings.TrimSpace(string(out))
		if err := exec.Command("git", "diff", "--quiet", "HEAD", "--", ".", ":!BENCHMARKS.md").Run(); err != nil {
			commit += " with uncommitted changes"
		}
	}
	var b strings.Builder
	if cmd != "" {
		fmt.Fprintf(&b, "`%s`, ", cmd)
	}
	fmt.Fprintf(&b, "at commit %s, %s, on %s", commit, time.Now().UTC().Format("2006-01-02"), machine())
	end := loadAverage()
	switch {
	case load != "" && end != "":
		fmt.Fprintf(&b, "; load average %s at the start, %s at the end", load, end)
	case end != "":
		fmt.Fprintf(&b, "; load average %s at the end", end)
	}
	b.WriteString(".")
	return b.String()
}

// machine describes the processors (Linux's /proc/cpuinfo).
func machine() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "an unknown machine"
	}
	model, n := "", 0
	for _, l := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "processor":
			n++
		case "model name":
			model = strings.TrimSpace(v)
		}
	}
	return fmt.Sprintf("%d × %s", n, model)
}

// loadAverage returns the one-minute load average, or "".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := bytes.Fields(data)
	if len(f) == 0 {
		return ""
	}
	return string(f[0])
}
