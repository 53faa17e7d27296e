package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/vtcheck/vt/internal/explore"
	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/rewrite"
)

// maxAnnotateRounds bounds vt annotate's loop of check and rewrite.
const maxAnnotateRounds = 4

// annotateCmd is vt annotate [-n] [flags] DIR: the gradual-permission
// paper's Algorithm 2, automated. It model-checks main of the package in
// DIR, inserts the narrowest permission regions around every access of its
// sharing report (package rewrite), and checks again, until the report is
// empty; then it prints the verdict.
func annotateCmd(args []string, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("vt annotate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dry := fs.Bool("n", false, "print the changes as a diff instead of writing them (one round)")
	settings := optionFlags(fs, nil)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: vt annotate [-n] [flags] DIR

Insert permission regions into the main package in DIR where vt's sharing
report finds data shared between goroutines outside any region or isolated
section: around each such access, the narrowest region (vt.AcquireWAt(s, i)
for an element of a slice, vt.AcquireR(&x) for a variable, ...), then check
again, until the report is empty. The files are rewritten in place,
gofmt'ed; a second run changes nothing. The regions change nothing the
program does natively; where the shared data really conflicts, they turn the
bug into verdict region. Exit status: 0 the program checks ok with an empty
sharing report, 1 a failure or accesses left unannotated, 2 a usage or tool
error.

Flags:
`)
		printFlags(stderr, fs)
	}
	if ok, code := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	dir := fs.Arg(0)
	o, err := explore.ParseOptions(settings())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	o.Sharing = true
	o.Corpus = "off"
	for round := 1; ; round++ {
		res, err := checkForSharing(dir, o)
		if err != nil {
			fmt.Fprintf(stderr, "vt annotate: %v\n", err)
			return 2
		}
		accs, err := sharedAccesses(res.Sharing)
		if err != nil {
			fmt.Fprintf(stderr, "vt annotate: %v\n", err)
			return 2
		}
		if len(accs) == 0 || round > maxAnnotateRounds {
			return annotateVerdict(stdout, res, dir)
		}
		changes, skips, err := rewrite.Regions(dir, accs)
		if err != nil {
			fmt.Fprintf(stderr, "vt annotate: %v\n", err)
			return 2
		}
		for _, s := range skips {
			fmt.Fprintf(stdout, "vt annotate: left %s:%d:%d alone: %s\n", relTo(dir, s.Access.File), s.Access.Line, s.Access.Col, s.Why)
		}
		files := make([]string, 0, len(changes))
		for f := range changes {
			files = append(files, f)
		}
		sort.Strings(files)
		if *dry {
			for _, f := range files {
				old, err := os.ReadFile(f)
				if err != nil {
					fmt.Fprintf(stderr, "vt annotate: %v\n", err)
					return 2
				}
				fmt.Fprint(stdout, rewrite.Diff(relTo(dir, f), old, changes[f]))
			}
			return 0
		}
		if len(files) == 0 {
			return annotateVerdict(stdout, res, dir) // nothing more it can do
		}
		for _, f := range files {
			if err := os.WriteFile(f, changes[f], 0o644); err != nil {
				fmt.Fprintf(stderr, "vt annotate: %v\n", err)
				return 2
			}
			fmt.Fprintf(stdout, "vt annotate: round %d: regions inserted in %s\n", round, relTo(dir, f))
		}
	}
}

// annotateLoads counts vt annotate's loads in this process.
var annotateLoads atomic.Int64

// checkForSharing model-checks main of the package in dir with the
// sharing report on. Each check loads the package again: interp.Load
// caches a configuration's load for the process, and the files changed
// (a variable of the environment numbers the loads).
func checkForSharing(dir string, o explore.Options) (*explore.Result, error) {
	env := append(os.Environ(), "VT_ANNOTATE_LOAD="+strconv.FormatInt(annotateLoads.Add(1), 10))
	prog, err := interp.Load(interp.Config{Dir: dir, Env: env, BuildFlags: []string{"-tags=" + explore.BuildTag}}, ".")
	if err != nil {
		return nil, err
	}
	mains := prog.Mains()
	if len(mains) != 1 {
		return nil, fmt.Errorf("%s is not a main package", dir)
	}
	pkg := mains[0]
	return explore.Explore(explore.Target{Prog: prog, Pkg: pkg, Root: -1, Name: "main"}, o, nil)
}

// annotateVerdict prints the verdict of the last check and its sharing
// report, and returns the exit code.
func annotateVerdict(stdout io.Writer, res *explore.Result, dir string) int {
	fmt.Fprintf(stdout, "vt annotate: %s: verdict %s (%s)\n", dir, res.Verdict, summary(res))
	if res.Failure != nil && res.Verdict != "ok" {
		fmt.Fprint(stdout, explore.FormatReport(res, "main", "vt check "+dir))
	}
	fmt.Fprint(stdout, explore.FormatSharing(res.Sharing))
	if res.Verdict != "ok" || len(res.Sharing) > 0 {
		return 1
	}
	fmt.Fprintln(stdout, "vt annotate: every shared access is in a region")
	return 0
}

// sharedAccesses converts a sharing report to rewrite's accesses.
func sharedAccesses(locs []explore.SharedLocation) ([]rewrite.Access, error) {
	var out []rewrite.Access
	for _, l := range locs {
		for _, a := range l.Accesses {
			file, line, col, err := splitPos(a.Pos)
			if err != nil {
				return nil, err
			}
			out = append(out, rewrite.Access{File: file, Line: line, Col: col, Write: a.Kind == "write"})
		}
	}
	return out, nil
}

// splitPos splits "file:line:col".
func splitPos(pos string) (file string, line, col int, err error) {
	i := strings.LastIndexByte(pos, ':')
	j := -1
	if i > 0 {
		j = strings.LastIndexByte(pos[:i], ':')
	}
	if j <= 0 {
		return "", 0, 0, fmt.Errorf("bad position %q", pos)
	}
	line, err1 := strconv.Atoi(pos[j+1 : i])
	col, err2 := strconv.Atoi(pos[i+1:])
	if err1 != nil || err2 != nil {
		return "", 0, 0, fmt.Errorf("bad position %q", pos)
	}
	return pos[:j], line, col, nil
}

// relTo writes file relative to dir when it is inside it.
func relTo(dir, file string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return file
	}
	if r, err := filepath.Rel(abs, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}
