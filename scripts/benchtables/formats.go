package main

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// median returns the median of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// num formats a measured value: an integer, or a number of 100 or more,
// rounded with thousands separators; another with three significant
// digits.
func num(x float64) string {
	if x == float64(int64(x)) || x >= 100 || x <= -100 {
		return thousands(int64(math.Round(x)))
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// benchLineRE matches a result line of go test -bench: name, iterations,
// then value-unit pairs.
var benchLineRE = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+(\d+)\s+(.*)$`)

// goBench turns go test -bench output into a table: a row per benchmark
// (in order of appearance), a column per metric (ns/op as seconds), each
// cell the median over the runs of that benchmark, and the number of runs.
func goBench(input string) (string, error) {
	type row struct {
		name string
		vals map[string][]float64
	}
	var rows []*row
	byName := map[string]*row{}
	var units []string
	for _, l := range strings.Split(input, "\n") {
		m := benchLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		f := strings.Fields(m[4])
		if len(f)%2 != 0 {
			continue
		}
		r := byName[m[1]]
		if r == nil {
			r = &row{name: m[1], vals: map[string][]float64{}}
			byName[m[1]] = r
			rows = append(rows, r)
		}
		for k := 0; k < len(f); k += 2 {
			v, err := strconv.ParseFloat(f[k], 64)
			if err != nil {
				continue
			}
			unit := f[k+1]
			if unit == "ns/op" {
				unit, v = "s/op", v/1e9
			}
			if !slices.Contains(units, unit) {
				units = append(units, unit)
			}
			r.vals[unit] = append(r.vals[unit], v)
		}
	}
	if len(rows) == 0 {
		return "", errors.New("no benchmark results in the input")
	}
	var b strings.Builder
	b.WriteString("| benchmark | runs |")
	for _, u := range units {
		b.WriteString(" " + u + " |")
	}
	b.WriteString("\n|---|---:|" + strings.Repeat("---:|", len(units)) + "\n")
	for _, r := range rows {
		runs := 0
		for _, v := range r.vals {
			runs = max(runs, len(v))
		}
		fmt.Fprintf(&b, "| %s | %d |", strings.TrimPrefix(r.name, "Benchmark"), runs)
		for _, u := range units {
			if v := r.vals[u]; len(v) > 0 {
				b.WriteString(" " + num(median(v)) + " |")
			} else {
				b.WriteString(" |")
			}
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// stdlibTable turns scripts/stdlib-tests.sh's columns into a markdown
// table of the packages that do not pass whole and the totals (in bold),
// and keeps its last line.
func stdlibTable(input string) (string, error) {
	var b strings.Builder
	rows := 0
	var tail []string
	for _, l := range strings.Split(input, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) >= 7 && f[0] == "package":
			b.WriteString("| package | tests | passed | failed | unsupported | skipped | seconds |\n|---|---:|---:|---:|---:|---:|---:|\n")
		case len(f) == 7 && isInt(f[1]):
			rows++
			if f[1] != f[2] { // only the packages that do not pass whole
				fmt.Fprintf(&b, "| %s |\n", strings.Join(f, " | "))
			}
		case len(f) == 6 && f[0] == "total":
			fmt.Fprintf(&b, "| **total** | **%s** | **%s** | **%s** | **%s** | **%s** | |\n", f[1], f[2], f[3], f[4], f[5])
		case strings.HasPrefix(l, "packages passing whole"):
			tail = append(tail, l)
		}
	}
	if rows == 0 {
		return "", errors.New("no package rows in the input")
	}
	for _, l := range tail {
		b.WriteString("\n" + strings.ToUpper(l[:1]) + l[1:] + ".\n")
	}
	return b.String(), nil
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// libsTable turns scripts/libs-tests.sh's output (a "# MODULE@VERSION"
// line, then stdlib-tests.sh's table of its packages) into one row per
// module.
func libsTable(input string) (string, error) {
	var b strings.Builder
	b.WriteString("| module | version | tests | passed | failed | unsupported |\n|---|---|---:|---:|---:|---:|\n")
	mod, n := "", 0
	for _, l := range strings.Split(input, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "#":
			mod = f[1]
		case len(f) == 6 && f[0] == "total" && mod != "":
			path, version, _ := strings.Cut(mod, "@")
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", path, version, f[1], f[2], f[3], f[4])
			mod = ""
			n++
		}
	}
	if n == 0 {
		return "", errors.New("no module totals in the input")
	}
	return b.String(), nil
}

// verdictKinds are the verdicts' columns, in the order of the README.
var verdictKinds = []string{"ok", "race", "region", "deadlock", "leak", "panic", "assert", "steps", "error"}

// verdictsTable counts scripts/verdicts.sh's lines ("DIR TEST VERDICT
// EXECUTIONS exhausted=BOOL") per directory (the examples as one) and
// verdict.
func verdictsTable(input string) (string, error) {
	type counts struct {
		n, exhausted, execs int
		by                  map[string]int
	}
	var dirs []string
	per := map[string]*counts{}
	total := &counts{by: map[string]int{}}
	for _, l := range strings.Split(input, "\n") {
		f := strings.Fields(l)
		if len(f) != 5 || !strings.HasPrefix(f[4], "exhausted=") || f[1] == "summary" {
			continue
		}
		dir := f[0]
		if strings.HasPrefix(strings.TrimPrefix(dir, "./"), "examples/") {
			dir = "./examples/..."
		}
		c := per[dir]
		if c == nil {
			c = &counts{by: map[string]int{}}
			per[dir] = c
			dirs = append(dirs, dir)
		}
		execs, _ := strconv.Atoi(f[3])
		for _, c := range []*counts{c, total} {
			c.n++
			c.by[f[2]]++
			c.execs += execs
			if f[4] == "exhausted=true" {
				c.exhausted++
			}
		}
	}
	if total.n == 0 {
		return "", errors.New("no verdict lines in the input")
	}
	var b strings.Builder
	b.WriteString("| directory | tests |")
	for _, k := range verdictKinds {
		b.WriteString(" " + k + " |")
	}
	b.WriteString(" exhausted | executions |\n|---|---:|" + strings.Repeat("---:|", len(verdictKinds)+2) + "\n")
	line := func(name string, c *counts) {
		fmt.Fprintf(&b, "| %s | %d |", name, c.n)
		for _, k := range verdictKinds {
			fmt.Fprintf(&b, " %d |", c.by[k])
		}
		fmt.Fprintf(&b, " %d | %s |\n", c.exhausted, thousands(int64(c.execs)))
	}
	for _, d := range dirs {
		line("`"+d+"`", per[d])
	}
	line("**total**", total)
	return b.String(), nil
}

// memoryTable turns lines "LABEL KB" into the median peak RSS per label,
// in MB, in order of appearance.
func memoryTable(input string) (string, error) {
	var labels []string
	vals := map[string][]float64{}
	for _, l := range strings.Split(input, "\n") {
		i := strings.LastIndexByte(strings.TrimSpace(l), ' ')
		if i < 0 {
			continue
		}
		l = strings.TrimSpace(l)
		kb, err := strconv.ParseFloat(l[i+1:], 64)
		if err != nil {
			continue
		}
		label := strings.TrimSpace(l[:i])
		if _, ok := vals[label]; !ok {
			labels = append(labels, label)
		}
		vals[label] = append(vals[label], kb/1000)
	}
	if len(labels) == 0 {
		return "", errors.New("no \"LABEL KB\" lines in the input")
	}
	var b strings.Builder
	b.WriteString("| run | peak RSS (median) | runs |\n|---|---:|---:|\n")
	for _, l := range labels {
		fmt.Fprintf(&b, "| %s | %.1f MB | %d |\n", l, median(vals[l]), len(vals[l]))
	}
	return b.String(), nil
}

// rateTable turns lines "LABEL EXECUTIONS DURATION" (a Go duration: one
// exploration's result line) into executions per second per label: the
// median duration over the runs.
func rateTable(input string) (string, error) {
	var labels []string
	execs := map[string]int{}
	secs := map[string][]float64{}
	for _, l := range strings.Split(input, "\n") {
		f := strings.Fields(l)
		if len(f) < 3 {
			continue
		}
		n, err1 := strconv.Atoi(f[len(f)-2])
		d, err2 := time.ParseDuration(f[len(f)-1])
		if err1 != nil || err2 != nil || d <= 0 {
			continue
		}
		label := strings.Join(f[:len(f)-2], " ")
		if _, ok := secs[label]; !ok {
			labels = append(labels, label)
		}
		execs[label] = n
		secs[label] = append(secs[label], d.Seconds())
	}
	if len(labels) == 0 {
		return "", errors.New("no \"LABEL EXECUTIONS DURATION\" lines in the input")
	}
	var b strings.Builder
	b.WriteString("| run | executions | time (median) | executions/s | runs |\n|---|---:|---:|---:|---:|\n")
	for _, l := range labels {
		m := median(secs[l])
		fmt.Fprintf(&b, "| %s | %s | %s s | %s | %d |\n", l, thousands(int64(execs[l])), num(m), num(float64(execs[l])/m), len(secs[l]))
	}
	return b.String(), nil
}

// strategiesTable turns tab-separated lines "TEST STRATEGY VERDICT
// EXECUTIONS STATES EXHAUSTED" (vt test -json's fields; STATES may be
// empty) into a row per test and a column per strategy, in order of
// appearance: "ok, 4 executions, exhausted", with the states stored when
// there are any.
func strategiesTable(input string) (string, error) {
	var tests, strategies []string
	cells := map[[2]string]string{}
	for _, l := range strings.Split(input, "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 6 {
			continue
		}
		test, strategy, verdict := f[0], f[1], f[2]
		execs, err := strconv.Atoi(f[3])
		if err != nil {
			continue
		}
		if !slices.Contains(tests, test) {
			tests = append(tests, test)
		}
		if !slices.Contains(strategies, strategy) {
			strategies = append(strategies, strategy)
		}
		cell := verdict + ", " + count(execs, "execution")
		if st, err := strconv.Atoi(f[4]); err == nil {
			cell += ", " + count(st, "state")
		}
		if f[5] == "true" {
			cell += ", exhausted"
		}
		cells[[2]string{test, strategy}] = cell
	}
	if len(tests) == 0 {
		return "", errors.New("no \"TEST\\tSTRATEGY\\tVERDICT\\tEXECUTIONS\\tSTATES\\tEXHAUSTED\" lines in the input")
	}
	var b strings.Builder
	b.WriteString("| test |")
	for _, s := range strategies {
		b.WriteString(" " + s + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(strategies)) + "\n")
	for _, t := range tests {
		b.WriteString("| " + t + " |")
		for _, s := range strategies {
			b.WriteString(" " + cells[[2]string{t, s}] + " |")
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// count writes n and the noun, plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(int64(n)) + " " + noun + "s"
}
