package interp

import (
	"io"
	"path"
	"testing"

	"github.com/stretchr/testify/require"
)

// modelBenchPrograms are conformance programs that spend their time in
// models: reflect (through fmt, encoding/json and reflect itself) and the
// random generators.
var modelBenchPrograms = []string{"jsonstruct", "reflectcall", "reflectchan", "reflectseq", "prettyprint", "fmtverbs", "randseeded"}

// BenchmarkModels runs each of modelBenchPrograms once per iteration
// (loading outside the timer), for same-run comparisons of the models'
// cost between two trees:
//
//	go test ./interp -run '^$' -bench BenchmarkModels -benchmem -count 5
func BenchmarkModels(b *testing.B) {
	patterns := make([]string, len(modelBenchPrograms))
	for i, name := range modelBenchPrograms {
		patterns[i] = "./" + name
	}
	prog, err := Load(Config{Dir: conformanceDir}, patterns...)
	require.NoError(b, err)
	for _, pkg := range prog.Mains() {
		name := path.Base(pkg.Pkg.Path())
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				code, err := prog.RunMain(pkg, RunOptions{Stdout: io.Discard, Stderr: io.Discard,
					Args: append([]string{name}, conformanceArgs...), Env: conformanceEnv})
				if err != nil || code != 0 {
					b.Fatalf("%s: exit %d, %v", name, code, err)
				}
			}
		})
	}
}
