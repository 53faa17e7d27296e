package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	modelapi "github.com/vtcheck/vt/interp/model"
)

// apiRunProgram calls functions that the test models through the API.
const apiRunProgram = `package main

import "fmt"

func double(x int) int { return x * 2 }

func viaCall(x int) int { panic("its model calls add3 instead") }

func add3(x int) int { return x + 3 }

func die(msg string) {}

func main() {
	defer fmt.Println("deferred: not run after a fatal error")
	fmt.Println(double(5), viaCall(1))
	die("boom")
	fmt.Println("not reached")
}
`

// A control model runs its function's body or calls another function
// and makes the call's result of theirs (Next.Then), or ends the
// program with a fatal error (Next.Fatal), as the runtime's throw does.
func TestModelControlNext(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module apirun\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(apiRunProgram), 0o666))
	fs := map[string]modelapi.Func{
		"apirun.double": {Why: "test", Control: func(modelapi.Machine, []modelapi.Value) modelapi.Next {
			return modelapi.Next{Body: true, Then: func(_ modelapi.Machine, res modelapi.Value) modelapi.Value {
				return modelapi.MakeInt(res.Int() + 1)
			}}
		}},
		"apirun.viaCall": {Why: "test", Control: func(m modelapi.Machine, args []modelapi.Value) modelapi.Next {
			return modelapi.Next{Call: m.Func("apirun.add3"), Args: args, Then: func(_ modelapi.Machine, res modelapi.Value) modelapi.Value {
				return modelapi.MakeInt(res.Int() * 10)
			}}
		}},
		"apirun.die": {Why: "test", Control: func(m modelapi.Machine, args []modelapi.Value) modelapi.Next {
			return modelapi.Next{Fatal: m.String(args[0])}
		}},
	}
	withTestModels(t, fs)

	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], RunOptions{Stdout: &out, Stderr: &stderr})
	require.NoError(t, err)
	assert.Equal(t, "11 40\n", out.String(), "double's body, then +1; add3 called for viaCall, then ×10")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr.String(), "fatal error: boom\n")
	assert.Contains(t, stderr.String(), "main.go:16 ", "the traceback shows the call of the model (a model has no frame)")
	assert.NotContains(t, out.String()+stderr.String(), "deferred")
}

// withTestModels registers fs as models of the machine for the rest of
// the test.
func withTestModels(t *testing.T, fs map[string]modelapi.Func) {
	for name, f := range fs {
		models[name] = apiModel(name, f)
	}
	t.Cleanup(func() {
		for name := range fs {
			delete(models, name)
		}
	})
}
